/**
 * The leaderboard as a terminal table, in the paper's column layout: Acc, DIFR, PD, DB, DD, FD, PT, TP, ID |
 * DWR, CDA, Acceptability, Avg (and the weighted average used for per-department ranking). Text columns scored
 * without BERTScore are marked, never passed off as full scores; counts of errors and skips sit under the table.
 * The best value of each column carries a ▲ (so it survives piping into a file or a pager) and is bold on a
 * terminal; the `*` stays the mark of text columns scored without BERTScore. Under the table, one line per model
 * gives the numbers DIFR and PD are built from (the four DIFR rates and the share of gold preliminary items
 * recovered), with their intervals when the rows have them.
 */
import { COLUMNS, DETAILS, TEXT_COLUMNS, type Leaderboard } from '../metrics/clinical.js';
import type { Interval } from '../metrics/compare.js';
import { dashLines, recordsLine } from './dash-notes.js';
import type { Gaps } from './gaps.js';

export interface LeaderboardRow {
  model: string;
  leaderboard: Leaderboard;
  dwr?: number;
  ci?: Record<keyof Leaderboard, Interval>;
  /** The interval of DWR (a bootstrap within departments, see dwrCI). */
  dwrCi?: Interval;
  errors: Record<string, number>;
  pending: Record<string, number>;
  skipped: Record<string, number>;
  unreadable?: Record<string, number>;
  /** Records with any score (default: the largest count of a column). */
  records?: number;
  /** Why each value without one is a dash (from the report's view model). */
  missing?: Gaps;
  /** The leaderboard on the records every row shares, when the rows' records differ: the best values are marked on it. */
  marks?: Leaderboard;
  /** Answers in which the model declined to answer. */
  refused?: Record<string, number>;
  /** Answers cut off by the token limit. */
  truncated?: Record<string, number>;
  /** The text-metric profile of its text scores; said in its counts line when the rows have different ones. */
  textProfile?: string | null;
}

export interface TableOptions {
  lexicalOnly: boolean;
  style: TableStyle;
  widthOf: (s: string) => number;
  /** Heading of the first column (default Model). */
  firstColumn?: string;
  /** The lines of DIFR rates and PD share under the table (default true; shown only when a row has them). */
  details?: boolean;
  /** The legend of the best-value mark (default true, with several rows). */
  legend?: boolean;
  /** The line per model with its records, errors and skips (default true). */
  counts?: boolean;
  /** The lines that say why a cell is "—" (default true, with the counts). */
  dashes?: boolean;
  /** Lines said after the legend (what a comparison of rows with different records is taken on). */
  notes?: readonly string[];
}

export interface TableStyle {
  bold: (s: string) => string;
  dim: (s: string) => string;
}

const TEXT = new Set<string>(TEXT_COLUMNS);
const DERIVED = ['DWR', 'CDA', 'Acceptability', 'Avg', 'WeightedAvg'] as const;

/** The mark of the best value of a column (with several rows). */
export const BEST_MARK = '▲';
const BEST_LEGEND = `${BEST_MARK} best value of the column`;

const fmt = (v: number | null | undefined): string => (v === null || v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(2));
const fmtCi = (iv: Interval | undefined): string => (iv ? `${iv.low.toFixed(1)}–${iv.high.toFixed(1)}` : '');

/** One line per model with the four DIFR rates and PDShare (and their intervals); none when no row has them. */
function detailLines(rows: readonly LeaderboardRow[], opts: TableOptions): string[] {
  // rows built from published figures have no details at all
  const detail = (r: LeaderboardRow, k: (typeof DETAILS)[number]): number | null => (r.leaderboard as Partial<Leaderboard>)[k]?.value ?? null;
  if (!rows.some((r) => DETAILS.some((k) => detail(r, k) !== null))) return [];
  const width = Math.max(...rows.map((r) => opts.widthOf(r.model)));
  const out = [
    opts.style.dim(
      `Details${rows.some((r) => r.ci) ? ' (95% CI)' : ''}: DIFR3/5Quantity answers naming exactly 3/5 departments, DIFR3/5Name named departments that are on the list (pooled), PDShare gold preliminary items recovered (mean share)`,
    ),
  ];
  for (const r of rows) {
    const parts = DETAILS.map((k) => {
      const iv = r.ci?.[k];
      return `${k} ${fmt(detail(r, k))}${iv ? ` (${fmtCi(iv)})` : ''}`;
    });
    out.push(`  ${r.model}${' '.repeat(width - opts.widthOf(r.model))}  ${parts.join('  ')}`);
  }
  return out;
}

function value(row: LeaderboardRow, col: string): number | null {
  if (col === 'DWR') return row.dwr ?? null;
  return row.leaderboard[col as keyof Leaderboard].value;
}

/** Render rows as aligned text; the best value of each column is marked ▲ (and shown bold). */
export function leaderboardTable(rows: readonly LeaderboardRow[], opts: TableOptions): string {
  const cols = [...COLUMNS, ...DERIVED] as string[];
  // with several rows every value cell keeps one column for the mark, so the numbers stay aligned
  const mark = (on: boolean): string => (rows.length < 2 ? '' : on ? BEST_MARK : ' ');
  const head = [opts.firstColumn ?? 'Model', ...cols.map((c) => (opts.lexicalOnly && TEXT.has(c) ? `${c}*` : c === 'Acceptability' ? 'Accept.' : c === 'WeightedAvg' ? 'WAvg' : c) + mark(false))];
  // rows on different records are marked on the records they share (DWR is already taken on those)
  const marked = (r: LeaderboardRow, c: string): number | null => (r.marks && c !== 'DWR' ? value({ ...r, leaderboard: r.marks }, c) : value(r, c));
  const best = Object.fromEntries(cols.map((c) => [c, Math.max(...rows.map((r) => marked(r, c) ?? -Infinity))]));
  const isBest = (r: LeaderboardRow, c: string): boolean => rows.length > 1 && marked(r, c) !== null && value(r, c) !== null && marked(r, c) === best[c];
  const body = rows.map((r) => [r.model, ...cols.map((c) => fmt(value(r, c)) + mark(isBest(r, c)))]);
  const ciRows = rows.map((r) =>
    r.ci
      ? [
          '  95% CI',
          ...cols.map((c) => {
            const iv = c === 'DWR' ? r.dwrCi : r.ci![c as keyof Leaderboard];
            return iv ? `${fmtCi(iv)}${mark(false)}` : '';
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
  if (opts.details !== false) out.push(...detailLines(rows, opts));
  for (const r of opts.counts === false ? [] : rows) {
    const parts = [`${r.model}: ${recordsLine(r)}`];
    const list = (label: string, m: Record<string, number>): void => {
      const entries = Object.entries(m).filter(([, v]) => v > 0);
      if (entries.length) parts.push(`${label} ${entries.map(([k, v]) => `${k} ${v}`).join(', ')}`);
    };
    list('errors (excluded):', r.errors);
    list('pending:', r.pending);
    list('skipped (no gold):', r.skipped);
    if (r.unreadable) list('not in the requested form (scored as given):', r.unreadable);
    if (r.refused) list('refusals (no answer to score):', r.refused);
    if (r.truncated) list('cut off by the token limit:', r.truncated);
    if (r.textProfile && new Set(rows.map((x) => x.textProfile ?? null)).size > 1) parts.push(`text profile ${r.textProfile}`);
    out.push(opts.style.dim(parts.join('; ')));
  }
  if (opts.counts !== false && opts.dashes !== false) out.push(...dashLines(rows).map(opts.style.dim));
  if (rows.length > 1 && opts.legend !== false) out.push(opts.style.dim(BEST_LEGEND));
  for (const n of opts.notes ?? []) out.push(opts.style.dim(n));
  if (opts.lexicalOnly) out.push(opts.style.dim('* (BLEU + ROUGE-L) / 2: no BERTScore model configured (--bertscore-model <dir>), so these are not comparable with full scores.'));
  return out.join('\n');
}
