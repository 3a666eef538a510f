/**
 * Every "—" of a leaderboard row explained, and every count said where it differs by task. A task column is
 * empty when its records have no gold answer for it, when its answers all ended in error or are still pending,
 * or when it was not asked; a derived column is empty when a column it is built from is. Where the average and
 * the weighted average cannot be computed, the mean of the task columns that were scored is offered, named as
 * such: it covers other tasks than a full average and is never ranked with one.
 */
import { AVERAGED_COLUMNS, COLUMNS, meanOfScoredColumns, type Column } from '../metrics/clinical.js';
import type { SharedRecords } from '../metrics/shared.js';
import { GENERATION_LABEL, tasksOfColumn } from '../tasks/registry/index.js';
import type { LeaderboardRow } from './leaderboard-table.js';

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** What Avg and the weighted average need, in words: `all nine task columns` (the protocol's: AVERAGED_COLUMNS). */
export const ALL_TASK_COLUMNS = `all ${WORDS[AVERAGED_COLUMNS.length] ?? String(AVERAGED_COLUMNS.length)} task columns`;

/** The task ids a column's skips, errors and pending answers are counted under. */
const COUNTED_AS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(COLUMNS.map((c) => [c, tasksOfColumn(c).map((t) => t.id)]));

/** Labels of the kinds of generation, as errors and pending answers are counted (with a judge's errors on FD). */
const GENERATION_OF: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  COLUMNS.map((c) => {
    const tasks = tasksOfColumn(c);
    const judged = tasks.filter((t) => t.scoring === 'diagnosis-name').map((t) => `${t.id} (judge)`);
    return [c, [...new Set(tasks.map((t) => GENERATION_LABEL[t.generation.kind]!)), ...judged]];
  }),
);

const NEEDS: Record<'CDA' | 'Acceptability', readonly Column[]> = {
  CDA: ['Acc', 'FD'],
  Acceptability: ['Acc', 'FD', 'DB', 'DD', 'PT', 'TP', 'ID'],
};
const SHOWN: Record<string, string> = { Acceptability: 'Accept.', WeightedAvg: 'WAvg' };

const count = (m: Record<string, number> | undefined, keys: readonly string[]): number => keys.reduce((n, k) => n + (m?.[k] ?? 0), 0);
const listOf = (xs: readonly string[]): string => xs.join(', ');

/** Why this column of the row has no value, or undefined when it has one. */
function taskReason(row: LeaderboardRow, c: Column): string | undefined {
  if (row.leaderboard[c].value !== null) return undefined;
  if (count(row.skipped, COUNTED_AS[c] ?? []) > 0) return 'no gold answer for this task in these records, so nothing to score against';
  if (count(row.errors, GENERATION_OF[c] ?? []) > 0) return 'every answer ended in error';
  if (count(row.pending, GENERATION_OF[c] ?? []) > 0) return 'answers still pending';
  return 'not asked in this run';
}

/**
 * Reasons for the dashes of one row, grouped: `Acc, PD: no gold answer in these records`. A row read from a
 * report's view model carries its reasons (`missing`, from the records and jobs behind it: gaps.ts); a row
 * scored just now is explained from its counts.
 */
export function dashReasons(row: LeaderboardRow, models: number): string[] {
  const byReason = new Map<string, string[]>();
  const add = (reason: string, col: string): void => {
    byReason.set(reason, [...(byReason.get(reason) ?? []), SHOWN[col] ?? col]);
  };
  if (row.missing) {
    for (const [col, reason] of Object.entries(row.missing)) if (reason) add(reason, col);
    return [...byReason].map(([reason, cols]) => `${listOf(cols)}: ${reason}`);
  }
  const missing: Column[] = [];
  for (const c of COLUMNS) {
    const why = taskReason(row, c);
    if (why) {
      add(why, c);
      missing.push(c);
    }
  }
  for (const d of ['CDA', 'Acceptability', 'Avg', 'WeightedAvg'] as const) {
    if (row.leaderboard[d].value !== null) continue;
    const lacking = d === 'CDA' || d === 'Acceptability' ? NEEDS[d].filter((c) => missing.includes(c)) : missing;
    // the words of the report's reasons (gaps.ts), so both read alike
    if (d === 'CDA') add(lacking.length > 0 ? `needs Acc and FD; no value for ${lacking.join(' or ')}` : 'no record has both Acc and FD scored', d);
    else if (d === 'Acceptability') add(`needs CDA and the five text scores (DB, DD, PT, TP, ID); no value for ${listOf(['CDA', ...lacking.filter((c) => c !== 'Acc' && c !== 'FD')])}`, d);
    else add(`needs ${ALL_TASK_COLUMNS}; no value for ${listOf(missing.filter((c) => AVERAGED_COLUMNS.includes(c)))}`, d);
  }
  if (models === 1 && row.dwr === undefined) add('needs at least two models: it compares them department by department', 'DWR');
  return [...byReason].map(([reason, cols]) => `${listOf(cols)}: ${reason}`);
}

/**
 * Lines under the table: per row, why its dashes are there, and — when Avg cannot be computed — the mean of its
 * scored task columns with their names. Nothing for a row without dashes.
 */
export function dashLines(rows: readonly LeaderboardRow[]): string[] {
  const out: string[] = [];
  for (const r of rows) {
    const reasons = dashReasons(r, rows.length);
    if (reasons.length === 0) continue;
    const line = [`— ${r.model}: ${reasons.join('; ')}.`];
    if (r.leaderboard.Avg.value === null) {
      const partial = meanOfScoredColumns(Object.fromEntries(COLUMNS.map((c) => [c, r.leaderboard[c].value])));
      if (partial.value !== null) line.push(`Mean of the scored tasks (${listOf(partial.columns)}): ${partial.value.toFixed(2)} — a partial figure, not comparable with Avg and never ranked with it.`);
    }
    out.push(line.join(' '));
  }
  return out;
}

/**
 * `8 records scored` — or, where the tasks were scored on different numbers of records, the count per column:
 * `74 records scored (Acc 35, DIFR 35, PD 74, FD 74, ID 12)`.
 */
export function recordsLine(row: LeaderboardRow): string {
  const n = Object.fromEntries(COLUMNS.map((c) => [c, row.leaderboard[c].n])) as Record<Column, number>;
  const records = row.records ?? Math.max(0, ...COLUMNS.map((c) => n[c]));
  const scored = COLUMNS.filter((c) => n[c] > 0);
  const differ = scored.some((c) => n[c] !== records);
  return `${records} records scored${differ ? ` (${scored.map((c) => `${c} ${n[c]}`).join(', ')})` : ''}`;
}

/**
 * What a side-by-side comparison is taken on when the models' records differ: `These 2 models share 6 of their
 * records (a 12, b 6): …`; undefined when every model has the same records.
 */
export function sharedNote(s: SharedRecords): string | undefined {
  const models = Object.keys(s.perModel);
  if (s.same || models.length < 2) return undefined;
  const each = models.map((m) => `${m} ${s.perModel[m]}`).join(', ');
  if (s.shared === 0) return `These ${models.length} models share no records (${each}): DWR, paired tests and the best-value marks are not computed; each row stands on its own records.`;
  return `These ${models.length} models share ${s.shared} of their records (${each}): DWR, paired tests and the best-value marks compare them on those ${s.shared} records only.`;
}
