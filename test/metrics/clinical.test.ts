import { describe, expect, it } from 'vitest';
import { caseCda, caseScore, leaderboard, meanOfScoredColumns, type CaseScores } from '../../src/metrics/clinical.js';
import { compareModels, leaderboardCI } from '../../src/metrics/compare.js';
import { departmentWinRate, dwrCI } from '../../src/metrics/dwr.js';
import { bootstrapCI, DEFAULT_RESAMPLES, DEFAULT_SEED, mcnemar, pairedBootstrap, seededRandom } from '../../src/metrics/stats.js';

const c = (uid: string, department: string, x: Partial<CaseScores>): CaseScores => ({ uid, language: 'en', department, ...x });

describe('the leaderboard from per-case scores', () => {
  const cases = [
    c('1', 'a', { acc: true, fd: true, pd: true, db: 60, dd: 40, pt: 50, tp: 30, id: [40, 60], difr3: { count: 3, valid: 3 }, difr5: { count: 5, valid: 4 } }),
    c('2', 'a', { acc: true, fd: false, pd: true, db: 40, dd: 20, pt: 30, tp: 10, id: [20], difr3: { count: 4, valid: 2 }, difr5: { count: 5, valid: 5 } }),
    c('3', 'b', { acc: false, fd: true, pd: false, db: 50, dd: 30, pt: 40, tp: 20, difr3: { count: 3, valid: 3 }, difr5: { count: 5, valid: 5 } }),
  ];
  const lb = leaderboard(cases);

  it('counts shares and means with the number of cases behind each', () => {
    expect(lb.Acc).toEqual({ value: (200 / 3), n: 3 });
    expect(lb.FD.value).toBeCloseTo(200 / 3, 10);
    expect(lb.DB).toEqual({ value: 50, n: 3 });
    // ID: the mean of each case's exam mean: (50 + 20) / 2; case 3 has no exam
    expect(lb.ID).toEqual({ value: 35, n: 2 });
  });

  it('computes DIFR from quantity and pooled name rates', () => {
    // K=3: quantity 2/3, names 8/10; K=5: quantity 3/3, names 14/15
    expect(lb.DIFR.value).toBeCloseTo((200 / 3 + 80 + 100 + 1400 / 15) / 4, 10);
  });

  it('computes CDA, Acceptability, Avg and the weighted average', () => {
    expect(lb.CDA.value).toBeCloseTo(100 / 3, 10); // only case 1 has department and final diagnosis right
    const text = (50 + 30 + 40 + 20 + 35) / 5;
    expect(lb.Acceptability.value).toBeCloseTo(((100 / 3) * text) / 100, 10);
    const cols = [lb.Acc, lb.DIFR, lb.PD, lb.DB, lb.DD, lb.FD, lb.PT, lb.TP, lb.ID].map((x) => x.value!);
    expect(lb.Avg.value).toBeCloseTo(cols.reduce((a, b) => a + b) / 9, 10);
    const w = [5, 1, 1, 1, 1, 5, 1, 1, 1];
    expect(lb.WeightedAvg.value).toBeCloseTo(cols.reduce((s, x, i) => s + w[i]! * x, 0) / 17, 10);
  });

  it('can require the preliminary diagnosis for CDA, and leaves out cases missing a part', () => {
    expect(caseCda(cases[0]!, { cdaRequiresPreliminary: true })).toBe(true);
    expect(caseCda(c('x', 'a', { acc: true }), {})).toBeUndefined();
    expect(leaderboard([c('x', 'a', { acc: true })]).CDA).toEqual({ value: null, n: 0 });
  });

  it('gives null, not 0, for a column with no scored case', () => {
    const empty = leaderboard([c('x', 'a', { acc: true })]);
    expect(empty.DB).toEqual({ value: null, n: 0 });
    expect(empty.Avg.value).toBeNull();
  });

  it('offers the mean of the columns that were scored, naming them, where Avg has no value', () => {
    // a partial dataset: no department, no preliminary list, no imaging impressions
    const partial = leaderboard([c('x', '', { fd: true, tp: 40, difr3: { count: 3, valid: 3 }, difr5: { count: 5, valid: 5 } }), c('y', '', { fd: false, tp: 20, difr3: { count: 3, valid: 3 }, difr5: { count: 4, valid: 4 } })]);
    const values = Object.fromEntries((['Acc', 'DIFR', 'PD', 'DB', 'DD', 'FD', 'PT', 'TP', 'ID'] as const).map((k) => [k, partial[k].value]));
    expect(partial.Avg.value).toBeNull();
    const m = meanOfScoredColumns(values);
    expect(m.columns).toEqual(['DIFR', 'FD', 'TP']);
    expect(m.value).toBeCloseTo((partial.DIFR.value! + 50 + 30) / 3, 10);
    // with every column scored it is Avg; with none it is nothing
    const full = Object.fromEntries((['Acc', 'DIFR', 'PD', 'DB', 'DD', 'FD', 'PT', 'TP', 'ID'] as const).map((k) => [k, lb[k].value]));
    expect(meanOfScoredColumns(full).value).toBeCloseTo(lb.Avg.value!, 10);
    expect(meanOfScoredColumns({ Acc: null, FD: null })).toEqual({ value: null, columns: [] });
  });
});

describe('DWR', () => {
  it('macro-averages per-department win shares, ties winning for everyone', () => {
    const A = [c('1', 'a', { acc: true, fd: true }), c('2', 'a', { acc: false, fd: false }), c('3', 'b', { acc: true, fd: true })];
    const B = [c('1', 'a', { acc: false, fd: true }), c('2', 'a', { acc: true, fd: false }), c('3', 'b', { acc: true, fd: true })];
    const r = departmentWinRate({ A, B });
    expect(r.byDepartment.A).toEqual({ a: 50, b: 100 });
    expect(r.byDepartment.B).toEqual({ a: 50, b: 100 });
    expect(r.dwr).toEqual({ A: 75, B: 75 });
    expect(r.dwr.A! + r.dwr.B!).toBeGreaterThan(100);
  });

  it('compares only cases every model has', () => {
    const r = departmentWinRate({ A: [c('1', 'a', { acc: true })], B: [c('2', 'a', { acc: true })] });
    expect(r.cases).toEqual({});
    expect(caseScore(c('1', 'a', {}))).toBeUndefined();
  });
});

describe('statistics', () => {
  it('repeats a seeded bootstrap exactly and brackets the estimate', () => {
    const random = seededRandom(1);
    const xs = Array.from({ length: 200 }, () => (random() < 0.3 ? 1 : 0));
    const mean = (s: readonly number[]): number => (100 * s.reduce((a, b) => a + b, 0)) / s.length;
    const ci = bootstrapCI(xs, mean)!;
    expect(bootstrapCI(xs, mean)).toEqual(ci);
    expect(ci.low).toBeLessThan(mean(xs));
    expect(ci.high).toBeGreaterThan(mean(xs));
    expect(ci.high - ci.low).toBeGreaterThan(5);
    expect(ci.high - ci.low).toBeLessThan(20);
  });

  it('McNemar: exact two-sided p from the discordant pairs', () => {
    // 10 discordant pairs, all for A: p = 2 × 0.5^10
    const a = Array.from({ length: 30 }, (_, i) => i < 20);
    const b = Array.from({ length: 30 }, (_, i) => i < 10);
    const r = mcnemar(a, b);
    expect(r).toMatchObject({ onlyA: 10, onlyB: 0 });
    expect(r.p).toBeCloseTo(2 * 0.5 ** 10, 12);
    expect(mcnemar([true, false], [true, false]).p).toBe(1);
  });

  it('paired bootstrap: a clear difference has a small p, no difference a large one', () => {
    const random = seededRandom(3);
    const base = Array.from({ length: 100 }, () => random() * 100);
    const better = base.map((x) => x + 5 + random());
    const clear = pairedBootstrap(better, base);
    expect(clear.diff).toBeGreaterThan(5);
    expect(clear.p).toBeLessThan(0.01);
    expect(clear.low).toBeGreaterThan(0);
    const none = pairedBootstrap(base, base.map((x, i) => (i % 2 ? x + 1 : x - 1)));
    expect(none.p).toBeGreaterThan(0.5);
  });
});

describe('comparing models that answered different tasks', () => {
  it('scores a case over the components both have, so a missing DIFR neither helps nor hurts', () => {
    const withDifr = c('1', 'a', { acc: true, fd: true, difr3: { count: 3, valid: 3 }, difr5: { count: 5, valid: 5 }, db: 40 });
    const without = c('1', 'a', { acc: true, fd: true, db: 40 });
    expect(caseScore(withDifr)).not.toBe(caseScore(without));
    const r = departmentWinRate({ A: [withDifr], B: [without] });
    expect(r.dwr).toEqual({ A: 100, B: 100 }); // equal on what they share: a tie
  });
});

describe('numbers shown beside the columns', () => {
  it('gives the four DIFR rates and the PD share of gold items recovered, each with its count', () => {
    const cases = [
      c('1', 'a', { pd: true, pdShare: 1, difr3: { count: 3, valid: 3 }, difr5: { count: 5, valid: 4 } }),
      c('2', 'a', { pd: false, pdShare: 0.5, difr3: { count: 4, valid: 2 }, difr5: { count: 5, valid: 5 } }),
      c('3', 'b', { pd: true, pdShare: 0.25, difr3: { count: 3, valid: 3 } }),
    ];
    const lb = leaderboard(cases);
    // K = 3: exactly three in 2 of 3 answers; 8 of 10 named departments valid. K = 5: 2 of 2; 9 of 10.
    expect(lb.DIFR3Quantity).toEqual({ value: 200 / 3, n: 3 });
    expect(lb.DIFR3Name).toEqual({ value: 80, n: 3 });
    expect(lb.DIFR5Quantity).toEqual({ value: 100, n: 2 });
    expect(lb.DIFR5Name).toEqual({ value: 90, n: 2 });
    expect(lb.DIFR.value).toBeCloseTo((200 / 3 + 80 + 100 + 90) / 4, 10);
    expect(lb.PDShare.n).toBe(3);
    expect(lb.PDShare.value).toBeCloseTo((100 * (1 + 0.5 + 0.25)) / 3, 10);
    expect(leaderboard([c('x', 'a', { acc: true })]).PDShare).toEqual({ value: null, n: 0 });
  });
});

describe('intervals and paired tests for DWR and the aggregates', () => {
  // A is better than B on most cases of both departments; the third model ties A on department b
  const random = seededRandom(11);
  const mk = (good: number): CaseScores[] =>
    Array.from({ length: 60 }, (_, i) => c(String(i), i % 2 ? 'a' : 'b', { acc: random() < good, fd: random() < good, pd: random() < good, db: 100 * random() * good, dd: 30, pt: 30, tp: 30, id: [30], difr3: { count: 3, valid: random() < good ? 3 : 2 }, difr5: { count: 5, valid: 5 } }));
  const A = mk(0.9);
  const B = mk(0.3);

  it('gives DWR a seeded interval around each model’s value', () => {
    const d = departmentWinRate({ A, B });
    const ci = dwrCI({ A, B });
    for (const m of ['A', 'B']) {
      expect(ci[m]!.low).toBeLessThanOrEqual(d.dwr[m]!);
      expect(ci[m]!.high).toBeGreaterThanOrEqual(d.dwr[m]!);
      expect(ci[m]!.high - ci[m]!.low).toBeGreaterThan(1);
    }
    expect(dwrCI({ A, B })).toEqual(ci);
    const bySeed = [1, 2, 3, 4, 5].map((seed) => JSON.stringify(dwrCI({ A, B }, { seed, resamples: 40 })));
    expect(new Set(bySeed).size).toBeGreaterThan(1);
    expect(dwrCI({ A: [], B: [] })).toEqual({ A: null, B: null });
  });

  it('the seed and the number of resamples are options of every interval', () => {
    const base = leaderboardCI(A, { resamples: 200 });
    expect(leaderboardCI(A, { resamples: 200 })).toEqual(base);
    expect(leaderboardCI(A, { resamples: 200, seed: 1 })).not.toEqual(base);
    expect(leaderboardCI(A, { resamples: 200, seed: DEFAULT_SEED })).toEqual(base);
    expect(DEFAULT_SEED).toBe(20240619);
    expect(DEFAULT_RESAMPLES).toBe(1000);
    // one resample: the interval collapses to a point
    const one = leaderboardCI(A, { resamples: 1 }).Acc!;
    expect(one.low).toBe(one.high);
    expect(leaderboardCI(A).DIFR3Quantity).not.toBeNull();
  });

  it('compares DIFR, Acceptability, Avg, the weighted average and DWR with a paired bootstrap', () => {
    const rows = compareModels(A, B, { resamples: 300 });
    const [la, lb] = [leaderboard(A), leaderboard(B)];
    for (const k of ['DIFR', 'Acceptability', 'Avg', 'WeightedAvg'] as const) {
      const r = rows.find((x) => x.metric === k)!;
      expect(r.test).toBe('paired-bootstrap');
      expect(r.a).toBeCloseTo(la[k].value!, 10);
      expect(r.b).toBeCloseTo(lb[k].value!, 10);
      expect(r.diff).toBeCloseTo(la[k].value! - lb[k].value!, 10);
      expect(r.low!).toBeLessThanOrEqual(r.diff);
      expect(r.high!).toBeGreaterThanOrEqual(r.diff);
      expect(r.p).toBeLessThan(0.05);
    }
    const d = departmentWinRate({ A, B });
    const dwr = rows.find((x) => x.metric === 'DWR')!;
    expect(dwr).toMatchObject({ n: 60, a: d.dwr.A, b: d.dwr.B });
    expect(dwr.diff).toBeGreaterThan(30);
    expect(dwr.p).toBeLessThan(0.05);
    // a model against itself: no difference, p = 1
    const self = compareModels(A, A, { resamples: 100 });
    for (const k of ['DIFR', 'Avg', 'DWR']) expect(self.find((x) => x.metric === k)).toMatchObject({ diff: 0, p: 1 });
    expect(compareModels(A, B, { resamples: 300, seed: 3 })).not.toEqual(rows);
    expect(compareModels(A, B, { resamples: 300 })).toEqual(rows);
  });
});
