/**
 * Pathological answers of about a megabyte through every parser and scorer that reads a model's answer: how long
 * each takes. The texts are the ones the tests use to check nothing hangs on them (test/support/huge-texts.ts:
 * long runs of one character, endless repeats, unclosed markup, binary and mixed-script text); the tests check
 * the results, this measures the time, which a loaded machine stretches.
 *
 *   npx tsx perf/huge-inputs.bench.ts              # each text 3 times in a row, the best time kept
 *   npx tsx perf/huge-inputs.bench.ts --rounds 1
 *
 * Printed per text as it is measured: the best of its rounds (wall clock) in ms; then per group the slowest text. A pattern that
 * backtracks or a loop that rescans shows up as seconds where its neighbours take milliseconds.
 */
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { BUNDLED_CASES_DIR } from '../src/bench/bundled.js';
import { DepartmentTaxonomy } from '../src/bench/departments.js';
import { splitNumbered } from '../src/bench/lists.js';
import { loadCases } from '../src/bench/loader.js';
import { createMatcher } from '../src/metrics/matcher/index.js';
import { scoreCase } from '../src/metrics/score-case.js';
import { lexicalSimilarity } from '../src/metrics/text/index.js';
import { parseAnswer } from '../src/run/answers.js';
import { parseDepartmentAnswer, parseMultiDepartmentAnswer } from '../src/tasks/departments.js';
import { findJson } from '../src/tasks/json-answer.js';
import { readDepartment, readDepartments, readDiagnosis, readImpression } from '../src/tasks/reading.js';
import { isNoteLine } from '../src/tasks/answer-notes.js';
import { diagnosisItems, diseaseName, principalName } from '../src/tasks/diagnosis-names.js';
import { parseSections } from '../src/tasks/sections.js';
import { departmentTexts, gapTexts, hugeDiagnosisAnswer, lexicalTexts, numberedTexts, readingTexts, sectionTexts } from '../test/support/huge-texts.js';
import { option } from './options.js';

const rounds = option('rounds', 3);
const tax = DepartmentTaxonomy.default();

/** A gold text of ordinary length per language: references are written by clinicians, never megabytes. */
const GOLD = {
  zh: '1. 急性胆源性胰腺炎；2. 胆总管结石。上腹痛伴呕吐两天，血淀粉酶升高，CT示胰周渗出。',
  en: '1. Acute biliary pancreatitis; 2. Common bile duct stone. Two days of epigastric pain and vomiting, raised amylase.',
};

interface Item {
  group: string;
  name: string;
  chars: number;
  run: () => unknown;
}

async function items(): Promise<Item[]> {
  const out: Item[] = [];
  for (const [name, text] of sectionTexts()) out.push({ group: 'parseSections', name, chars: text.length, run: () => parseSections(text) });
  for (const [name, text] of readingTexts()) {
    out.push({ group: 'answer readers', name, chars: text.length, run: () => [readDepartment(text, tax), readDepartments(text, tax), readDiagnosis(text), readImpression(text), findJson(text)] });
  }
  // each text through the parser its test reads it with (a one-department answer or a list)
  const d = departmentTexts();
  for (const name of ['padded', 'gap', 'twoOnLine', 'unclosed'] as const) out.push({ group: 'department answers', name, chars: d[name].length, run: () => parseDepartmentAnswer(d[name], tax) });
  for (const name of ['twoOnLine', 'numbered', 'separators', 'samePiece'] as const) {
    out.push({ group: 'department answers', name: `${name} (list)`, chars: d[name].length, run: () => parseMultiDepartmentAnswer(d[name], tax) });
  }
  // a megabyte-long run between the words a reader must still find (the shapes that were quadratic)
  const g = gapTexts();
  for (const name of ['tabs', 'ideographic', 'hedged', 'lineBreaks', 'manyMentions'] as const) out.push({ group: 'gaps', name, chars: g[name].length, run: () => parseDepartmentAnswer(g[name], tax) });
  for (const name of ['hedgeTail', 'questionMarks', 'stopMarks'] as const) out.push({ group: 'gaps', name: `${name} (disease name)`, chars: g[name].length, run: () => diseaseName(g[name]) });
  for (const name of ['connector', 'complications'] as const) out.push({ group: 'gaps', name: `${name} (principal)`, chars: g[name].length, run: () => principalName(g[name]) });
  out.push({ group: 'gaps', name: 'tabbedList (diagnosis items)', chars: g.tabbedList.length, run: () => diagnosisItems(g.tabbedList) });
  out.push({ group: 'gaps', name: 'stars (note line)', chars: g.stars.length, run: () => isNoteLine(g.stars) });
  for (const [name, text] of Object.entries(numberedTexts())) out.push({ group: 'splitNumbered', name, chars: text.length, run: () => splitNumbered(text) });
  const { binary, mixed, huge, repeats } = lexicalTexts();
  const refs = [[GOLD.zh, 'zh'], [GOLD.en, 'en'], [mixed.slice(0, 20_000), 'zh'], [binary.slice(0, 5000), 'en']] as const;
  for (const [name, text] of [['binary', binary], ['mixed scripts ×4', huge]] as const) {
    out.push({ group: 'lexicalSimilarity', name: `${name} against 4 references`, chars: text.length, run: () => refs.map(([r, lang]) => lexicalSimilarity(text, r, lang)) });
  }
  out.push({ group: 'lexicalSimilarity', name: 'repeats against a gold text', chars: repeats.length, run: () => lexicalSimilarity(repeats, GOLD.zh, 'zh') });
  out.push({ group: 'lexicalSimilarity', name: 'repeats against 150k of itself', chars: repeats.length, run: () => lexicalSimilarity(repeats, repeats.slice(0, 150_000), 'zh') });
  const { cases } = await loadCases([join(BUNDLED_CASES_DIR, 'hematology.json')], { strict: true });
  const zhCase = cases.find((c) => c.language === 'zh');
  if (!zhCase) throw new Error('huge-inputs: no Chinese record in the bundled hematology cases');
  const answer = hugeDiagnosisAnswer();
  const matcher = createMatcher();
  out.push({
    group: 'scoreCase',
    name: 'clinical diagnosis, parsed and scored',
    chars: answer.length,
    run: () => scoreCase(zhCase, [{ kind: 'clinical-diagnosis', status: 'done', parsed: parseAnswer('clinical-diagnosis', answer, tax) }], { matcher }),
  });
  return out;
}

async function main(): Promise<void> {
  const list = await items();
  console.log(`${list.length} texts, ${rounds} rounds; ${cpus().length} cores; load average ${loadavg()[0]!.toFixed(1)} at the start`);
  const best = new Map<Item, number>();
  let group = '';
  for (const it of list) {
    for (let r = 0; r < rounds; r++) {
      const t0 = performance.now();
      await it.run();
      const ms = performance.now() - t0;
      best.set(it, Math.min(best.get(it) ?? Infinity, ms));
    }
    if (it.group !== group) console.log(`${(group = it.group)}:`);
    console.log(`  ${it.name.padEnd(40)} ${(it.chars / 1024).toFixed(0).padStart(6)} KiB ${best.get(it)!.toFixed(1).padStart(9)} ms`);
  }
  console.log('slowest text per group:');
  for (const g of [...new Set(list.map((i) => i.group))]) {
    const worst = list.filter((i) => i.group === g).reduce((a, b) => (best.get(a)! >= best.get(b)! ? a : b));
    console.log(`  ${g.padEnd(20)} ${best.get(worst)!.toFixed(0).padStart(6)} ms  (${worst.name})`);
  }
  console.log(`load average ${loadavg()[0]!.toFixed(1)} at the end`);
}

await main();
