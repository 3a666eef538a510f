/**
 * Text-metric throughput, for each text profile (clinicallab, authors): lexical scoring (BLEU + ROUGE-L,
 * `lexicalSimilarity`) of 1,500 cases × 5 text tasks (DB, DD, PT, TP, ID) per language on synthetic
 * clinical-style texts of 150–400 characters; then `scoreCase`
 * end to end on 1,500 records × all tasks together (department, DIFR, PD list, FD, the four text tasks and every
 * imaging exam: the bundled records under new uids, answered with another record's gold answers of the same
 * language, a fresh matcher per record so its cache never helps — an upper bound); and BERTScore with the tiny
 * random-weight model of test/support/tiny-bert.ts, one pair at a time and batched; with `--bert-real`, also a
 * random-weight model of real size (bert-base-chinese cut after layer 8, as bert-score uses it: hidden 768, feed-
 * forward 3072, 8 blocks), one pair at a time, batched, and batched again with the references' vectors reused.
 *
 *   npx tsx perf/text-metrics.bench.ts              # defaults
 *   npx tsx perf/text-metrics.bench.ts --cases 300 --records 300 --bert-pairs 100
 *   npx tsx perf/text-metrics.bench.ts --bert-real 1 --real-pairs 100
 *   npx tsx perf/text-metrics.bench.ts --bert-real-only 1 --real-pairs 40
 *
 * Targets on a 2-core machine: the lexical part under 10 s; scoreCase on 1,500 records × all tasks under 5 s with
 * the authors profile (no BERTScore). The tiny model's numbers measure the plumbing (tokenizer, ONNX Runtime
 * calls, greedy matching), not the cost of a real BERT; the real-size model's measure that cost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLED_CASES_DIR } from '../src/bench/bundled.js';
import type { ClinicalCase } from '../src/bench/case.js';
import type { Language } from '../src/bench/language.js';
import { loadCases } from '../src/bench/loader.js';
import { createMatcher, Lexicon } from '../src/metrics/matcher/index.js';
import { scoreCase, type AnsweredJob } from '../src/metrics/score-case.js';
import { createBertScorer, lexicalSimilarity, TEXT_PROFILES, type TextProfileName } from '../src/metrics/text/index.js';
import { writeTinyBert } from '../test/support/tiny-bert.js';
import { seededRandom as prng } from '../src/metrics/stats.js';
import { option } from './options.js';

const TASKS = ['DB', 'DD', 'PT', 'TP', 'ID'] as const;

const PHRASES: Record<Language, string[]> = {
  zh: [
    '患者上腹部持续性疼痛2天', '伴恶心呕吐', '血淀粉酶明显升高', 'CT示胰腺肿胀，周围渗出', 'WBC 13.2×10^9/L',
    '既往胆囊结石病史', '予禁食、胃肠减压', '积极补液维持水电解质平衡', '抑酸抑酶治疗', '必要时抗感染治疗',
    '监测生命体征及血糖', '病情稳定后行胆囊切除术', '需与消化性溃疡穿孔鉴别', '无腹膜刺激征', '肝功能轻度异常',
    '超声提示胆囊壁增厚', '定期复查腹部CT', '低脂饮食，戒酒', '营养支持治疗', '血钙降低提示病情较重',
  ],
  en: [
    'Persistent epigastric pain for two days', 'with nausea and vomiting', 'serum amylase markedly elevated',
    'CT showed a swollen pancreas with peripancreatic exudate', 'WBC 13.2 x 10^9/L', 'history of gallbladder stones',
    'nil by mouth and gastrointestinal decompression', 'aggressive intravenous fluid resuscitation',
    'acid and enzyme suppression', 'antibiotics if infection is suspected', 'monitor vital signs and blood glucose',
    'cholecystectomy once stable', 'differentiate from perforated peptic ulcer', 'no signs of peritonitis',
    'mildly abnormal liver function', 'ultrasound shows a thickened gallbladder wall', 'regular follow-up CT',
    'low-fat diet and no alcohol', 'nutritional support', 'low serum calcium suggests severe disease',
  ],
};

/** A text of about `min`–`max` characters: numbered phrases drawn from the pool. */
function text(rand: () => number, lang: Language, min: number, max: number): string {
  const target = min + Math.floor(rand() * (max - min));
  const pool = PHRASES[lang];
  const parts: string[] = [];
  let length = 0;
  while (length < target) {
    const p = `${parts.length + 1}. ${pool[Math.floor(rand() * pool.length)]!}${lang === 'zh' ? '；' : '; '}`;
    parts.push(p);
    length += p.length;
  }
  return parts.join('');
}

function lexicalBench(lang: Language, cases: number, profile: TextProfileName): { ms: number; cpuMs: number; pairs: number; mean: number } {
  const rand = prng(lang === 'zh' ? 7 : 11);
  const pairs: [string, string][] = [];
  for (let c = 0; c < cases; c++) for (const _task of TASKS) pairs.push([text(rand, lang, 150, 400), text(rand, lang, 150, 400)]);
  const cpu = process.cpuUsage();
  const start = performance.now();
  let sum = 0;
  for (const [cand, ref] of pairs) sum += lexicalSimilarity(cand, ref, lang, profile).score;
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, pairs: pairs.length, mean: sum / pairs.length };
}

/** The answers a model might give to one record: another record's gold answers (a plausible, mostly wrong answer). */
function answersFrom(target: ClinicalCase, donor: ClinicalCase): AnsweredJob[] {
  const g = donor.gold;
  const sections = { preliminary: g.preliminaryDiagnosisText, basis: g.diagnosticBasis, differential: g.differentialDiagnosisText, principal: g.principalDiagnosis, principle: g.therapeuticPrinciple, plan: g.treatmentPlanText };
  return [
    { kind: 'department-guide', status: 'done', parsed: { department: g.department?.id ?? null, status: 'ok', named: [] } },
    { kind: 'department-guide-3', status: 'done', parsed: { count: 3, valid: 3, items: [] } },
    { kind: 'department-guide-5', status: 'done', parsed: { count: 5, valid: 4, items: [] } },
    { kind: 'clinical-diagnosis', status: 'done', parsed: { sections, found: Object.keys(sections) } },
    ...target.imaging.map((e, i): AnsweredJob => ({ kind: 'imaging-diagnosis', exam: e.key, status: 'done', parsed: { impression: donor.imaging[i % Math.max(1, donor.imaging.length)]?.impression ?? '' } })),
  ];
}

/** A record whose text answers end with a mark of its own, so that no two records share a text (no cache helps). */
function uniqueTexts(c: ClinicalCase, mark: string): ClinicalCase {
  const g = c.gold;
  return {
    ...c,
    gold: { ...g, diagnosticBasis: g.diagnosticBasis + mark, differentialDiagnosisText: g.differentialDiagnosisText + mark, therapeuticPrinciple: g.therapeuticPrinciple + mark, treatmentPlanText: g.treatmentPlanText + mark },
    imaging: c.imaging.map((e) => ({ ...e, impression: e.impression + mark })),
  };
}

async function scoreCaseBench(records: number, profile: TextProfileName, unique = false): Promise<void> {
  const loaded = await loadCases([BUNDLED_CASES_DIR]);
  const lexicon = Lexicon.default();
  const cases = Array.from({ length: records }, (_, i) => {
    const c = loaded.cases[i % loaded.cases.length]!;
    return { ...(unique ? uniqueTexts(c, ` ${i}`) : c), uid: `${c.uid}-${i}` };
  });
  const donors = cases.map((c, i) => {
    const same = loaded.cases.filter((d) => d.language === c.language);
    const d = same[(i * 7 + 3) % same.length]!;
    return unique ? uniqueTexts(d, ` (${i})`) : d;
  });
  const jobs = cases.map((c, i) => answersFrom(c, donors[i]!));
  let exams = 0;
  let scored = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (const [i, c] of cases.entries()) {
    const out = await scoreCase(c, jobs[i]!, { matcher: createMatcher({ lexicon }), profile });
    exams += c.imaging.length;
    scored += out.rows.length;
  }
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  console.log(
    `scoreCase, all tasks, profile ${profile}${unique ? ', every text unique' : ''}: ${records} records (${exams} imaging exams, ${scored} scored rows) in ${(ms / 1000).toFixed(2)} s ` +
      `(CPU ${((used.user + used.system) / 1e6).toFixed(2)} s; ${(ms / records).toFixed(2)} ms/record; target < ${profile === 'authors' ? 5 : 10} s)`,
  );
}

async function bertBench(pairsPerLang: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'clinicallab-tiny-bert-'));
  try {
    let start = performance.now();
    const bert = await createBertScorer({ modelDir: writeTinyBert(dir) });
    console.log(`BERTScore (tiny model, hidden 32, 1 layer): load ${(performance.now() - start).toFixed(0)} ms`);
    for (const lang of ['zh', 'en'] as const) {
      const rand = prng(lang === 'zh' ? 3 : 5);
      const pairs = Array.from({ length: pairsPerLang }, () => [text(rand, lang, 150, 400), text(rand, lang, 150, 400)] as const);
      start = performance.now();
      for (const [c, r] of pairs) await bert.score(c, r);
      const single = (performance.now() - start) / pairs.length;
      start = performance.now();
      await bert.scoreBatch(pairs);
      const batched = (performance.now() - start) / pairs.length;
      console.log(
        `  ${lang}: ${pairs.length} pairs — one at a time ${single.toFixed(2)} ms/pair, batched ${batched.toFixed(2)} ms/pair`,
      );
    }
    await bert.dispose();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** BERTScore with a random-weight model of real size: per pair one at a time, batched, and with references reused. */
async function realBertBench(pairsPerLang: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'clinicallab-real-bert-'));
  try {
    let start = performance.now();
    writeTinyBert(dir, { hidden: 768, ffn: 3072, layers: 8, nameOrPath: 'bert-base-chinese' });
    console.log(`BERTScore, real-size model (hidden 768, 8 blocks, random weights): written in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    start = performance.now();
    const bert = await createBertScorer({ modelDir: dir, variant: 'bert-score', batchSize: 16, cacheSize: 0 });
    console.log(`  load ${(performance.now() - start).toFixed(0)} ms (layer ${bert.layer}, output ${bert.output})`);
    const reused = await createBertScorer({ modelDir: dir, variant: 'bert-score', batchSize: 16 });
    for (const lang of ['zh', 'en'] as const) {
      const rand = prng(lang === 'zh' ? 13 : 17);
      const pairs = Array.from({ length: pairsPerLang }, () => [text(rand, lang, 150, 400), text(rand, lang, 150, 400)] as const);
      const few = pairs.slice(0, Math.min(20, pairs.length));
      start = performance.now();
      for (const [c, r] of few) await bert.score(c, r);
      const single = (performance.now() - start) / few.length;
      start = performance.now();
      await bert.scoreBatch(pairs);
      const batched = (performance.now() - start) / pairs.length;
      // a second model's (new) answers to the same cases: the references' vectors are reused
      await reused.scoreBatch(pairs);
      const second = pairs.map(([, r]) => [text(rand, lang, 150, 400), r] as const);
      start = performance.now();
      await reused.scoreBatch(second);
      const withReuse = (performance.now() - start) / pairs.length;
      console.log(
        `  ${lang}: one at a time ${single.toFixed(0)} ms/pair (${few.length} pairs), batched ${batched.toFixed(0)} ms/pair (${pairs.length}), ` +
          `batched with the references' vectors reused ${withReuse.toFixed(0)} ms/pair`,
      );
    }
    await bert.dispose();
    await reused.dispose();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const cases = option('cases', 1500);
  const bertPairs = option('bert-pairs', 200);
  console.log(`Node ${process.version}, ${cpus().length} CPU(s): ${cpus()[0]?.model ?? 'unknown'}`);
  if (option('bert-real-only', 0) > 0) return realBertBench(option('real-pairs', 100));
  for (const profile of TEXT_PROFILES) {
    let total = 0;
    let pairs = 0;
    for (const lang of ['zh', 'en'] as const) {
      const r = lexicalBench(lang, cases, profile);
      total += r.ms;
      pairs += r.pairs;
      console.log(
        `lexical ${profile} ${lang}: ${cases} cases × ${TASKS.length} tasks = ${r.pairs} pairs in ${(r.ms / 1000).toFixed(2)} s ` +
          `(${((1000 * r.ms) / r.pairs).toFixed(0)} µs/pair; CPU ${(r.cpuMs / 1000).toFixed(2)} s; mean score ${r.mean.toFixed(2)})`,
      );
    }
    console.log(`lexical ${profile} total: ${pairs} pairs in ${(total / 1000).toFixed(2)} s (target < 10 s)`);
  }
  for (const profile of TEXT_PROFILES) await scoreCaseBench(option('records', 1500), profile);
  await scoreCaseBench(option('records', 1500), 'authors', true);
  await bertBench(bertPairs);
  if (option('bert-real', 0) > 0) await realBertBench(option('real-pairs', 100));
}

await main();
