/** Reading finished or running runs back: the list of runs in a folder, and one run's manifest and counts. */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from './evaluate.js';
import { readManifest } from './meta-records.js';
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
  /** Per model and kind, answers the reader did not read whole (only rows with some). */
  readings: ReadingCount[];
  /** Why a damaged run could not be read. */
  problem?: string;
  /** The run's case files now: still the ones it read, changed, or gone (empty without a manifest). */
  caseFiles: CaseFileState[];
  /** Answers set aside because their record was removed or edited after they were asked (not in `counts`). */
  orphans: OrphanRow[];
}

/** How a model's answers of one kind were read (tasks/reading.ts). */
export interface ReadingCount {
  model: string;
  kind: string;
  /** Answered jobs. */
  done: number;
  /** Cut off by the token limit (finish reason `length`), whether read as far as they got or not at all. */
  truncated: number;
  refusal: number;
  unread: number;
  ambiguous: number;
  partial: number;
}

/** The reading counts of a store: rows of (model, kind) with at least one answer not read whole. */
export function readingCounts(store: RunStore): ReadingCount[] {
  const rows = new Map<string, ReadingCount>();
  for (const r of store.readingCounts()) {
    const k = `${r.model}\u0000${r.kind}`;
    let c = rows.get(k);
    if (!c) rows.set(k, (c = { model: r.model, kind: r.kind, done: 0, truncated: 0, refusal: 0, unread: 0, ambiguous: 0, partial: 0 }));
    c.done += r.n;
    if (r.cut === 1 || r.reading === 'truncated') c.truncated += r.n;
    if (r.reading === 'refusal' || r.reading === 'unread' || r.reading === 'ambiguous' || r.reading === 'partial') c[r.reading] += r.n;
  }
  return [...rows.values()].filter((c) => c.truncated + c.refusal + c.unread + c.ambiguous + c.partial > 0);
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
    const manifest = readManifest(store, dir);
    return { dir, ...(manifest ? { manifest } : {}), counts, totals, status, errorsByKind, caseFiles: caseFileStates(manifest), orphans: store.ledger.orphans(), readings: readingCounts(store) };
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
    return { dir, counts: [], totals: { ...NO_TOTALS }, status: 'damaged', errorsByKind: [], problem: err.message, caseFiles: [], orphans: [], readings: [] };
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
