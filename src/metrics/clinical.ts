/**
 * ClinicalMetrics (PROTOCOL §5): the nine task columns and the four metrics built on them, from per-case
 * scores. Pure functions, no I/O. All results are percentages (0–100) at full precision; round for display.
 *
 * Exact formulas (they reproduce the authors' published leaderboard, see test/metrics/fidelity.test.ts):
 *   Acc, PD, FD      share of cases judged correct
 *   DB, DD, PT, TP   mean over cases of (BLEU + ROUGE + BERTScore) / 3
 *   ID               mean over cases of the case's mean over its imaging exams
 *   DIFR             mean of four rates: for K = 3 and 5, the share of answers naming exactly K departments
 *                    (quantity) and the share of named departments that are valid list names (name, pooled)
 *   Acceptability    CDA × mean(DB, DD, PT, TP, ID) / 100
 *   Avg              mean of Acc, DIFR, PD, DB, DD, FD, PT, TP, ID
 *   Weighted average (5·Acc + DIFR + PD + 5·FD + DB + DD + PT + TP + ID) / 17
 * The weights are the task modules' (src/tasks/registry/). Avg, the weighted average and the per-record score of
 * DWR are taken over the protocol's columns only (`PROTOCOL_COLUMNS`): a task added after the paper's, declared
 * `protocol: false`, has its column and stays out of them, so they stay the authors' figures.
 * Reconstructed (the authors did not publish them):
 *   CDA              share of cases with the department AND the final diagnosis correct (optionally also the
 *                    preliminary diagnosis: `cdaRequiresPreliminary`)
 *   DWR              see dwr.ts
 */

import { COLUMN_WEIGHT, PROTOCOL_COLUMNS, TASK_COLUMNS, tasksOfColumn, type CaseFieldValues, type TaskColumn, type TaskModule } from '../tasks/registry/index.js';

/**
 * What one model did on one case (one record: uid + language). Absent fields were not run, skipped or failed.
 * One field per task (its module's `field`, typed by its scoring): `acc`, `pd`, `fd` yes/no; `db`, `dd`, `pt`,
 * `tp` text scores; `id` one score per imaging exam (0..100); `difr3`, `difr5` how many departments the guide-3
 * and guide-5 answers named and how many of them were valid.
 */
export interface CaseScores extends Partial<CaseFieldValues> {
  uid: string;
  language: string;
  department: string;
  /** Share of gold preliminary items recovered (0..1). */
  pdShare?: number;
}

/** The task columns (the task registry's, in the order their first task is listed: Acc, DIFR, PD, DB, DD, FD, PT, TP, ID). */
export const COLUMNS: readonly TaskColumn[] = TASK_COLUMNS;
export type Column = TaskColumn;
/** The columns Avg, the weighted average and DWR are taken over: the protocol's nine (see the file header). */
export const AVERAGED_COLUMNS: readonly TaskColumn[] = PROTOCOL_COLUMNS;
/** The columns of text scores (BLEU, ROUGE-L, BERTScore): DB, DD, PT, TP, ID. */
export const TEXT_COLUMNS: readonly Column[] = COLUMNS.filter((c) => tasksOfColumn(c).every((t) => t.scoring === 'text-similarity'));
export const METRICS = ['DWR', 'CDA', 'Acceptability', 'Avg', 'WeightedAvg'] as const;

export interface ColumnScore {
  value: number | null;
  /** Cases that contributed. */
  n: number;
}

/**
 * Numbers computed on the way to the columns and shown beside them: the four DIFR rates (K = 3 and 5, quantity
 * and name following) and, for PD, the mean share of gold preliminary items recovered (0–100).
 */
export const DETAILS = ['DIFR3Quantity', 'DIFR3Name', 'DIFR5Quantity', 'DIFR5Name', 'PDShare'] as const;
export type Detail = (typeof DETAILS)[number];

/** A leaderboard row: the nine columns, the metrics except DWR (which needs the other models) and the details. */
export type Leaderboard = Record<Column | 'CDA' | 'Acceptability' | 'Avg' | 'WeightedAvg' | Detail, ColumnScore>;

export interface MetricOptions {
  cdaRequiresPreliminary?: boolean;
}

const mean = (xs: readonly number[]): number | null => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);

function share(cases: readonly CaseScores[], pick: (c: CaseScores) => boolean | undefined): ColumnScore {
  const xs = cases.map(pick).filter((x): x is boolean => x !== undefined);
  return { value: xs.length === 0 ? null : (100 * xs.filter(Boolean).length) / xs.length, n: xs.length };
}

function average(cases: readonly CaseScores[], pick: (c: CaseScores) => number | undefined): ColumnScore {
  const xs = cases.map(pick).filter((x): x is number => x !== undefined && Number.isFinite(x));
  return { value: mean(xs), n: xs.length };
}

/** The case's imaging score: the mean over its exams. */
export function caseId(c: CaseScores): number | undefined {
  return c.id && c.id.length > 0 ? mean(c.id)! : undefined;
}

/** The four DIFR rates (0–100) from the answers, and DIFR itself. */
export interface DifrRates {
  /** Quantity-following (q) and name-following (n) rates for K = 3 and K = 5, 0–100. */
  q3: number | null;
  n3: number | null;
  q5: number | null;
  n5: number | null;
  difr: number | null;
  /** Answers behind DIFR (the smaller of the guide-3 and guide-5 counts). */
  n: number;
  /** Answers behind each K's rates, and the departments they named (the name rate's denominator). */
  answers3: number;
  answers5: number;
  named3: number;
  named5: number;
}

export function difrRates(cases: readonly CaseScores[]): DifrRates {
  const rates = (k: 3 | 5) => {
    const answers = cases.map((c) => (k === 3 ? c.difr3 : c.difr5)).filter((a): a is { count: number; valid: number } => a !== undefined);
    const named = answers.reduce((s, a) => s + a.count, 0);
    return {
      q: answers.length === 0 ? null : (100 * answers.filter((a) => a.count === k).length) / answers.length,
      name: named === 0 ? (answers.length === 0 ? null : 0) : (100 * answers.reduce((s, a) => s + a.valid, 0)) / named,
      n: answers.length,
      named,
    };
  };
  const r3 = rates(3);
  const r5 = rates(5);
  const four = [r3.q, r3.name, r5.q, r5.name];
  const difr = four.every((x) => x !== null) ? mean(four as number[]) : null;
  return { q3: r3.q, n3: r3.name, q5: r5.q, n5: r5.name, difr, n: Math.min(r3.n, r5.n), answers3: r3.n, answers5: r5.n, named3: r3.named, named5: r5.named };
}

/** CDA for one case: undefined when a needed part is missing. */
export function caseCda(c: CaseScores, opts: MetricOptions = {}): boolean | undefined {
  if (c.acc === undefined || c.fd === undefined) return undefined;
  if (opts.cdaRequiresPreliminary) {
    if (c.pd === undefined) return undefined;
    return c.acc && c.fd && c.pd;
  }
  return c.acc && c.fd;
}

export function acceptability(cda: number | null, text: readonly (number | null)[]): number | null {
  if (cda === null || text.some((x) => x === null)) return null;
  return (cda * mean(text as number[])!) / 100;
}

/** Avg: the mean of the protocol's columns (a column of an extra task is left out). */
export function avgOfColumns(cols: Record<Column, number | null>): number | null {
  const xs = AVERAGED_COLUMNS.map((c) => cols[c]);
  return xs.some((x) => x === null) ? null : mean(xs as number[]);
}

/**
 * The mean of the task columns that have a value, and which columns those are: what can be said of a model on a
 * partial dataset (an imported one without departments or imaging impressions, say), where Avg and the weighted
 * average — which need all nine columns — have none. Unweighted, like Avg, and equal to it when all nine columns
 * have a value; `{ value: null, columns: [] }` when none has. Name it for what it is ("mean of the scored tasks",
 * with `columns`) and never rank it with full averages: two such means compare only over the same columns.
 * Over the protocol's columns, like Avg.
 */
export function meanOfScoredColumns(cols: Partial<Record<Column, number | null>>): { value: number | null; columns: Column[] } {
  const columns = AVERAGED_COLUMNS.filter((c) => typeof cols[c] === 'number' && Number.isFinite(cols[c]));
  return { value: mean(columns.map((c) => cols[c]!)), columns };
}

/** The weighted average of the protocol's nine columns, with each task's weight (the task registry: 5 for Acc and FD, else 1). */
export function weightedAverage(cols: Record<Column, number | null>): number | null {
  if (AVERAGED_COLUMNS.some((c) => cols[c] === null)) return null;
  const total = AVERAGED_COLUMNS.reduce((s, c) => s + COLUMN_WEIGHT[c], 0);
  return AVERAGED_COLUMNS.reduce((s, c) => s + COLUMN_WEIGHT[c] * cols[c]!, 0) / total;
}

/** A case's value on one task: yes/no, a text score, the mean over its exams for a per-exam task. */
export function taskValue(c: CaseScores, task: TaskModule): boolean | number | undefined {
  const v = (c as unknown as Record<string, unknown>)[task.field];
  if (task.perExam) return Array.isArray(v) && v.length > 0 ? mean(v as number[])! : undefined;
  return typeof v === 'boolean' || typeof v === 'number' ? v : undefined;
}

/**
 * A task column from its tasks (the task registry): DIFR for department counts, the share of cases judged right
 * for yes/no tasks, the mean text score, or the mean over cases of each case's mean over its exams.
 */
function columnScore(cases: readonly CaseScores[], col: Column, d: DifrRates): ColumnScore {
  const tasks = tasksOfColumn(col);
  if (tasks.some((t) => t.scoring === 'department-count')) return { value: d.difr, n: d.n };
  const task = tasks[0]!;
  if (task.scoring === 'text-similarity') return average(cases, (c) => taskValue(c, task) as number | undefined);
  return share(cases, (c) => taskValue(c, task) as boolean | undefined);
}

/** Every column and metric except DWR (which needs the other models). */
export function leaderboard(cases: readonly CaseScores[], opts: MetricOptions = {}): Leaderboard {
  const d = difrRates(cases);
  const cols = Object.fromEntries(COLUMNS.map((col) => [col, columnScore(cases, col, d)])) as Record<Column, ColumnScore>;
  const values = Object.fromEntries(COLUMNS.map((c) => [c, cols[c].value])) as Record<Column, number | null>;
  const cda = share(cases, (c) => caseCda(c, opts));
  return {
    ...cols,
    CDA: cda,
    Acceptability: { value: acceptability(cda.value, [values.DB, values.DD, values.PT, values.TP, values.ID]), n: cda.n },
    Avg: { value: avgOfColumns(values), n: cases.length },
    WeightedAvg: { value: weightedAverage(values), n: cases.length },
    DIFR3Quantity: { value: d.q3, n: d.answers3 },
    DIFR3Name: { value: d.n3, n: d.answers3 },
    DIFR5Quantity: { value: d.q5, n: d.answers5 },
    DIFR5Name: { value: d.n5, n: d.answers5 },
    PDShare: average(cases, (c) => (c.pdShare === undefined ? undefined : 100 * c.pdShare)),
  };
}

/** The paper's nine columns, whose components are named above. */
const PAPER_COLUMNS = new Set<string>(['Acc', 'FD', 'PD', 'DIFR', 'DB', 'DD', 'PT', 'TP', 'ID']);

/** The components of one case's score, each with its leaderboard weight: component → [value 0–100, weight]. */
export function caseScoreParts(c: CaseScores): Map<string, [number, number]> {
  const parts = new Map<string, [number, number]>();
  const bin = (name: string, b: boolean | undefined, w: number): void => {
    if (b !== undefined) parts.set(name, [b ? 100 : 0, w]);
  };
  bin('Acc', c.acc, COLUMN_WEIGHT.Acc);
  bin('FD', c.fd, COLUMN_WEIGHT.FD);
  bin('PD', c.pd, COLUMN_WEIGHT.PD);
  if (c.difr3 && c.difr5) {
    const r = (a: { count: number; valid: number }, k: number): number[] => [a.count === k ? 100 : 0, a.count === 0 ? 0 : (100 * a.valid) / a.count];
    parts.set('DIFR', [mean([...r(c.difr3, 3), ...r(c.difr5, 5)])!, COLUMN_WEIGHT.DIFR]);
  }
  const text: [string, number | undefined][] = [['DB', c.db], ['DD', c.dd], ['PT', c.pt], ['TP', c.tp], ['ID', caseId(c)]];
  for (const [name, x] of text) if (x !== undefined) parts.set(name, [x, COLUMN_WEIGHT[name as Column]]);
  // a column of a task added after the paper's nine that declares itself one of the protocol's (`protocol: true`):
  // its task's value, yes/no as 0/100; an extra task's column stays out of the case score (and so of DWR)
  for (const col of AVERAGED_COLUMNS) {
    if (PAPER_COLUMNS.has(col)) continue;
    const v = taskValue(c, tasksOfColumn(col)[0]!);
    if (typeof v === 'boolean') bin(col, v, COLUMN_WEIGHT[col]);
    else if (v !== undefined) parts.set(col, [v, COLUMN_WEIGHT[col]]);
  }
  return parts;
}

/**
 * One number per case for comparing models case by case (DWR, paired tests): the weighted average of the case's
 * own components (Acc, FD, PD as 0/100; DIFR as the mean of its four per-answer rates; text scores as they are),
 * with the leaderboard's weights — over the components the case has, or only over `only` when given (so models
 * that answered different tasks are compared on the tasks they share).
 */
export function caseScore(c: CaseScores, only?: ReadonlySet<string>): number | undefined {
  const parts = [...caseScoreParts(c)].filter(([name]) => !only || only.has(name)).map(([, p]) => p);
  if (parts.length === 0) return undefined;
  return parts.reduce((s, [v, w]) => s + v * w, 0) / parts.reduce((s, [, w]) => s + w, 0);
}
