/** The bundled ClinicalBench-Open set: complete, paired, distinct and internally consistent. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../src/bench/bundled.js';
import type { ClinicalCase } from '../src/bench/case.js';
import { checkConsistency } from '../src/bench/consistency.js';
import { DepartmentTaxonomy } from '../src/bench/departments.js';
import { loadCases, type LoadResult } from '../src/bench/loader.js';
import { numericValue } from '../src/bench/labs.js';
import { splitNumbered } from '../src/bench/lists.js';
import type { Io } from '../src/cli/io.js';
import { main } from '../src/cli/main.js';
import { createMatcher } from '../src/metrics/matcher/index.js';
import { ROOT, tempDir } from './helpers.js';

let result: LoadResult;
const taxonomy = DepartmentTaxonomy.default();

beforeAll(async () => {
  result = await loadCases([BUNDLED_CASES_DIR], { strict: true });
});

function byUid(cases: ClinicalCase[]): Map<string, ClinicalCase[]> {
  const m = new Map<string, ClinicalCase[]>();
  for (const c of cases) m.set(c.uid, [...(m.get(c.uid) ?? []), c]);
  return m;
}

describe('ClinicalBench-Open', () => {
  it('loads in strict mode with no problem at all', () => {
    expect(result.problems).toEqual([]);
    expect(result.loaded).toBeGreaterThanOrEqual(138);
  });

  it('has at least 3 cases in each of the 23 departments, each in zh and en', () => {
    for (const dep of taxonomy.departments) {
      const zh = result.cases.filter((c) => c.gold.department?.id === dep.id && c.language === 'zh');
      const en = result.cases.filter((c) => c.gold.department?.id === dep.id && c.language === 'en');
      expect({ dep: dep.id, zh: zh.length >= 3, en: en.length >= 3 }).toEqual({ dep: dep.id, zh: true, en: true });
    }
  });

  it('pairs every uid with one zh and one en record that describe the same exams', () => {
    for (const [uid, pair] of byUid(result.cases)) {
      expect({ uid, languages: pair.map((c) => c.language).sort() }).toEqual({ uid, languages: ['en', 'zh'] });
      const [a, b] = pair as [ClinicalCase, ClinicalCase];
      expect(a.id).toBe(b.id);
      expect(a.gold.department?.id).toBe(b.gold.department?.id);
      expect(a.imaging.map((e) => e.key)).toEqual(b.imaging.map((e) => e.key));
      expect(a.labs.map((l) => l.key)).toEqual(b.labs.map((l) => l.key));
      expect(a.gold.preliminaryDiagnosis.length).toBe(b.gold.preliminaryDiagnosis.length);
    }
  });

  it('has a different principal disease for every case', () => {
    const names = result.cases.filter((c) => c.language === 'en').map((c) => c.gold.principalDiagnosis.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    const zh = result.cases.filter((c) => c.language === 'zh').map((c) => c.gold.principalDiagnosis);
    expect(new Set(zh).size).toBe(zh.length);
  });

  it('gives every case imaging and labs, and passes every consistency check', () => {
    for (const c of result.cases) {
      expect(c.imaging.length).toBeGreaterThanOrEqual(1);
      expect(c.labs.length).toBeGreaterThanOrEqual(1);
      expect(c.imaging.every((e) => e.known)).toBe(true);
    }
    expect(result.cases.flatMap(checkConsistency)).toEqual([]);
  });

  it('is what `clinicallab run` uses with no arguments', async () => {
    let out = '';
    const io: Io = { out: (t) => (out += `${t}\n`), err: () => undefined, color: false };
    // run in a scratch folder: the default run directory (and any config file) is looked up in the current one
    const here = process.cwd();
    const scratch = tempDir();
    process.chdir(scratch);
    try {
      expect(await main(['run'], io)).toBe(0);
    } finally {
      process.chdir(here);
    }
    expect(out).toContain(`Cases: ${BUNDLED_CASES_DIR}`);
    expect(out).toContain(`${result.loaded} records loaded`);
    expect(readdirSync(join(scratch, 'clinicallab-runs'))).toHaveLength(1);
    // the baseline's row in the README is the row this run prints
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const documented = /^\| baseline \| (.+) \|$/m.exec(readme)![1]!.split(' | ');
    const lines = out.split('\n');
    const printed = lines[lines.findIndex((l) => l.startsWith('Model ')) + 2]!.replace('│', ' ').trim().split(/\s+/).slice(1);
    // README columns: Acc … ID, CDA, Acceptability, Avg; printed: Acc … ID, DWR, CDA, Accept., Avg, WAvg
    expect(documented).toEqual([...printed.slice(0, 9), ...printed.slice(10, 13)]);
  });
});

/** Whitespace-insensitive form for "is this text repeated there" checks. */
const squash = (t: string): string => t.replace(/\s+/gu, '').replace(/[.。;；]+$/u, '');
const label = (c: ClinicalCase): string => `${c.uid.slice(0, 8)} ${c.language}`;
/** Items without a unit are fine when the value is qualitative or the item is a ratio or an index. */
const UNITLESS = /ratio|index|比值|指数|白球比|\bA\/G\b|\bINR\b|\bpH\b|specific gravity|比重/iu;

describe('ClinicalBench-Open content (issue 5 checks)', () => {
  const matcher = createMatcher();
  const lang = (c: ClinicalCase) => c.language;

  it('names the principal diagnosis in the preliminary list, by the diagnosis matcher', () => {
    const misses = result.cases
      .filter((c) => !c.gold.preliminaryDiagnosis.some((d) => matcher.match(d, c.gold.principalDiagnosis, lang(c)).match))
      .map((c) => `${label(c)}: "${c.gold.principalDiagnosis}" vs ${JSON.stringify(c.gold.preliminaryDiagnosis)}`);
    expect(misses).toEqual([]);
  });

  it('has diseases that the matcher tells apart: no two cases share a principal diagnosis', () => {
    const clashes: string[] = [];
    for (const language of ['zh', 'en'] as const) {
      const cs = result.cases.filter((c) => c.language === language);
      for (let i = 0; i < cs.length; i++) {
        for (let j = i + 1; j < cs.length; j++) {
          const [a, b] = [cs[i]!, cs[j]!];
          if (matcher.match(a.gold.principalDiagnosis, b.gold.principalDiagnosis, language).match) clashes.push(`${label(a)} "${a.gold.principalDiagnosis}" ~ ${label(b)} "${b.gold.principalDiagnosis}"`);
        }
      }
    }
    expect(clashes).toEqual([]);
  });

  it('gives each case 1–3 imaging exams, 2–4 differential diagnoses and numbered gold lists', () => {
    const bad: string[] = [];
    for (const c of result.cases) {
      if (c.imaging.length < 1 || c.imaging.length > 3) bad.push(`${label(c)}: ${c.imaging.length} imaging exams`);
      const dd = c.gold.differentialDiagnosis.length;
      if (dd < 2 || dd > 4) bad.push(`${label(c)}: ${dd} differential items ${JSON.stringify(c.gold.differentialDiagnosis.map((d) => d.disease))}`);
      if (c.gold.differentialDiagnosis.some((d) => d.reason === '')) bad.push(`${label(c)}: a differential item without its reason`);
      for (const [field, text, min] of [
        ['preliminary_diagnosis', c.gold.preliminaryDiagnosisText, 1],
        ['diagnostic_basis', c.gold.diagnosticBasis, 4],
        ['treatment_plan', c.gold.treatmentPlanText, 2],
      ] as const) {
        if (!/^1[.．、]\s*\S/u.test(text)) bad.push(`${label(c)}: ${field} does not start with "1."`);
        if (splitNumbered(text).length < min) bad.push(`${label(c)}: ${field} has fewer than ${min} numbered items`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('reads the AML case’s lists whole: t(8;21) opens no item, in either language', () => {
    const aml = result.cases.filter((c) => c.uid.startsWith('d85fb182'));
    expect(aml.map((c) => c.language).sort()).toEqual(['en', 'zh']);
    for (const c of aml) {
      expect(c.gold.differentialDiagnosis).toHaveLength(4);
      const basis = splitNumbered(c.gold.diagnosticBasis);
      expect(basis).toHaveLength(5);
      expect(basis[4]).toContain('46,XX,t(8;21)(q22;q22.1)');
    }
    expect(aml.find((c) => c.language === 'en')!.gold.differentialDiagnosis.map((d) => d.disease)).toEqual([
      'Acute lymphoblastic leukaemia',
      'Acute promyelocytic leukaemia',
      'Myelodysplastic syndrome with excess blasts',
      'Leukaemoid reaction to infection',
    ]);
  });

  it('repeats every imaging impression and every abnormal list in the case summary', () => {
    const missing: string[] = [];
    for (const c of result.cases) {
      const imaging = squash(c.summary.auxiliary.imaging);
      const lab = squash(c.summary.auxiliary.laboratory);
      for (const e of c.imaging) if (!imaging.includes(squash(e.impression))) missing.push(`${label(c)}: impression of ${e.key}`);
      for (const l of c.labs) if (l.abnormal !== '' && !lab.includes(squash(l.abnormal))) missing.push(`${label(c)}: abnormal list of ${l.key}`);
      if (c.pathology !== '' && !squash(c.summary.auxiliary.pathology).includes(squash(c.pathology))) missing.push(`${label(c)}: pathology report`);
    }
    expect(missing).toEqual([]);
  });

  it('writes full lab lines: index, name, abbreviation, value, unit and range', () => {
    const bad: string[] = [];
    for (const c of result.cases) {
      for (const l of c.labs) {
        l.items.forEach((item, i) => {
          const where = `${label(c)} ${l.key} #${i + 1} "${item.raw}"`;
          if (item.index !== i + 1) bad.push(`${where}: index`);
          if (item.name === '' || item.abbr === '' || item.value === '') bad.push(`${where}: name, abbreviation or value missing`);
          if (item.range === '') bad.push(`${where}: no range`);
          const qualitative = numericValue(item.value) === undefined;
          if (item.unit === '' && !qualitative && !UNITLESS.test(`${item.abbr} ${item.name}`)) bad.push(`${where}: no unit`);
        });
      }
    }
    expect(bad).toEqual([]);
  });

  it('lists every flagged lab value, with its value, in the abnormal summary', () => {
    const bad: string[] = [];
    for (const c of result.cases) {
      for (const l of c.labs) {
        const listed = splitNumbered(l.abnormal).map((s) => s.replace(/\s+/gu, ''));
        for (const item of l.items.filter((x) => x.flag !== '')) {
          const abbr = item.abbr.replace(/\s+/gu, '');
          const entry = listed.find((s) => s.includes(`(${abbr})`) || s.includes(`（${abbr}）`));
          if (!entry) bad.push(`${label(c)} ${l.key}: ${item.abbr} not listed`);
          else if (!entry.includes(item.value.replace(/\s+/gu, '')) || !entry.includes(item.flag)) bad.push(`${label(c)} ${l.key}: ${item.abbr} listed without "${item.value} ${item.flag}" (${entry})`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('gives tumour cases a pathology report, or explains the sentinel in the dataset card', () => {
    const card = readFileSync(join(BUNDLED_CASES_DIR, 'DATASET.md'), 'utf8');
    const section = card.slice(card.indexOf('### Pathology and the sentinel'));
    const tumour = /carcinoma|cancer|adenoma|leiomyoma|meningioma|tumou?r|myeloma|leukaemia|lymphoma|sarcoma/iu;
    const unexplained = result.cases
      .filter((c) => c.language === 'en' && tumour.test(c.gold.principalDiagnosis) && c.pathology === '')
      .filter((c) => !section.includes(`(${String(c.id)}):`))
      .map((c) => `${label(c)} (id ${String(c.id)}) ${c.gold.principalDiagnosis}`);
    expect(section).not.toBe('');
    expect(unexplained).toEqual([]);
  });

  it('says the same in zh and en: lab values and arrows, exams, preliminary items, pathology', () => {
    const bad: string[] = [];
    for (const [uid, pair] of byUid(result.cases)) {
      const zh = pair.find((c) => c.language === 'zh');
      const en = pair.find((c) => c.language === 'en');
      if (!zh || !en) continue;
      const id = uid.slice(0, 8);
      if (zh.imaging.map((e) => e.key).join() !== en.imaging.map((e) => e.key).join()) bad.push(`${id}: modality keys differ`);
      if (zh.gold.preliminaryDiagnosis.length !== en.gold.preliminaryDiagnosis.length) bad.push(`${id}: preliminary lists differ in length`);
      if (zh.gold.differentialDiagnosis.length !== en.gold.differentialDiagnosis.length) bad.push(`${id}: differential lists differ in length`);
      if (zh.gold.treatmentPlan.length !== en.gold.treatmentPlan.length) bad.push(`${id}: treatment plans differ in length`);
      if ((zh.pathology === '') !== (en.pathology === '')) bad.push(`${id}: pathology in one language only`);
      for (const z of zh.labs) {
        const e = en.labs.find((x) => x.key === z.key);
        const values = (l: typeof z): string => l.items.map((i) => `${i.abbr} ${i.value}${i.flag} ${i.range}`).join('; ');
        if (!e) bad.push(`${id}: lab ${z.key} only in zh`);
        else if (values(z) !== values(e)) bad.push(`${id} ${z.key}: zh [${values(z)}] vs en [${values(e)}]`);
      }
    }
    expect(bad).toEqual([]);
  });
});
