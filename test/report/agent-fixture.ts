/**
 * An agent run for the report tests, made with the real ClinicalAgent runner: Agent#1@2 beside a benchmark run
 * of the baseline in one run directory. The navigator, the radiologist, the nurse and one of the two clinicians
 * of every department are a scripted model (in process, no network) whose answers carry XSS payloads and order
 * one test the cases do not have; the other clinician, the chief physician and the pharmacist are the baseline.
 * On Chinese records the nurse fails, so those cases stop there with an error. `makeShortAgentRun` makes Agent#1@3
 * on the same table (which lists two models), with the scripted model's settings from a config file.
 */
import { join } from 'node:path';
import { runAgent } from '../../src/agent/run-agent.js';
import type { AgentConfig } from '../../src/agent/workflow.js';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { loadCases } from '../../src/bench/loader.js';
import { ModelError } from '../../src/models/errors.js';
import { createModel } from '../../src/models/registry.js';
import type { GenerateRequest, Model } from '../../src/models/types.js';
import { scoreRun } from '../../src/metrics/score-run.js';
import type { Config } from '../../src/run/config.js';
import { loadTemplates } from '../../src/tasks/templates.js';
import { emptyLexiconContext, makeRun, XSS } from './fixture.js';

export const AGENT_MODEL = 'openai-compatible:scripted-agent@http://127.0.0.1:9/v1';
export const AGENT_ID = 'agent#1@2';

const SIX = (zh: boolean): string =>
  [
    `Preliminary Diagnosis: 1. ${XSS.script} Ureteric calculus; 2. Urinary tract infection.`,
    `Diagnostic Basis: 1. Colicky flank pain. ${XSS.img}`,
    `Differential Diagnosis: 1. Appendicitis: ${XSS.link} excluded by imaging.`,
    `Principal Diagnosis: ${zh ? '输尿管结石' : 'Ureteric calculus'}`,
    'Therapeutic Principle: Relieve pain, expel or remove the stone.',
    'Treatment Plan: 1. Analgesia. 2. Tamsulosin. 3. Ureteroscopy if the stone does not pass.',
  ].join('\n');

/** A role model that answers every agent step in the right shape, with payloads in its text. */
export function scriptedAgentModel(id = AGENT_MODEL): Model {
  return {
    id,
    async generate(req: GenerateRequest) {
      const kind = req.task?.kind ?? '';
      const zh = req.task?.language === 'zh';
      let text: string;
      if (kind === 'department-guide') text = zh ? '泌尿外科' : 'urinary surgical department';
      else if (kind === 'agent-consult') text = `Preliminary Diagnosis: 1. ${XSS.script} Ureteric calculus\nExaminations:\nroutine blood test\nurinalysis\nPET-CT\n${XSS.img}`;
      else if (kind === 'agent-final' || kind === 'agent-chief') text = SIX(zh);
      else if (kind === 'agent-nurse') {
        if (zh) throw new ModelError('bad-request', 'HTTP 400: the scripted nurse refuses this one');
        text = `1. Monitor urine output. ${XSS.script}\n2. Encourage fluids.`;
      } else if (kind === 'agent-pharmacist') text = `1. Tamsulosin 0.4 mg daily. ${XSS.link}`;
      else text = `(1) ${XSS.img} calculus in the left ureter.`;
      return { text, usage: { inputTokens: 200, outputTokens: 30 }, finishReason: 'stop' };
    },
  };
}

/** Another variant or settings for the agent of `makeAgentRun`. */
export interface AgentRunChoices {
  /** Clinicians per department (default 2, as many as the routing table lists). */
  m?: number;
  name?: string;
  fileConfig?: Config;
}

/** The baseline's benchmark run and Agent#1@2 on the given bundled departments, in one run directory, scored. */
export async function makeAgentRun(dir: string, departments = ['urology'], choices: AgentRunChoices = {}): Promise<void> {
  const taxonomy = DepartmentTaxonomy.default();
  await makeRun(dir, departments, { models: ['baseline'] });
  const loaded = await loadCases(
    departments.map((d) => join(BUNDLED_CASES_DIR, `${d}.json`)),
    { strict: true, taxonomy },
  );
  const ranked = [
    { model: 'baseline', score: 40, n: 6 },
    { model: AGENT_MODEL, score: 30, n: 6 },
  ];
  const config: AgentConfig = {
    k: 1,
    m: choices.m ?? 2,
    routing: { source: ['test'], minCases: 0, overall: ranked, departments: Object.fromEntries(taxonomy.departments.map((d) => [d.id, { models: ranked, fallback: false }])) },
    roles: { navigator: AGENT_MODEL, radiologist: AGENT_MODEL, chief: 'baseline', nurse: AGENT_MODEL, pharmacist: 'baseline' },
  };
  await runAgent({
    dir,
    cases: loaded.cases,
    caseFiles: loaded.files,
    templates: await loadTemplates(),
    taxonomy,
    config,
    ...(choices.name ? { name: choices.name } : {}),
    ...(choices.fileConfig ? { fileConfig: choices.fileConfig } : {}),
    flags: { maxRetries: 0 },
    backoff: { baseMs: 1, maxMs: 2 },
    createModel: async (spec) => (spec === 'baseline' ? createModel('baseline', {}, {}) : scriptedAgentModel(spec)),
  });
  await scoreRun(dir, { taxonomy, context: emptyLexiconContext() });
}

/** Agent#1@3 under its own name, though the routing table lists two models: the run records a warning. */
export const SHORT_AGENT_ID = 'agent#1@3';
/** A key given in the config file for the scripted model: it must never reach a report. */
export const SCRIPTED_KEY = 'sk-test-never-shown-0123456789';
export const SCRIPTED_SETTINGS = { apiKeyEnv: 'SCRIPTED_AGENT_KEY', price: { input: 1.5, output: 6 }, temperature: 0.2, maxTokens: 700, timeoutMs: 45_000 };

/** `makeAgentRun` with Agent#1@3 and the scripted model's settings (price, sampling, limits, key) from a config file. */
export async function makeShortAgentRun(dir: string): Promise<void> {
  await makeAgentRun(dir, ['urology'], { m: 3, name: SHORT_AGENT_ID, fileConfig: { models: [{ spec: AGENT_MODEL, apiKey: SCRIPTED_KEY, ...SCRIPTED_SETTINGS }] } });
}
