/** Reading finished or running runs back: the list of runs in a folder, and one run's manifest and counts. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from './evaluate.js';
import { RunStore, STORE_FILE, type StatusCount } from './store.js';

export interface RunInfo {
  dir: string;
  manifest?: Manifest;
  counts: StatusCount[];
  totals: { done: number; error: number; pending: number; running: number; all: number; inputTokens: number; outputTokens: number; cost: number; unpricedDone: number };
  /** complete: every job done; errors: some ended in error; incomplete: some still pending or running. */
  status: 'complete' | 'errors' | 'incomplete' | 'empty';
  errorsByKind: { kind: string; n: number; example: string }[];
}

export function isRunDir(dir: string): boolean {
  return existsSync(join(dir, STORE_FILE));
}

export function describeRun(dir: string): RunInfo {
  if (!isRunDir(dir)) throw new Error(`${dir} is not a run directory (no ${STORE_FILE} in it)`);
  const store = RunStore.open(dir);
  try {
    const counts = store.counts();
    const sum = (s: string): number => counts.filter((c) => c.status === s).reduce((n, c) => n + c.n, 0);
    const t = store.totals();
    const totals = { done: sum('done'), error: sum('error'), pending: sum('pending'), running: sum('running'), all: counts.reduce((n, c) => n + c.n, 0), ...t };
    const errorsByKind = store.errorSummary();
    const status: RunInfo['status'] = totals.all === 0 ? 'empty' : totals.pending + totals.running > 0 ? 'incomplete' : totals.error > 0 ? 'errors' : 'complete';
    const manifest = store.getManifest<Manifest>();
    return { dir, ...(manifest ? { manifest } : {}), counts, totals, status, errorsByKind };
  } finally {
    store.close();
  }
}

/** Run directories directly under `root`, newest first. */
export function listRuns(root: string): RunInfo[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .map((name) => join(root, name))
    .filter((p) => statSync(p).isDirectory() && isRunDir(p))
    .map(describeRun)
    .sort((a, b) => (b.manifest?.createdAt ?? '').localeCompare(a.manifest?.createdAt ?? ''));
}
