/** Reading finished or running runs back: the list of runs in a folder, and one run's manifest and counts. */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from './evaluate.js';
import { StoreError } from './store-errors.js';
import { RunStore, STORE_FILE, type OrphanRow, type StatusCount } from './store.js';

/** A case file of a run as it is on disk now, against the SHA-256 the run recorded. */
export interface CaseFileState {
  file: string;
  state: 'same' | 'changed' | 'missing';
}

export interface RunInfo {
  dir: string;
  manifest?: Manifest;
  counts: StatusCount[];
  /** `stale`: running jobs whose worker is gone or whose lease ran out (the next run takes them back). */
  totals: { done: number; error: number; pending: number; running: number; stale: number; all: number; inputTokens: number; outputTokens: number; cost: number; unpricedDone: number };
  /**
   * complete: every job done; errors: some ended in error; incomplete: some still pending or running; damaged:
   * the store could not be read (only in listings, with `problem` saying why and what to do).
   */
  status: 'complete' | 'errors' | 'incomplete' | 'empty' | 'damaged';
  errorsByKind: { kind: string; n: number; example: string }[];
  /** Why a damaged run could not be read. */
  problem?: string;
  /** The run's case files now: still the ones it read, changed, or gone (empty without a manifest). */
  caseFiles: CaseFileState[];
  /** Answers set aside because their record was removed or edited after they were asked (not in `counts`). */
  orphans: OrphanRow[];
}

const NO_TOTALS: RunInfo['totals'] = { done: 0, error: 0, pending: 0, running: 0, stale: 0, all: 0, inputTokens: 0, outputTokens: 0, cost: 0, unpricedDone: 0 };

export function isRunDir(dir: string): boolean {
  return existsSync(join(dir, STORE_FILE));
}

/** Compare each case file the manifest names with the file on disk now. */
export function caseFileStates(manifest: Manifest | undefined): CaseFileState[] {
  return (manifest?.cases ?? []).map((c) => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(c.file);
    } catch {
      return { file: c.file, state: 'missing' };
    }
    return { file: c.file, state: createHash('sha256').update(bytes).digest('hex') === c.sha256 ? 'same' : 'changed' };
  });
}

/** Whether some case file of the run no longer matches what it read. */
export function casesChanged(info: Pick<RunInfo, 'caseFiles'>): boolean {
  return info.caseFiles.some((f) => f.state !== 'same');
}

export function describeRun(dir: string): RunInfo {
  if (!isRunDir(dir)) throw new Error(`${dir} is not a run directory (no ${STORE_FILE} in it)`);
  const store = RunStore.open(dir, { readonly: true });
  try {
    const counts = store.counts();
    const sum = (s: string): number => counts.filter((c) => c.status === s).reduce((n, c) => n + c.n, 0);
    const t = store.totals();
    const running = sum('running');
    const totals = { done: sum('done'), error: sum('error'), pending: sum('pending'), running, stale: running > 0 ? store.staleCount() : 0, all: counts.reduce((n, c) => n + c.n, 0), ...t };
    const errorsByKind = store.errorSummary();
    const status: RunInfo['status'] = totals.all === 0 ? 'empty' : totals.pending + totals.running > 0 ? 'incomplete' : totals.error > 0 ? 'errors' : 'complete';
    const manifest = store.getManifest<Manifest>();
    return { dir, ...(manifest ? { manifest } : {}), counts, totals, status, errorsByKind, caseFiles: caseFileStates(manifest), orphans: store.ledger.orphans() };
  } finally {
    store.close();
  }
}

/** A run for a listing: described, or — when its store cannot be read — marked damaged with the reason. */
function describeForList(dir: string): RunInfo {
  try {
    return describeRun(dir);
  } catch (err) {
    if (!(err instanceof StoreError)) throw err;
    return { dir, counts: [], totals: { ...NO_TOTALS }, status: 'damaged', errorsByKind: [], problem: err.message, caseFiles: [], orphans: [] };
  }
}

/** Run directories directly under `root`, newest first (damaged ones last). One damaged store hides no other run. */
export function listRuns(root: string): RunInfo[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .map((name) => join(root, name))
    .filter((p) => statSync(p).isDirectory() && isRunDir(p))
    .map(describeForList)
    .sort((a, b) => (b.manifest?.createdAt ?? '').localeCompare(a.manifest?.createdAt ?? ''));
}
