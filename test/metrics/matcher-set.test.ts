/**
 * The labelled diagnosis pairs of issue 16 (test/fixtures/matcher-set/, docs/metrics.md "The labelled pairs"): their
 * shape, and the matcher's figures on them, held so they cannot silently fall. The floors are the figures measured
 * when the sets were last changed, rounded down; the per-language goal of the issue (precision and recall ≥ 0.95 on
 * the whole set) is asserted as such.
 */
import { describe, expect, it } from 'vitest';
import { createMatcher } from '../../src/metrics/matcher/index.js';
import { evaluate, figures, KINDS, precision, readPairs, recall, type Counts } from '../support/labelled-pairs.js';
import { tempDir } from '../helpers.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const pairs = readPairs();
const result = evaluate(pairs, createMatcher());
const counts = (key: string): Counts => result.counts.get(key) ?? { tp: 0, fp: 0, fn: 0, tn: 0 };

describe('the labelled pairs', () => {
  it('are at least 1,000, about half of each language, with at least 40% hard negatives, every kind in both languages', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(1000);
    for (const lang of ['en', 'zh'] as const) {
      const mine = pairs.filter((p) => p.lang === lang);
      expect(mine.length / pairs.length, lang).toBeGreaterThan(0.45);
      expect(mine.filter((p) => !p.same).length / mine.length, `${lang} negatives`).toBeGreaterThanOrEqual(0.4);
      for (const kind of KINDS) {
        if (kind === 'zh-variant' && lang === 'en') continue; // a Chinese-only kind
        expect(mine.filter((p) => p.kind === kind).length, `${lang} ${kind}`).toBeGreaterThanOrEqual(10);
      }
    }
    // the held-out sets are separate pairs: none is also a development pair
    const dev = new Set(pairs.filter((p) => p.set === 'dev').map((p) => `${p.lang}\t${p.predicted}\t${p.gold}`));
    const repeated = pairs.filter((p) => p.set !== 'dev' && dev.has(`${p.lang}\t${p.predicted}\t${p.gold}`));
    expect(repeated.filter((p) => p.set !== 'heldout7' && p.set !== 'heldout9' && p.set !== 'heldout10' && p.set !== 'heldout11' && p.set !== 'heldout12' && p.set !== 'heldout13')).toEqual([]);
    // heldout7 and heldout9 were written blind (without the lexicon, rules or other sets) and 14 of heldout7's 793
    // pairs, 11 of heldout9's 960, happen to be development pairs too; they stay, so each first measurement stays the
    // one recorded, and may not grow
    expect(repeated.filter((p) => p.set === 'heldout7').length).toBeLessThanOrEqual(14);
    expect(repeated.filter((p) => p.set === 'heldout9').length).toBeLessThanOrEqual(11);
    // heldout11 (blind too): 2 of its 500 English pairs are development pairs
    expect(repeated.filter((p) => p.set === 'heldout11' && p.lang === 'en').length).toBeLessThanOrEqual(2);
    // and 3 of its 500 Chinese pairs (three distinct pairs of common diseases)
    expect(repeated.filter((p) => p.set === 'heldout11' && p.lang === 'zh').length).toBeLessThanOrEqual(3);
    // heldout12 (blind too): 2 of its 800 pairs are development pairs
    expect(repeated.filter((p) => p.set === 'heldout12').length).toBeLessThanOrEqual(2);
    // heldout13 (blind too, written as several models answer one case): 4 of its 800 pairs are development pairs
    expect(repeated.filter((p) => p.set === 'heldout13').length).toBeLessThanOrEqual(4);
  });

  it('meet the goal of issue 16 in each language: precision and recall at least 0.95', () => {
    const lines = ['all', 'en', 'zh', 'dev', 'dev2', 'heldout', 'heldout2', 'heldout3', 'heldout4', 'heldout5', 'heldout6', 'heldout7', 'heldout9', 'heldout10', 'heldout11', 'heldout12', 'heldout13'].map((k) => `${k.padEnd(9)} ${figures(counts(k))}`);
    const kinds = (['en', 'zh'] as const).flatMap((l) => KINDS.filter((k) => result.counts.has(`${l}:${k}`)).map((k) => `${`${l}:${k}`.padEnd(18)} ${figures(counts(`${l}:${k}`))}`));
    const wrong = result.wrong.map((w) => `${w.pair.same ? 'missed' : 'false match'} (${w.pair.file}:${w.pair.line}, ${w.pair.kind}): "${w.pair.predicted}" vs "${w.pair.gold}" → ${w.rule}`);
    console.log(`labelled pairs (${pairs.length}):\n  ${lines.join('\n  ')}\nper kind:\n  ${kinds.join('\n  ')}\n${wrong.length} judged wrongly:\n  ${wrong.join('\n  ')}`);
    for (const lang of ['en', 'zh']) {
      expect(precision(counts(lang)), `${lang} precision`).toBeGreaterThanOrEqual(0.95);
      expect(recall(counts(lang)), `${lang} recall`).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('hold the figures of each set and language (floors: the figures measured last, rounded down)', () => {
    const floors: [string, number, number][] = [
      ['dev:en', 0.99, 0.99],
      ['dev:zh', 0.99, 0.98],
      ['heldout:en', 0.99, 0.99],
      ['heldout:zh', 0.99, 0.99],
      ['dev2:en', 0.99, 0.99],
      ['dev2:zh', 0.99, 0.99],
      // each held-out set was written after the rules of its time and measured once before any tuning for it
      // (docs/metrics.md "The labelled pairs"); its misses were fixed afterwards, so these floors are not estimates:
      // heldout2 first 0.957 / 0.775 (en), 0.964 / 0.838 (zh); heldout3 1.000 / 0.770, 0.992 / 0.839;
      // heldout4 0.983 / 0.849, 0.962 / 0.900; heldout5 0.981 / 0.927, 0.980 / 0.925; heldout6 0.984 / 0.808,
      // 0.981 / 0.755; heldout7 (blind: written without seeing the lexicon or rules) 0.938 / 0.879, 0.954 / 0.911
      ['heldout2:en', 0.99, 0.99],
      ['heldout2:zh', 0.99, 0.99],
      ['heldout3:en', 0.99, 0.99],
      ['heldout3:zh', 0.99, 0.99],
      ['heldout4:en', 0.99, 0.98],
      ['heldout4:zh', 0.99, 0.99],
      ['heldout5:en', 0.99, 0.99],
      ['heldout5:zh', 0.99, 0.99],
      ['heldout6:en', 0.99, 0.98],
      ['heldout6:zh', 0.99, 0.99],
      ['heldout7:en', 0.99, 0.98],
      ['heldout7:zh', 0.99, 0.98],
      // heldout9 (blind, like heldout7; 960 pairs, hard negatives of stated subtypes, states and scales; first
      // measurement en 0.880 / 0.887, zh 0.890 / 0.864, then 9 labels set to the documented policy: 0.880 / 0.898,
      // 0.890 / 0.886; after the axes of stated subtypes, states and sites: 0.987 / 0.910, 0.986 / 0.899)
      // with the lexicon audit and the readings merged too: 1.000 / 0.967, 1.000 / 0.970
      // after the gaps-B readings (and three complication labels set to the policy): 1.000 / 0.971, 1.000 / 0.975
      ['heldout9:en', 0.99, 0.97],
      ['heldout9:zh', 0.99, 0.97],
      // heldout10 (blind, 840 pairs, less common diseases and wordings), first measured after heldout9's round:
      // en 0.858 / 0.768, zh 0.848 / 0.824; after more-h10-zh.json, more-h10-neg.json and more-h10-en.json (its Chinese
      // misses, false matches and English misses) and the recurrence, valve-thrombosis and C6-ulcer readings:
      // en 0.948 / 0.918, zh 0.942 / 0.933; after the gaps-B readings: en 0.958 / 0.923
      ['heldout10:en', 0.95, 0.92],
      ['heldout10:zh', 0.94, 0.93],
      // heldout11 (blind, en 500 pairs), first measured on main after heldout10's round: en 0.912 / 0.894; then 5
      // labels set to the documented broader-name policy, and the axes of stated types (axis-table-types.ts), the
      // readings of descriptive-more.ts and more-h11-en.json: en 0.972 / 0.976
      ['heldout11:en', 0.97, 0.97],
      // heldout11 (blind, 500 Chinese pairs across the departments), first measured on main on 2026-12-07 after
      // heldout10's round: zh 0.941 / 0.857 (tp 222, fp 14, fn 37, tn 227); then 5 labels set to the documented policy
      // and more-h11-zh.json, the 'X：Y' label, the one-sided cause and the Chinese recurrence readings: 0.956 / 0.912
      ['heldout11:zh', 0.95, 0.91],
      // heldout12 (blind, 400 pairs per language), first measured on integ (main + gaps A/B + heldout11): en 0.897 /
      // 0.866, zh 0.926 / 0.874; then the precision round (named-scales-more.ts, axis-table-kinds.ts, the Fontaine–
      // Rutherford mapping, stated-absent terms, the overlap rule's histology, more-h12-p.json) and one label set to
      // the documented usual-form policy: en 1.000 / 0.867, zh 0.995 / 0.874 (the precision floor of en is left at
      // 0.99 so that one new false match in a later round fails no merge by itself)
      ['heldout12:en', 0.99, 0.86],
      ['heldout12:zh', 0.99, 0.87],
      // heldout13 (blind, 400 pairs per language, written as several models answer one case), first measured on
      // integ after heldout12's rounds: en 0.974 / 0.910; then 4 labels set to the documented policy, the readings
      // of the en round (an article after a cause word, a cancer's cause is no secondary origin, a cause written
      // before a name that a complication follows stays with it, a sleep apnoea names its cause) and
      // more-h13-en.json: en 0.985 / 0.962
      ['heldout13:en', 0.98, 0.96],
      // heldout13 zh (blind, 400 pairs as several models answer one case), first measured on integ after heldout12's
      // round: 0.966 / 0.896; then two labels set to the documented policy, a lone T category, Meyerding in 度, CNLC,
      // 'Ⅲ期A组', a side in parentheses, JIA categories, myeloma isotypes, the ischaemic valve cause, White's class as
      // a scale and more-h13-zh.json: 0.995 / 0.964 (tp 213, fp 1, fn 8, tn 178)
      ['heldout13:zh', 0.99, 0.96],
    ];
    for (const [key, p, r] of floors) {
      expect(precision(counts(key)), `${key} precision`).toBeGreaterThanOrEqual(p);
      expect(recall(counts(key)), `${key} recall`).toBeGreaterThanOrEqual(r);
    }
  });

  it('name the file, line and field of a bad pair', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'x-en.tsv'), 'en\tGout\tGouty arthritis\t1\tsynonym\tok\nen\tGout\tGout\tyes\tsynonym\tbad\n');
    expect(() => readPairs(dir)).toThrow('x-en.tsv, line 2: field "same" must be 0 or 1, got "yes"');
    writeFileSync(join(dir, 'x-en.tsv'), 'en\tGout\tGout\t1\tnot-a-kind\tbad\n');
    expect(() => readPairs(dir)).toThrow(/x-en\.tsv, line 1: field "kind" must be one of eponym, /);
    writeFileSync(join(dir, 'x-en.tsv'), 'en\tGout\tGout\t1\n');
    expect(() => readPairs(dir)).toThrow('x-en.tsv, line 1: expected 6 tab-separated fields');
  });
});
