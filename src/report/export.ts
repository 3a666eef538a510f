/**
 * Exports of the report's tables as JSON or CSV. Which tables there are is the panels' to say (panels.ts: each
 * panel names the tables it exports, with how to make them); the leaderboard, department and case tables are
 * made in score-tables.ts, the others in tables.ts. CSV follows RFC 4180 (score-tables.ts: `csvField`).
 */
import { PANEL_TABLES, type ExportTable } from './panels.js';
import type { ReportViewModel } from './types.js';

export { caseRecords, csvField, departmentRecords, leaderboardRecords, toCsv, type LeaderboardRecord } from './score-tables.js';
export type { ExportTable } from './panels.js';

export type ExportFormat = 'json' | 'csv';

/** The names `report --table` takes (and the viewer serves as /<name>.csv and /<name>.json), in the panels' order. */
export const EXPORT_TABLES: readonly ExportTable[] = [...PANEL_TABLES.keys()];

/** Whether a name is one of the tables the panels export. */
export const isExportTable = (name: string): name is ExportTable => PANEL_TABLES.has(name as ExportTable);

/** One table in one format (a table the report does not have, such as `agents` without agents, has no rows). JSON carries the text-score label beside the rows, so it is never lost. */
export function exportTable(vm: ReportViewModel, table: ExportTable, format: ExportFormat): string {
  const t = PANEL_TABLES.get(table);
  if (!t) throw new Error(`no table ${String(table)}: the report exports ${EXPORT_TABLES.join(', ')}`);
  if (format === 'csv') return t.csv(vm);
  return `${JSON.stringify({ table, textComponents: vm.textComponents, textLabel: vm.textLabel, textProfile: vm.textProfile, textProfileLabel: vm.textProfileLabel, runs: vm.runs.map((r) => r.name), rows: t.records(vm) }, null, 2)}\n`;
}
