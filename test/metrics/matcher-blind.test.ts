/**
 * The blind pairs of issue 16 (test/fixtures/matcher-blind/): written by engineers who saw neither the lexicon nor
 * the rules, and never used to change them — the estimate of how the matcher does on diagnoses it has never seen
 * (docs/metrics.md, "The honest estimate"). heldout8 (2026-12-07), heldout14 and heldout15 (2026-12-08, written as
 * several models answer one case, 60% common diseases) are kept apart: each has floors of its own, the figures measured on
 * it, rounded down, so a change that makes the matcher worse on unseen pairs shows here. Fixing a miss of these
 * pairs would make them a development set: write a new blind set first (see docs/metrics.md).
 */
import { describe, expect, it } from 'vitest';
import { createMatcher } from '../../src/metrics/matcher/index.js';
import { evaluate, figures, precision, readPairs, recall, type Counts } from '../support/labelled-pairs.js';
import { fixture } from '../helpers.js';

const pairs = readPairs(fixture('matcher-blind'));
const result = evaluate(pairs, createMatcher());
const counts = (key: string): Counts => result.counts.get(key) ?? { tp: 0, fp: 0, fn: 0, tn: 0 };

describe('the blind pairs (heldout8, heldout14, heldout15)', () => {
  it('are about 800 pairs per set, half of each language, with at least 40% hard negatives', () => {
    for (const set of ['heldout8', 'heldout14', 'heldout15']) {
      const mine = pairs.filter((p) => p.set === set);
      expect(mine.length, set).toBeGreaterThanOrEqual(780);
      for (const lang of ['en', 'zh'] as const) {
        const one = mine.filter((p) => p.lang === lang);
        expect(one.length / mine.length, `${set} ${lang}`).toBeGreaterThan(0.45);
        expect(one.filter((p) => !p.same).length / one.length, `${set} ${lang} negatives`).toBeGreaterThanOrEqual(0.4);
      }
    }
  });

  it('are matched no worse than when they were last measured', () => {
    console.log(['heldout8:en', 'heldout8:zh', 'heldout14:en', 'heldout14:zh', 'heldout15:en', 'heldout15:zh'].map((k) => `${k} ${figures(counts(k))}`).join('\n'));
    const floors: [string, number, number][] = [
      // heldout8: first 0.951 / 0.916 (en), 0.968 / 0.879 (zh); English recall fell from 0.921 to 0.916 when the
      // complication-only policy came in (a pair its writer labelled "same" names only the gold's complication; the
      // floor follows the policy, the pair was not read); now en 0.967 / 0.916, zh 0.975 / 0.937
      ['heldout8:en', 0.96, 0.91],
      ['heldout8:zh', 0.97, 0.93],
      // heldout14: first measured before heldout13's rounds, en 0.984 / 0.873, zh 0.984 / 0.862; after them (the
      // code of this file's commit) en 0.979 / 0.892, zh 0.984 / 0.886
      ['heldout14:en', 0.97, 0.89],
      ['heldout14:zh', 0.98, 0.88],
      // heldout15: first measured on the code of this file's commit: en 0.977 / 0.951, zh 0.970 / 0.912
      ['heldout15:en', 0.97, 0.95],
      ['heldout15:zh', 0.97, 0.91],
    ];
    for (const [key, p, r] of floors) {
      expect(precision(counts(key)), `${key} precision`).toBeGreaterThanOrEqual(p);
      expect(recall(counts(key)), `${key} recall`).toBeGreaterThanOrEqual(r);
    }
  });
});
