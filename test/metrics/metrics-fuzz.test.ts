/** Every aggregate stays a percentage (or null) and never throws, whatever per-case scores come in. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caseScore, leaderboard, type CaseScores } from '../../src/metrics/clinical.js';
import { compareModels, leaderboardCI } from '../../src/metrics/compare.js';
import { departmentWinRate } from '../../src/metrics/dwr.js';

const score = fc.double({ min: 0, max: 100, noNaN: true });
const difr = fc.record({ count: fc.nat(8), valid: fc.nat(8) }).map((a) => ({ count: a.count, valid: Math.min(a.valid, a.count) }));
const caseScores = fc.record(
  {
    uid: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
    language: fc.constantFrom('zh', 'en'),
    department: fc.constantFrom('neurology', 'urology', 'orthopedics'),
    acc: fc.boolean(),
    difr3: difr,
    difr5: difr,
    pd: fc.boolean(),
    pdShare: fc.double({ min: 0, max: 1, noNaN: true }),
    fd: fc.boolean(),
    db: score,
    dd: score,
    pt: score,
    tp: score,
    id: fc.array(score, { maxLength: 3 }),
  },
  { requiredKeys: ['uid', 'language', 'department'] },
) as fc.Arbitrary<CaseScores>;

const inRange = (v: number | null): boolean => v === null || (Number.isFinite(v) && v >= -1e-9 && v <= 100 + 1e-9);

describe('ClinicalMetrics on arbitrary per-case scores', () => {
  it('keeps every leaderboard column, case score and DWR within 0–100 (or null)', () => {
    fc.assert(
      fc.property(fc.array(caseScores, { maxLength: 40 }), fc.array(caseScores, { maxLength: 40 }), (a, b) => {
        for (const v of Object.values(leaderboard(a))) expect(inRange(v.value)).toBe(true);
        for (const c of a) {
          const s = caseScore(c);
          expect(s === undefined || inRange(s)).toBe(true);
        }
        const d = departmentWinRate({ A: a, B: b });
        for (const v of Object.values(d.dwr)) expect(inRange(v)).toBe(true);
      }),
      { numRuns: 2000, seed: 5 },
    );
  });

  it('gives intervals with low ≤ high inside 0–100, and comparisons with p in [0, 1]', () => {
    fc.assert(
      fc.property(fc.array(caseScores, { minLength: 1, maxLength: 15 }), fc.array(caseScores, { maxLength: 15 }), (a, b) => {
        for (const iv of Object.values(leaderboardCI(a, { resamples: 30 }))) {
          if (iv) {
            expect(iv.low).toBeLessThanOrEqual(iv.high + 1e-9);
            expect(inRange(iv.low) && inRange(iv.high)).toBe(true);
          }
        }
        for (const r of compareModels(a, b, { resamples: 30 })) expect(r.p >= 0 && r.p <= 1).toBe(true);
      }),
      { numRuns: 300, seed: 6 },
    );
  });
});
