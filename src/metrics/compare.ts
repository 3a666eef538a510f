/**
 * Confidence intervals for a whole leaderboard row, and the paired comparison of two models on the cases both
 * answered: McNemar's exact test for the yes/no columns (Acc, PD, FD, CDA), a paired bootstrap of the mean
 * difference for the per-case continuous ones (the text columns and the per-case score), and a paired bootstrap
 * of the difference of the aggregates built from cases (DIFR, Acceptability, Avg, weighted average: the same
 * resampled cases on both sides) and of the two models' head-to-head DWR (resampled within departments).
 * All bootstraps are seeded (`seed`, default 20240619) with `resamples` resamples (default 1,000).
 */
import { SCORED_TASKS } from '../tasks/registry/index.js';
import { caseCda, caseScore, caseScoreParts, leaderboard, taskValue, type CaseScores, type Leaderboard, type MetricOptions } from './clinical.js';
import { pairedDwr } from './dwr.js';
import { DEFAULT_RESAMPLES, DEFAULT_SEED, mcnemar, pairedBootstrap, pairedBootstrapStats, percentileInterval, seededRandom, type BootstrapOptions } from './stats.js';

export type Interval = { low: number; high: number } | null;

/** 95% percentile bootstrap interval of every column, resampling cases (seeded; 1,000 resamples by default). */
export function leaderboardCI(cases: readonly CaseScores[], opts: MetricOptions & BootstrapOptions = {}): Record<keyof Leaderboard, Interval> {
  const keys = Object.keys(leaderboard(cases, opts)) as (keyof Leaderboard)[];
  const values = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<keyof Leaderboard, number[]>;
  const random = seededRandom(opts.seed ?? DEFAULT_SEED);
  const resamples = opts.resamples ?? DEFAULT_RESAMPLES;
  const sample: CaseScores[] = new Array<CaseScores>(cases.length);
  if (cases.length > 0) {
    for (let r = 0; r < resamples; r++) {
      for (let i = 0; i < cases.length; i++) sample[i] = cases[Math.floor(random() * cases.length)]!;
      const lb = leaderboard(sample, opts);
      for (const k of keys) if (lb[k].value !== null) values[k].push(lb[k].value!);
    }
  }
  return Object.fromEntries(
    keys.map((k) => {
      const xs = values[k].sort((a, b) => a - b);
      return [k, xs.length === 0 ? null : percentileInterval(xs, opts.level)];
    }),
  ) as Record<keyof Leaderboard, Interval>;
}

export interface ComparisonRow {
  metric: string;
  test: 'mcnemar' | 'paired-bootstrap';
  /** Cases both models have a value for. */
  n: number;
  a: number;
  b: number;
  /** a − b, in points. */
  diff: number;
  p: number;
  /** For the bootstrap: the interval of the difference. */
  low?: number;
  high?: number;
}

/** Compare model A with model B on the cases both answered. */
export function compareModels(a: readonly CaseScores[], b: readonly CaseScores[], opts: MetricOptions & BootstrapOptions = {}): ComparisonRow[] {
  const key = (c: CaseScores): string => `${c.uid}\u0000${c.language}`;
  const bByKey = new Map(b.map((c) => [key(c), c]));
  const pairs = a.filter((c) => bByKey.has(key(c))).map((c) => [c, bByKey.get(key(c))!] as const);
  const rows: ComparisonRow[] = [];
  // the yes/no tasks by McNemar, in the registry's order, then CDA
  const tasks = SCORED_TASKS;
  const binary: [string, (c: CaseScores) => boolean | undefined][] = [
    ...tasks.filter((t) => t.scoring === 'department-match' || t.scoring.startsWith('diagnosis-')).map((t): [string, (c: CaseScores) => boolean | undefined] => [t.column, (c) => taskValue(c, t) as boolean | undefined]),
    ['CDA', (c) => caseCda(c, opts)],
  ];
  for (const [metric, pick] of binary) {
    const both = pairs.map(([x, y]) => [pick(x), pick(y)] as const).filter((p): p is readonly [boolean, boolean] => p[0] !== undefined && p[1] !== undefined);
    if (both.length === 0) continue;
    const m = mcnemar(both.map((p) => p[0]), both.map((p) => p[1]));
    const pa = (100 * both.filter((p) => p[0]).length) / both.length;
    const pb = (100 * both.filter((p) => p[1]).length) / both.length;
    rows.push({ metric, test: 'mcnemar', n: both.length, a: pa, b: pb, diff: pa - pb, p: m.p });
  }
  const continuous = tasks.filter((t) => t.scoring === 'text-similarity').map((t): [string, (c: CaseScores) => number | undefined] => [t.column, (c) => taskValue(c, t) as number | undefined]);
  for (const [metric, pick] of continuous) {
    const both = pairs.map(([x, y]) => [pick(x), pick(y)] as const).filter((p): p is readonly [number, number] => p[0] !== undefined && p[1] !== undefined);
    if (both.length === 0) continue;
    const r = pairedBootstrap(both.map((p) => p[0]), both.map((p) => p[1]), opts);
    const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
    rows.push({ metric, test: 'paired-bootstrap', n: both.length, a: mean(both.map((p) => p[0])), b: mean(both.map((p) => p[1])), diff: r.diff, p: r.p, low: r.low, high: r.high });
  }
  // the per-case score over the components both models have for the case
  const both = pairs.flatMap(([x, y]) => {
    const px = caseScoreParts(x);
    const common = new Set([...caseScoreParts(y).keys()].filter((k) => px.has(k)));
    const sx = caseScore(x, common);
    const sy = caseScore(y, common);
    return sx !== undefined && sy !== undefined ? [[sx, sy] as const] : [];
  });
  if (both.length > 0) {
    const r = pairedBootstrap(both.map((p) => p[0]), both.map((p) => p[1]), opts);
    const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
    rows.push({ metric: 'case score', test: 'paired-bootstrap', n: both.length, a: mean(both.map((p) => p[0])), b: mean(both.map((p) => p[1])), diff: r.diff, p: r.p, low: r.low, high: r.high });
  }
  // aggregates of the paired cases: each resample takes the same cases for both models
  const aggregates = ['DIFR', 'Acceptability', 'Avg', 'WeightedAvg'] as const;
  const stat = (sample: readonly CaseScores[]): Record<string, number | null> => {
    const lb = leaderboard(sample, opts);
    return Object.fromEntries(aggregates.map((k) => [k, lb[k].value]));
  };
  const agg = pairedBootstrapStats(pairs.map((p) => p[0]), pairs.map((p) => p[1]), stat, opts);
  const support = (k: (typeof aggregates)[number]): number => Math.min(leaderboard(pairs.map((p) => p[0]), opts)[k].n, leaderboard(pairs.map((p) => p[1]), opts)[k].n);
  for (const k of aggregates) if (agg[k]) rows.push({ metric: k, test: 'paired-bootstrap', n: support(k), ...agg[k]! });
  const dwr = pairedDwr(pairs.map((p) => p[0]), pairs.map((p) => p[1]), opts);
  if (dwr) rows.push({ metric: 'DWR', test: 'paired-bootstrap', ...dwr });
  return rows;
}
