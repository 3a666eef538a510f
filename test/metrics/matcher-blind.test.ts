/**
 * The blind pairs of issue 16 (test/fixtures/matcher-blind/): written by an engineer who saw neither the lexicon nor
 * the rules, and never used to change them — the estimate of how the matcher does on diagnoses it has never seen
 * (docs/metrics.md, "The honest estimate"). The floors are the figures measured on them, rounded down, so a change
 * that makes the matcher worse on unseen pairs shows here. Fixing a miss of these pairs would make them a
 * development set: write a new blind set first (see docs/metrics.md).
 */
import { describe, expect, it } from 'vitest';
import { createMatcher } from '../../src/metrics/matcher/index.js';
import { evaluate, figures, precision, readPairs, recall, type Counts } from '../support/labelled-pairs.js';
import { fixture } from '../helpers.js';

const pairs = readPairs(fixture('matcher-blind'));
const result = evaluate(pairs, createMatcher());
const counts = (key: string): Counts => result.counts.get(key) ?? { tp: 0, fp: 0, fn: 0, tn: 0 };

describe('the blind pairs (heldout8)', () => {
  it('are about 800 pairs, half of each language, with at least 40% hard negatives', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(780);
    for (const lang of ['en', 'zh'] as const) {
      const mine = pairs.filter((p) => p.lang === lang);
      expect(mine.length / pairs.length, lang).toBeGreaterThan(0.45);
      expect(mine.filter((p) => !p.same).length / mine.length, `${lang} negatives`).toBeGreaterThanOrEqual(0.4);
    }
  });

  it('are matched no worse than when they were last measured (en P 0.962 R 0.921, zh P 0.969 R 0.903; first 0.951 / 0.916, 0.968 / 0.879)', () => {
    console.log(['en', 'zh'].map((k) => `heldout8 ${k} ${figures(counts(k))}`).join('\n'));
    const floors: [string, number, number][] = [
      // English recall fell from 0.921 to 0.916 when the complication-only policy came in (a pair its writer labelled
      // "same" names only the gold's complication); the floor follows the policy, the pair was not read
      ['en', 0.96, 0.91],
      ['zh', 0.96, 0.9],
    ];
    for (const [key, p, r] of floors) {
      expect(precision(counts(key)), `${key} precision`).toBeGreaterThanOrEqual(p);
      expect(recall(counts(key)), `${key} recall`).toBeGreaterThanOrEqual(r);
    }
  });
});
