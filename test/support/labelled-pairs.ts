/**
 * The labelled diagnosis pairs of test/fixtures/matcher-set/ (docs/metrics.md, "The labelled pairs"): reading them
 * with a clear error for a bad line, and counting a matcher's verdicts on them per set, language and kind. Used by
 * test/metrics/matcher-set.test.ts and perf/matcher.bench.ts.
 *
 * A file is `<set>-<lang>.tsv`, one pair per line: language, predicted, gold, same (1 or 0), kind, note.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Matcher, MatchLang } from '../../src/metrics/matcher/index.js';
import { fixture } from '../helpers.js';

export const PAIR_DIR = fixture('matcher-set');

/** The kinds of the issue, each a kind of error the matcher must avoid (docs/metrics.md). */
export const KINDS = ['eponym', 'zh-variant', 'descriptive', 'complication', 'exacerbation', 'stage-entity', 'substage', 'stage-conflict', 'severity', 'negation', 'containment', 'cause', 'distinct', 'synonym'] as const;
export type Kind = (typeof KINDS)[number];

export interface LabelledPair {
  set: string;
  file: string;
  line: number;
  lang: MatchLang;
  predicted: string;
  gold: string;
  same: boolean;
  kind: Kind;
  note: string;
}

export function readPairs(dir: string = PAIR_DIR): LabelledPair[] {
  const out: LabelledPair[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.tsv')).sort()) {
    const set = file.replace(/-(?:en|zh)\.tsv$/, '');
    const lines = readFileSync(join(dir, file), 'utf8').split('\n');
    for (const [i, raw] of lines.entries()) {
      if (raw.trim() === '') continue;
      const f = raw.split('\t');
      const where = `${file}, line ${i + 1}`;
      if (f.length !== 6) throw new Error(`${where}: expected 6 tab-separated fields (lang, predicted, gold, same, kind, note), found ${f.length}`);
      const [lang, predicted, gold, same, kind, note] = f as [string, string, string, string, string, string];
      if (lang !== 'zh' && lang !== 'en') throw new Error(`${where}: field "lang" must be zh or en, got "${lang}"`);
      if (same !== '0' && same !== '1') throw new Error(`${where}: field "same" must be 0 or 1, got "${same}"`);
      if (!(KINDS as readonly string[]).includes(kind)) throw new Error(`${where}: field "kind" must be one of ${KINDS.join(', ')}, got "${kind}"`);
      if (predicted.trim() === '' || gold.trim() === '') throw new Error(`${where}: fields "predicted" and "gold" must not be empty`);
      out.push({ set, file, line: i + 1, lang, predicted, gold, same: same === '1', kind: kind as Kind, note });
    }
  }
  return out;
}

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

export const precision = (c: Counts): number => (c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp));
export const recall = (c: Counts): number => (c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn));

export interface Evaluation {
  /** Counts by key: "all", a language, "<set>", "<set>:<lang>", "<lang>:<kind>". */
  counts: Map<string, Counts>;
  /** The pairs judged wrongly, with the rule that decided. */
  wrong: { pair: LabelledPair; rule: string; explanation: string }[];
}

export function evaluate(pairs: readonly LabelledPair[], matcher: Matcher): Evaluation {
  const counts = new Map<string, Counts>();
  const wrong: Evaluation['wrong'] = [];
  for (const pair of pairs) {
    const r = matcher.match(pair.predicted, pair.gold, pair.lang);
    const k: keyof Counts = r.match ? (pair.same ? 'tp' : 'fp') : pair.same ? 'fn' : 'tn';
    for (const key of ['all', pair.lang, pair.set, `${pair.set}:${pair.lang}`, `${pair.lang}:${pair.kind}`]) {
      const c = counts.get(key) ?? { tp: 0, fp: 0, fn: 0, tn: 0 };
      c[k]++;
      counts.set(key, c);
    }
    if (k === 'fp' || k === 'fn') wrong.push({ pair, rule: r.rule, explanation: r.explanation });
  }
  return { counts, wrong };
}

/** One line of figures: "precision 0.998 recall 0.990 (tp …, fp …, fn …, tn …)". */
export function figures(c: Counts): string {
  return `precision ${precision(c).toFixed(3)} recall ${recall(c).toFixed(3)} (tp ${c.tp}, fp ${c.fp}, fn ${c.fn}, tn ${c.tn})`;
}
