/**
 * Diagnosis matcher: accuracy on the labelled pairs (test/fixtures/diagnosis-pairs.tsv) and throughput.
 *
 *   npx tsx perf/matcher.bench.ts              # 100,000 pairs
 *   npx tsx perf/matcher.bench.ts --pairs 20000
 *
 * Accuracy: precision, recall and F1 of `match` against the `same` column of the first labelled set, per language
 * and overall, and the labelled pairs of issue 16 (test/fixtures/matcher-set/) per set and language.
 * Throughput, three ways over the same number of pairs:
 *  - distinct: every pair is new text (labelled pairs and lexicon names with seeded variations: hedges, list
 *    markers, sides, severities, explanations), so the matcher's per-text cache rarely helps — the cost of a run
 *    whose answers are all different;
 *  - repeated: the labelled pairs over and over (the cache answers most of the analysis);
 *  - lists: preliminary-diagnosis lists of 3–6 items against gold lists of 2–5 (counted in pairs compared).
 * Each is timed by the wall clock and by the process's CPU time (the wall time grows with other work on a shared
 * machine). The lexicon load (with its zh abbreviation table) is timed separately.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { createMatcher, Lexicon, matchList, type LexiconData, type MatcherOptions, type MatchLang } from '../src/metrics/matcher/index.js';
import { fixture } from '../test/helpers.js';
import { evaluate, figures, readPairs } from '../test/support/labelled-pairs.js';
import { seededRandom as prng } from '../src/metrics/stats.js';
import { option } from './options.js';

type Pair = [string, string, MatchLang];

const rows = readFileSync(fixture('diagnosis-pairs.tsv'), 'utf8')
  .split('\n')
  .slice(1)
  .filter((l) => l.trim() !== '')
  .map((l) => l.split('\t'));

const loadStart = performance.now();
const lexicon = Lexicon.load();
const loadMs = performance.now() - loadStart;
const data = JSON.parse(readFileSync(new URL('../data/lexicon/diagnoses.json', import.meta.url), 'utf8')) as LexiconData;

function accuracy(): void {
  console.log(`Labelled pairs (${rows.length}):`);
  const policies: [string, MatcherOptions][] = [
    ['defaults', {}],
    ['broaderPrediction never', { broaderPrediction: 'never' }],
    ['broaderPrediction always', { broaderPrediction: 'always' }],
    ['no lexicon, threshold 0.7', { threshold: 0.7, lexicon: Lexicon.fromData({ groups: [] }) }],
    ['no lexicon, threshold 0.8', { lexicon: Lexicon.fromData({ groups: [] }) }],
  ];
  for (const [label, opts] of policies) {
    const matcher = createMatcher({ lexicon, ...opts });
    const count: Record<string, { tp: number; fp: number; fn: number; tn: number }> = {};
    for (const [lang, predicted, gold, same] of rows) {
      const r = matcher.match(predicted!, gold!, lang as MatchLang);
      const truth = same === '1';
      const key = r.match ? (truth ? 'tp' : 'fp') : truth ? 'fn' : 'tn';
      for (const k of [lang!, 'all']) (count[k] ??= { tp: 0, fp: 0, fn: 0, tn: 0 })[key]++;
    }
    console.log(` ${label}:`);
    for (const k of label === 'defaults' ? ['en', 'zh', 'all'] : ['all']) {
      const c = count[k];
      if (!c) continue;
      const p = c.tp / (c.tp + c.fp);
      const r = c.tp / (c.tp + c.fn);
      console.log(`  ${k.padEnd(3)}  precision ${p.toFixed(4)}  recall ${r.toFixed(4)}  F1 ${((2 * p * r) / (p + r)).toFixed(4)}  (tp ${c.tp}, fp ${c.fp}, fn ${c.fn}, tn ${c.tn})`);
    }
  }
}

function labelledSets(): void {
  const pairs = readPairs();
  const e = evaluate(pairs, createMatcher({ lexicon }));
  console.log(`\nLabelled pairs of issue 16 (${pairs.length}, test/fixtures/matcher-set/):`);
  const keys = [...e.counts.keys()].filter((k) => !/^(?:en|zh):/.test(k)).sort();
  for (const k of keys) console.log(`  ${k.padEnd(12)} ${figures(e.counts.get(k)!)}`);
}

const VARY: Record<MatchLang, ((s: string, rand: () => number) => string)[]> = {
  en: [
    (s) => `Suspected ${s}`,
    (s) => `1. ${s}`,
    (s, r) => `${r() < 0.5 ? 'Left' : 'Right'} ${s}`,
    (s) => `${s}, moderate`,
    (s, r) => `${s} - recommend follow-up in ${1 + Math.floor(r() * 12)} weeks`,
    (s) => `**${s}**`,
    (s) => `Most likely ${s.toLowerCase()}`,
  ],
  zh: [
    (s) => `${s}可能`,
    (s) => `考虑${s}`,
    (s, r) => `${r() < 0.5 ? '左侧' : '右侧'}${s}`,
    (s) => `1、${s}`,
    (s, r) => `${s}，建议复查${1 + Math.floor(r() * 12)}周`,
    (s) => `${s}（待排）`,
  ],
};

function distinctPairs(n: number): Pair[] {
  const rand = prng(2406);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const names: Record<MatchLang, string[]> = { en: data.groups.flatMap((g) => g.en), zh: data.groups.flatMap((g) => g.zh) };
  const out: Pair[] = [];
  for (let i = 0; i < n; i++) {
    const lang: MatchLang = rand() < 0.5 ? 'zh' : 'en';
    const base = rand() < 0.5 ? rows.filter((r) => r[0] === lang).map((r): [string, string] => [r[1]!, r[2]!]) : [[pick(names[lang]), pick(names[lang])] as [string, string]];
    const [p, g] = pick(base);
    // A serial number keeps every text new, the way real answers differ from each other.
    out.push([`${pick(VARY[lang])(p, rand)} ${lang === 'en' ? `#${i}` : `（${i}）`}`, `${pick(VARY[lang])(g, rand)} ${i}`, lang]);
  }
  return out;
}

/** Wall time and the process's CPU time: on a shared machine the wall time grows with the load, the CPU time much less. */
function time(label: string, pairs: number, run: () => void): void {
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  run();
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(`  ${label.padEnd(10)} ${pairs.toLocaleString('en')} pairs in ${(ms / 1000).toFixed(2)} s (${((1000 * ms) / pairs).toFixed(1)} µs/pair, ${Math.round((pairs / ms) * 1000).toLocaleString('en')} pairs/s; CPU ${(cpuMs / 1000).toFixed(2)} s, ${((1000 * cpuMs) / pairs).toFixed(1)} µs/pair)`);
}

function throughput(n: number): void {
  console.log(`\nThroughput (lexicon load ${loadMs.toFixed(0)} ms: ${lexicon.size} groups, ${lexicon.nameCount} names, ${lexicon.zhAbbreviations.size} zh abbreviations):`);
  const pairs = distinctPairs(n);
  const m1 = createMatcher({ lexicon });
  time('distinct', n, () => {
    for (const [p, g, l] of pairs) m1.match(p, g, l);
  });
  const m2 = createMatcher({ lexicon });
  time('repeated', n, () => {
    for (let i = 0; i < n; i++) {
      const r = rows[i % rows.length]!;
      m2.match(r[1]!, r[2]!, r[0] as MatchLang);
    }
  });
  const m3 = createMatcher({ lexicon });
  const rand = prng(7);
  const pools: Record<MatchLang, Pair[]> = { en: pairs.filter((x) => x[2] === 'en'), zh: pairs.filter((x) => x[2] === 'zh') };
  const lists: [string[], string[], MatchLang][] = [];
  let compared = 0;
  while (compared < n) {
    const lang: MatchLang = rand() < 0.5 ? 'zh' : 'en';
    const pool = pools[lang];
    const item = (): Pair => pool[Math.floor(rand() * pool.length)]!;
    const pred = Array.from({ length: 3 + Math.floor(rand() * 4) }, () => item()[0]);
    const gold = Array.from({ length: 2 + Math.floor(rand() * 4) }, () => item()[1]);
    lists.push([pred, gold, lang]);
    compared += pred.length * gold.length;
  }
  time('lists', compared, () => {
    for (const [p, g, l] of lists) matchList(p, g, m3, l);
  });
}

console.log(`Node ${process.version}, ${cpus().length} CPU(s): ${cpus()[0]?.model ?? 'unknown'}\n`);
accuracy();
labelledSets();
throughput(option('pairs', 100_000));
