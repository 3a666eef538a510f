/**
 * DWR — Department Win Rate. The authors did not publish its definition; what their numbers show is that it is
 * a per-department percentage macro-averaged over the departments, and that the models' values sum to more than
 * 100 (ties count for everyone). Reconstruction used here:
 *
 *   for each department, for each model: the share of the department's cases on which the model's case score
 *   (clinical.ts `caseScore`, over the components every compared model has for that case) is the best among all
 *   compared models — a tie counts as a win for every tied
 *   model; DWR = the mean of these shares over the departments that have cases.
 *
 * Only cases every model has a score for are compared (a case a model failed on is no contest, not a loss);
 * models that share no such case get no DWR at all.
 *
 * Uncertainty: `dwrCI` resamples cases with replacement within each department (so every resample has the same
 * departments and the macro-average stays defined) and recomputes every model's DWR from the per-case win
 * indicators; `pairedDwr` bootstraps the difference of two models' DWR the same way.
 */
import { caseScore, caseScoreParts, type CaseScores } from './clinical.js';
import { DEFAULT_RESAMPLES, DEFAULT_SEED, percentileInterval, seededRandom, twoSidedP, type BootstrapOptions } from './stats.js';

export interface DwrResult {
  /** Model → DWR (0–100). */
  dwr: Record<string, number>;
  /** Model → department → win share (0–100). */
  byDepartment: Record<string, Record<string, number>>;
  /** Cases compared per department. */
  cases: Record<string, number>;
}

/** The compared cases of one department: for each, which models won it (1) or not (0), in model order. */
export interface WinTable {
  models: string[];
  /** Department → one row per compared case, one 0/1 per model. */
  byDepartment: Map<string, Uint8Array[]>;
}

const key = (c: CaseScores): string => `${c.uid}\u0000${c.language}`;

/** Who wins each case every model has a score for (ties win for every tied model). */
function winTable(byModel: Record<string, readonly CaseScores[]>, epsilon = 1e-9): WinTable {
  const models = Object.keys(byModel);
  // case → model → its per-case record; scores are compared over the components every model has for the case
  const records = new Map<string, Map<string, CaseScores>>();
  const departments = new Map<string, string>();
  for (const m of models) {
    for (const c of byModel[m]!) {
      const k = key(c);
      departments.set(k, c.department);
      if (!records.has(k)) records.set(k, new Map());
      records.get(k)!.set(m, c);
    }
  }
  const table = new Map<string, Uint8Array[]>();
  for (const [k, perModel] of records) {
    if (perModel.size !== models.length) continue;
    const common = [...perModel.values()].map((c) => new Set(caseScoreParts(c).keys())).reduce((a, b) => new Set([...a].filter((x) => b.has(x))));
    const scores = models.map((m) => caseScore(perModel.get(m)!, common));
    if (scores.some((s) => s === undefined)) continue;
    const best = Math.max(...(scores as number[]));
    const dep = departments.get(k)!;
    if (!table.has(dep)) table.set(dep, []);
    table.get(dep)!.push(Uint8Array.from(scores.map((s) => (s! >= best - epsilon ? 1 : 0))));
  }
  return { models, byDepartment: table };
}

/** Every model's DWR from a win table (or from resampled rows of it). */
function dwrOf(models: readonly string[], byDepartment: ReadonlyMap<string, readonly Uint8Array[]>): number[] {
  const sums = new Array<number>(models.length).fill(0);
  let deps = 0;
  for (const rows of byDepartment.values()) {
    if (rows.length === 0) continue;
    deps++;
    for (let m = 0; m < models.length; m++) {
      let wins = 0;
      for (const r of rows) wins += r[m]!;
      sums[m]! += (100 * wins) / rows.length;
    }
  }
  return sums.map((s) => (deps === 0 ? 0 : s / deps));
}

export function departmentWinRate(byModel: Record<string, readonly CaseScores[]>, epsilon = 1e-9): DwrResult {
  const t = winTable(byModel, epsilon);
  const cases: Record<string, number> = {};
  const byDepartment: DwrResult['byDepartment'] = Object.fromEntries(t.models.map((m) => [m, {}]));
  for (const [dep, rows] of t.byDepartment) {
    cases[dep] = rows.length;
    t.models.forEach((m, i) => (byDepartment[m]![dep] = (100 * rows.reduce((s, r) => s + r[i]!, 0)) / rows.length));
  }
  // with no record every model has a score for, there is nothing to win: no model gets a DWR
  if (Object.keys(cases).length === 0) return { dwr: {}, byDepartment, cases };
  const values = dwrOf(t.models, t.byDepartment);
  return { dwr: Object.fromEntries(t.models.map((m, i) => [m, values[i]!])), byDepartment, cases };
}

/** Resample the rows of each department with replacement (stratified bootstrap), `resamples` times. */
function resampleDwr(t: WinTable, opts: BootstrapOptions, each: (dwr: number[]) => void): void {
  const random = seededRandom(opts.seed ?? DEFAULT_SEED);
  const deps = [...t.byDepartment.entries()];
  const sample = new Map<string, Uint8Array[]>();
  for (let r = 0; r < (opts.resamples ?? DEFAULT_RESAMPLES); r++) {
    for (const [dep, rows] of deps) sample.set(dep, Array.from({ length: rows.length }, () => rows[Math.floor(random() * rows.length)]!));
    each(dwrOf(t.models, sample));
  }
}

/** Percentile bootstrap interval of every model's DWR (null when no case is compared). */
export function dwrCI(byModel: Record<string, readonly CaseScores[]>, opts: BootstrapOptions = {}): Record<string, { low: number; high: number } | null> {
  const t = winTable(byModel);
  if (t.byDepartment.size === 0) return Object.fromEntries(t.models.map((m) => [m, null]));
  const values: number[][] = t.models.map(() => []);
  resampleDwr(t, opts, (d) => d.forEach((x, i) => values[i]!.push(x)));
  return Object.fromEntries(
    t.models.map((m, i) => {
      const xs = values[i]!.sort((a, b) => a - b);
      return [m, percentileInterval(xs, opts.level)];
    }),
  );
}

/**
 * DWR of A against B alone (a two-model comparison, ties winning for both), the difference A − B in points,
 * its bootstrap interval and two-sided p. Null when the two share no case.
 */
export function pairedDwr(a: readonly CaseScores[], b: readonly CaseScores[], opts: BootstrapOptions = {}): { n: number; a: number; b: number; diff: number; low: number; high: number; p: number } | null {
  const t = winTable({ A: a, B: b });
  const n = [...t.byDepartment.values()].reduce((s, rows) => s + rows.length, 0);
  if (n === 0) return null;
  const [da, db] = dwrOf(t.models, t.byDepartment) as [number, number];
  const diffs: number[] = [];
  resampleDwr(t, opts, (d) => diffs.push(d[0]! - d[1]!));
  diffs.sort((x, y) => x - y);
  return { n, a: da, b: db, diff: da - db, ...percentileInterval(diffs, opts.level), p: twoSidedP(diffs) };
}
