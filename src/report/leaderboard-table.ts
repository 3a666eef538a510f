/**
 * The leaderboard as a terminal table, in the paper's column layout: Acc, DIFR, PD, DB, DD, FD, PT, TP, ID |
 * DWR, CDA, Acceptability, Avg (and the weighted average used for per-department ranking). Text columns scored
 * without BERTScore are marked, never passed off as full scores; counts of errors and skips sit under the table.
 * The best value of each column carries a ▲ (so it survives piping into a file or a pager) and is bold on a
 * terminal; the `*` stays the mark of text columns scored without BERTScore.
 */
import { COLUMNS, type Leaderboard } from '../metrics/clinical.js';
import type { Interval } from '../metrics/compare.js';

export interface LeaderboardRow {
  model: string;
  leaderboard: Leaderboard;
  dwr?: number;
  ci?: Record<keyof Leaderboard, Interval>;
  errors: Record<string, number>;
  pending: Record<string, number>;
  skipped: Record<string, number>;
  unreadable?: Record<string, number>;
}

export interface TableStyle {
  bold: (s: string) => string;
  dim: (s: string) => string;
}

const TEXT = new Set(['DB', 'DD', 'PT', 'TP', 'ID']);
const DERIVED = ['DWR', 'CDA', 'Acceptability', 'Avg', 'WeightedAvg'] as const;

/** The mark of the best value of a column (with several rows). */
export const BEST_MARK = '▲';
export const BEST_LEGEND = `${BEST_MARK} best value of the column`;

const fmt = (v: number | null | undefined): string => (v === null || v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(2));

function value(row: LeaderboardRow, col: string): number | null {
  if (col === 'DWR') return row.dwr ?? null;
  return row.leaderboard[col as keyof Leaderboard].value;
}

/** Render rows as aligned text; the best value of each column is marked ▲ (and shown bold). */
export function leaderboardTable(rows: readonly LeaderboardRow[], opts: { lexicalOnly: boolean; style: TableStyle; widthOf: (s: string) => number; firstColumn?: string }): string {
  const cols = [...COLUMNS, ...DERIVED] as string[];
  // with several rows every value cell keeps one column for the mark, so the numbers stay aligned
  const mark = (on: boolean): string => (rows.length < 2 ? '' : on ? BEST_MARK : ' ');
  const head = [opts.firstColumn ?? 'Model', ...cols.map((c) => (opts.lexicalOnly && TEXT.has(c) ? `${c}*` : c === 'Acceptability' ? 'Accept.' : c === 'WeightedAvg' ? 'WAvg' : c) + mark(false))];
  const best = Object.fromEntries(cols.map((c) => [c, Math.max(...rows.map((r) => value(r, c) ?? -Infinity))]));
  const isBest = (r: LeaderboardRow, c: string): boolean => rows.length > 1 && value(r, c) !== null && value(r, c) === best[c];
  const body = rows.map((r) => [r.model, ...cols.map((c) => fmt(value(r, c)) + mark(isBest(r, c)))]);
  const ciRows = rows.map((r) =>
    r.ci
      ? [
          '  95% CI',
          ...cols.map((c) => {
            const iv = c === 'DWR' ? null : r.ci![c as keyof Leaderboard];
            return iv ? `${iv.low.toFixed(1)}–${iv.high.toFixed(1)}${mark(false)}` : '';
          }),
        ]
      : undefined,
  );
  const all = [head, ...body, ...ciRows.filter((x): x is string[] => x !== undefined)];
  const widths = head.map((_, i) => Math.max(...all.map((cells) => opts.widthOf(cells[i] ?? ''))));
  const pad = (s: string, i: number): string => (i === 0 ? s + ' '.repeat(widths[i]! - opts.widthOf(s)) : ' '.repeat(widths[i]! - opts.widthOf(s)) + s);
  const sepAfter = COLUMNS.length; // a bar between the task columns and ClinicalMetrics
  const line = (cells: string[], styleCell: (s: string, i: number) => string = (s) => s): string =>
    cells.map((c, i) => styleCell(pad(c, i), i) + (i === sepAfter ? ' │' : '')).join('  ');
  const out = [line(head), widths.map((w, i) => '─'.repeat(w) + (i === sepAfter ? '─┼' : '')).join('──')];
  rows.forEach((r, ri) => {
    out.push(line(body[ri]!, (s, i) => (i > 0 && isBest(r, cols[i - 1]!) ? opts.style.bold(s) : s)));
    const ci = ciRows[ri];
    if (ci) out.push(opts.style.dim(line(ci)));
  });
  for (const r of rows) {
    const n = r.leaderboard.Acc.n || r.leaderboard.FD.n || r.leaderboard.Avg.n;
    const parts = [`${r.model}: ${n} records scored`];
    const list = (label: string, m: Record<string, number>): void => {
      const entries = Object.entries(m).filter(([, v]) => v > 0);
      if (entries.length) parts.push(`${label} ${entries.map(([k, v]) => `${k} ${v}`).join(', ')}`);
    };
    list('errors (excluded):', r.errors);
    list('pending:', r.pending);
    list('skipped (no gold):', r.skipped);
    if (r.unreadable) list('not in the requested form (scored as given):', r.unreadable);
    out.push(opts.style.dim(parts.join('; ')));
  }
  if (rows.length > 1) out.push(opts.style.dim(BEST_LEGEND));
  if (opts.lexicalOnly) out.push(opts.style.dim('* (BLEU + ROUGE-L) / 2: no BERTScore model configured (--bertscore-model <dir>), so these are not comparable with full scores.'));
  return out.join('\n');
}
