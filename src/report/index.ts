/**
 * Reports: run directories → view model → terminal table, self-contained HTML page, JSON/CSV exports, local
 * viewer. `writeReport` is what `clinicallab run` calls at the end of every run.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
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

/** Write a file through a temporary name and a rename, so a reader never sees half of it. */
export function writeFileAtomic(file: string, text: string): number {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text, 'utf8');
  renameSync(tmp, file);
  return Buffer.byteLength(text, 'utf8');
}

/** Build the report of one or more run directories and write it as one self-contained HTML file. */
export async function writeReport(runDirs: string[], outFile: string, opts: WriteReportOptions = {}): Promise<WrittenReport> {
  const viewModel = await buildViewModel(runDirs, opts);
  const file = resolve(outFile);
  const bytes = writeFileAtomic(file, renderHtml(viewModel, opts.title !== undefined ? { title: opts.title } : {}));
  return { file, bytes, viewModel };
}
