/**
 * Run directories for the report tests, made with the real runner: the built-in baseline and a scripted model
 * (in process, no network) whose answers carry XSS payloads and whose requests sometimes fail, on a few bundled
 * departments. Scored with an empty lexicon so the tests do not depend on data/lexicon.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import { DEFAULT_DEPARTMENTS, DepartmentTaxonomy } from '../../src/bench/departments.js';
import { loadCases } from '../../src/bench/loader.js';
import { createMatcher, Lexicon } from '../../src/metrics/matcher/index.js';
import type { ScoringContext } from '../../src/metrics/score-case.js';
import { scoreRun } from '../../src/metrics/score-run.js';
import { ModelError } from '../../src/models/errors.js';
import { createModel } from '../../src/models/registry.js';
import type { GenerateRequest, Model } from '../../src/models/types.js';
import { evaluatePlanned } from '../../src/run/evaluate.js';
import { modelEntries } from '../../src/run/setup.js';
import { GENERATION_KINDS } from '../../src/tasks/definitions.js';
import { loadTemplates } from '../../src/tasks/templates.js';
import { readCsv } from '../../src/bench/import/csv.js';

export const XSS = {
  script: '<script>window.__pwned=1</script>',
  img: '<img src=x onerror="window.__pwned=1">',
  link: '<a href="javascript:window.__pwned=1">open me</a>',
};

export const SCRIPTED = 'openai-compatible:scripted-xss@http://127.0.0.1:9/v1';

/** A model that answers every task in the right shape, with payloads in its text, and fails some requests. */
export function scriptedModel(id = SCRIPTED, failEvery = 4): Model {
  let n = 0;
  return {
    id,
    async generate(req: GenerateRequest) {
      n++;
      const kind = req.task?.kind ?? '';
      const zh = req.task?.language === 'zh';
      if (kind === 'imaging-diagnosis' && n % failEvery === 0) throw new ModelError('bad-request', 'HTTP 400: the scripted model refuses this one');
      let text: string;
      if (kind === 'department-guide') text = zh ? '泌尿外科' : 'urinary surgical department';
      else if (kind === 'department-guide-3') text = 'urinary surgical department\nnephrology department\nmade-up department';
      else if (kind === 'department-guide-5') text = 'urinary surgical department\nnephrology department\northopedics department\nneurology department';
      else if (kind === 'clinical-diagnosis')
        text = [
          `Preliminary Diagnosis: 1. ${XSS.script} Renal calculus; 2. Urinary tract infection.`,
          `Diagnostic Basis: 1. Flank pain. ${XSS.img}`,
          `Differential Diagnosis: 1. Appendicitis: ${XSS.link} excluded by imaging.`,
          'Principal Diagnosis: Renal calculus',
          'Therapeutic Principle: Relieve pain, expel or remove the stone, treat infection.',
          `Treatment Plan: 1. Analgesia. 2. Hydration. 3. ${XSS.script}`,
        ].join('\n');
      else text = `(1) ${XSS.img} no acute abnormality.`;
      return { text, usage: { inputTokens: 100, outputTokens: 20 }, finishReason: 'stop' };
    },
  };
}

export const emptyLexiconContext = (): ScoringContext => ({ matcher: createMatcher({ lexicon: Lexicon.fromData({ groups: [] }) }) });

export interface RunOptions {
  models?: string[];
  score?: boolean;
  /** Case files instead of the bundled departments' files. */
  caseFiles?: string[];
  taxonomy?: DepartmentTaxonomy;
}

/** Evaluate the baseline and the scripted model on the given bundled departments, and score the run. */
export async function makeRun(dir: string, departments = ['urology', 'neurology'], opts: RunOptions = {}): Promise<void> {
  const taxonomy = opts.taxonomy ?? DepartmentTaxonomy.default();
  const loaded = await loadCases(
    opts.caseFiles ?? departments.map((d) => join(BUNDLED_CASES_DIR, `${d}.json`)),
    { strict: !opts.caseFiles, taxonomy },
  );
  const templates = await loadTemplates();
  const models = modelEntries(opts.models ?? ['baseline', SCRIPTED], {}, { maxRetries: 0 });
  await evaluatePlanned({
    dir,
    models,
    cases: loaded.cases,
    caseFiles: loaded.files,
    kinds: [...GENERATION_KINDS],
    templates,
    taxonomy,
    env: {},
    createModel: async (entry) => (entry.spec.id === 'baseline' ? createModel('baseline', {}, {}) : scriptedModel(entry.spec.id)),
  });
  if (opts.score !== false) await scoreRun(dir, { taxonomy, context: emptyLexiconContext() });
}

/** A model whose very name (and server path) is a payload, for the manifest. */
export const TAINTED_MODEL = `openai-compatible:${XSS.img}-model@http://127.0.0.1:9/v1/${XSS.script}`;

/** The department list with Urology's label carrying a payload (a hospital's own list is data, too). */
export function taintedTaxonomy(): DepartmentTaxonomy {
  return new DepartmentTaxonomy(DEFAULT_DEPARTMENTS.map((d) => (d.id === 'urology' ? { ...d, short: `Urology ${XSS.img}` } : d)));
}

/**
 * The bundled urology records with payloads planted in what a dataset holds — the case summary, the gold answers,
 * an imaging exam's findings and impression — and partial gold as imported datasets have it: the first Chinese
 * record names no department, the first English one has no treatment principle or plan, and the second English
 * one no preliminary diagnosis and an imaging exam without an impression.
 */
export function writeTaintedCases(file: string): void {
  const records = JSON.parse(readFileSync(join(BUNDLED_CASES_DIR, 'urology.json'), 'utf8')) as Record<string, unknown>[];
  const p = `${XSS.script} ${XSS.img} ${XSS.link}`;
  const tainted = records.map((r) => {
    const out: Record<string, unknown> = { ...r };
    out.clinical_case_summary = String(r.clinical_case_summary).replace(/(Chief Complaint: |主诉：)/, `$1${p} `).replace(/(Medical History: |现病史：)/, `$1${XSS.link} `);
    for (const k of ['principal_diagnosis', 'diagnostic_basis', 'differential_diagnosis', 'therapeutic_principle', 'treatment_plan']) out[k] = `${String(r[k])} ${p}`;
    out.preliminary_diagnosis = String(r.preliminary_diagnosis).replace(/^(1[.、．]\s*)/, `$1${XSS.img} `);
    const exams = r.imageological_examination as Record<string, { findings: string; impression: string }>;
    out.imageological_examination = Object.fromEntries(Object.entries(exams).map(([k, e]) => [k, { findings: `${e.findings} ${p}`, impression: `${e.impression} ${XSS.script}` }]));
    return out;
  });
  const zh = tainted.filter((r) => r.language === 'zh');
  const en = tainted.filter((r) => r.language === 'en');
  zh[0]!.clinical_department = '';
  en[0]!.therapeutic_principle = '';
  en[0]!.treatment_plan = '';
  en[1]!.preliminary_diagnosis = '';
  const exams = en[1]!.imageological_examination as Record<string, { findings: string; impression: string }>;
  const first = Object.keys(exams)[0]!;
  exams[first] = { ...exams[first]!, impression: '' };
  writeFileSync(file, JSON.stringify(tainted, null, 1));
}

/** The tainted, partial cases run by the baseline and a model named with a payload, under the tainted department list. */
export async function makeTaintedRun(dir: string, casesFile: string): Promise<DepartmentTaxonomy> {
  writeTaintedCases(casesFile);
  const taxonomy = taintedTaxonomy();
  await makeRun(dir, [], { caseFiles: [casesFile], taxonomy, models: ['baseline', TAINTED_MODEL] });
  return taxonomy;
}

/** CSV exported by the report, read back with the project's own CSV reader (quotes, line breaks in cells). */
export function csvRows(text: string): Record<string, string>[] {
  return readCsv(text, { delimiter: ',' }).rows.map((r) => r.value ?? {});
}
