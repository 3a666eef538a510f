import { describe, expect, it } from 'vitest';
import { caseCda, caseScore, leaderboard, type CaseScores } from '../../src/metrics/clinical.js';
import { departmentWinRate } from '../../src/metrics/dwr.js';
import { bootstrapCI, mcnemar, pairedBootstrap, seededRandom } from '../../src/metrics/stats.js';

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
