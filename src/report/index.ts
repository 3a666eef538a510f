/**
 * Reports: run directories → view model → terminal table, self-contained HTML page, JSON/CSV exports, local
 * viewer. `writeReport` is what `clinicallab run` calls at the end of every run.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { processAlive } from '../run/workers.js';
import { renderHtml } from './html.js';
import type { ReportViewModel } from './types.js';
import { buildViewModel, type ViewModelOptions } from './view-model.js';

export { buildViewModel, TEXT_LABELS, type ViewModelOptions } from './view-model.js';
export { renderHtml, renderHtmlWithPolicy, contentSecurityPolicy, escapeHtml, scriptJson } from './html.js';
export { exportTable, caseRecords, leaderboardRecords, departmentRecords, toCsv, csvField, EXPORT_TABLES, type ExportFormat, type ExportTable } from './export.js';
export { loadReference, referenceRows, REFERENCE_NOTE, type ReferenceData, type ReferenceRow } from './reference.js';
export { leaderboardTable, type LeaderboardRow } from './leaderboard-table.js';
export { startViewer, runDirsUnder, DEFAULT_VIEWER_PORT, type Viewer, type ViewerOptions } from './viewer.js';
export type * from './types.js';

export interface WriteReportOptions extends ViewModelOptions {
  title?: string;
}

export interface WrittenReport {
  file: string;
  bytes: number;
  viewModel: ReportViewModel;
}

export interface AtomicWriteOptions {
  /** How the temporary file is written (a test's failing disk); default `writeFileSync`. */
  write?: (file: string, text: string) => void;
}

/** What an error of the file system means for a file being written, in plain words. */
const WRITE_FAILURES: Record<string, string> = {
  ENOSPC: 'the disk is full — free space and run the command again',
  EDQUOT: 'the disk quota is used up — free space and run the command again',
  EROFS: 'the file system is read-only — write it somewhere else',
  EACCES: 'no permission to write there — write it somewhere else',
  EPERM: 'no permission to write there — write it somewhere else',
  EIO: 'the disk could not be written — check it, then run the command again',
};

/**
 * Remove what an earlier write of `file` left behind when its process was killed mid-write: `<file>.<pid>.tmp`
 * of a process that is gone (a temporary of a process still writing is left to it).
 */
export function removeStaleTemporaries(file: string): void {
  const prefix = `${basename(file)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = name.startsWith(prefix) && name.endsWith('.tmp') ? name.slice(prefix.length, -'.tmp'.length) : '';
    if (!/^\d+$/.test(pid) || (Number(pid) !== process.pid && processAlive(Number(pid)))) continue;
    rmSync(join(dirname(file), name), { force: true });
  }
}

/**
 * Write a file through a temporary name and a rename, so a reader never sees half of it. On failure the
 * temporary file is removed (a full disk is not kept full) and the error names the file and what to do;
 * temporaries of earlier writes killed mid-way are cleaned first.
 */
export function writeFileAtomic(file: string, text: string, opts: AtomicWriteOptions = {}): number {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    removeStaleTemporaries(file);
    (opts.write ?? ((f: string, t: string) => writeFileSync(f, t, 'utf8')))(tmp, text);
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    const code = (err as NodeJS.ErrnoException).code ?? '';
    const meaning = WRITE_FAILURES[code] ?? (err as Error).message;
    throw new Error(`cannot write ${file}: ${meaning}${code ? ` (${code})` : ''}; nothing was written there`, { cause: err });
  }
  return Buffer.byteLength(text, 'utf8');
}

/** Build the report of one or more run directories and write it as one self-contained HTML file. */
export async function writeReport(runDirs: string[], outFile: string, opts: WriteReportOptions = {}): Promise<WrittenReport> {
  const viewModel = await buildViewModel(runDirs, opts);
  const file = resolve(outFile);
  const bytes = writeFileAtomic(file, renderHtml(viewModel, opts.title !== undefined ? { title: opts.title } : {}));
  return { file, bytes, viewModel };
}
