/**
 * ClinicalAgent in the report view model: an agent run's summary (variant, role models, the routing table it
 * used, the statistics `clinicallab agent` prints) and, per case, its steps in workflow order with the model of
 * each, the clinicians' departments, the orders, the laboratory's release and the final answer; a failed step
 * is shown where the case stopped; a report without agents is unchanged. The laboratory is the run's own
 * `agent-lab` step (rebuilt from the orders for runs made before it was stored); what the run recorded about the
 * agent — every model it may call with roles and settings, its templates and its warnings — reaches the view
 * model and the `agents` and `manifest` exports, and the key never does.
 */
import Database from 'better-sqlite3';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentStats } from '../../src/agent/stats.js';
import { jobRecords } from '../../src/run/records.js';
import { decodeAgentRecord } from '../../src/agent/agent-record.js';
import { agentConfig } from '../../src/report/agent-read.js';
import { exportTable } from '../../src/report/export.js';
import { renderHtml } from '../../src/report/html.js';
import { getTemplate, loadTemplates } from '../../src/tasks/templates.js';
import type { AgentStepView, ReportViewModel } from '../../src/report/types.js';
import { buildViewModel } from '../../src/report/view-model.js';
import { RunStore } from '../../src/run/store.js';
import { tempDir } from '../helpers.js';
import { AGENT_ID, AGENT_MODEL, makeAgentRun, makeShortAgentRun, SCRIPTED_KEY, SCRIPTED_SETTINGS, SHORT_AGENT_ID } from './agent-fixture.js';
import { emptyLexiconContext, makeRun, XSS, csvRows } from './fixture.js';

let dir: string;
let vm: ReportViewModel;
let agent: number;

beforeAll(async () => {
  dir = join(tempDir(), 'agent-run');
  await makeAgentRun(dir);
  vm = await buildViewModel([dir], { context: emptyLexiconContext(), ci: false });
  agent = vm.models.findIndex((m) => m.model === AGENT_ID);
}, 60_000);

const stepsOf = (language: string): AgentStepView[][] => vm.cases.filter((c) => c.language === language).map((c) => c.answers[String(agent)]!.agent!);

describe('an agent run in the view model', () => {
  it('has the agent beside the benchmark model, with its summary', () => {
    expect(vm.models.map((m) => m.model).sort()).toEqual([AGENT_ID, 'baseline']);
    expect(vm.agents).toHaveLength(1);
    const a = vm.agents![0]!;
    expect(a).toMatchObject({ model: agent, label: AGENT_ID, variant: 'Agent#1@2', k: 1, m: 2 });
    expect(a.roles).toEqual({ navigator: AGENT_MODEL, radiologist: AGENT_MODEL, chief: 'baseline', nurse: AGENT_MODEL, pharmacist: 'baseline' });
    const uro = a.routing!.departments.find((d) => d.id === 'urology')!;
    expect(uro).toMatchObject({ label: 'Urology', visits: 6, fallback: false });
    expect(uro.clinicians).toEqual([
      { model: 'baseline', score: 40, n: 6 },
      { model: AGENT_MODEL, score: 30, n: 6 },
    ]);
    expect(a.routing!.departments.filter((d) => d.visits > 0)).toHaveLength(1);
    expect(a.routing!.departments).toHaveLength(23);
    expect(a.clinicians).toEqual([
      { model: 'baseline', consults: 6 },
      { model: AGENT_MODEL, consults: 6 },
    ].sort((x, y) => x.model.localeCompare(y.model)));
  });

  it('gives the statistics `clinicallab agent` prints, and counts the cases a failed step stopped', () => {
    const store = RunStore.open(dir);
    const stats = agentStats(jobRecords(store, dir), AGENT_ID, new Map());
    store.close();
    const a = vm.agents![0]!.stats;
    expect(a.cases).toBe(6);
    expect(a.ordersPerCase).toBeCloseTo(stats.ordersPerCase, 9);
    expect(a.tokensPerCase).toBeCloseTo(stats.tokensPerCase, 9);
    expect(a.costPerCase).toBeNull(); // the scripted model has no price
    expect(a.orderedShare).toBeGreaterThan(0);
    expect(a.orderedShare).toBeLessThanOrEqual(100);
    expect(a.stopped).toBe(3); // the Chinese records: the nurse fails
  });

  it('yields each case’s steps in workflow order, with their models and departments', () => {
    for (const steps of stepsOf('en')) {
      const kinds = steps.map((s) => s.step);
      const radiology = kinds.filter((k) => k === 'radiologist').length;
      expect(radiology).toBeGreaterThan(0);
      expect(kinds).toEqual(['navigator', 'consult', 'consult', 'laboratory', ...Array<string>(radiology).fill('radiologist'), 'final', 'final', 'chief', 'nurse', 'pharmacist', 'answer']);
      expect(steps.map((s) => s.model)).toEqual([AGENT_MODEL, 'baseline', AGENT_MODEL, null, ...Array<string>(radiology).fill(AGENT_MODEL), 'baseline', AGENT_MODEL, 'baseline', AGENT_MODEL, 'baseline', null]);
      expect(steps.filter((s) => s.step === 'consult' || s.step === 'final').every((s) => s.department === 'Urology')).toBe(true);
      expect(steps[0]!.departments).toEqual(['Urology']);
      expect(steps.every((s) => s.job!.status === 'done')).toBe(true);

      const scripted = steps[2]!;
      expect(scripted.preliminary).toContain(XSS.script);
      expect(scripted.orders!.labs).toContain('routine blood test');
      expect(scripted.orders!.unknown).toEqual(['PET-CT', XSS.img]);
      // the laboratory releases what either clinician ordered; the rest is "not performed" or not ordered
      const lab = steps[3]!;
      const labs = new Set(steps.slice(1, 3).flatMap((s) => s.orders!.labs));
      expect(lab.released!.map((r) => r.name).sort()).toEqual([...labs].sort());
      expect(lab.released!.every((r) => r.result.length > 0)).toBe(true);
      expect(lab.notPerformed).toEqual(['PET-CT', XSS.img]);
      // it is the laboratory's own stored step: what it released is its answer, with no model, tokens or cost
      expect(lab.rebuilt).toBeUndefined();
      expect(lab.model).toBeNull();
      expect([lab.job!.tokens, lab.job!.cost]).toEqual([0, 0]);
      for (const r of lab.released!) expect(lab.job!.raw).toContain(r.result);
      expect(lab.job!.raw).toContain('PET-CT');
      // the radiologist reports each ordered exam
      const ordered = new Set(steps.slice(1, 3).flatMap((s) => s.orders!.imaging));
      for (const r of steps.filter((s) => s.step === 'radiologist')) {
        expect(ordered.has(r.exam!)).toBe(true);
        expect(r.findings!.length).toBeGreaterThan(0);
        expect(r.impression).toContain(XSS.img);
      }
      const chief = steps.find((s) => s.step === 'chief')!;
      const answer = steps.at(-1)!;
      expect(answer.sections!.principal).toBe(chief.sections!.principal);
      expect(answer.sections!.plan).toContain('Nursing:');
      expect(steps.find((s) => s.step === 'nurse')!.text).toContain(XSS.script);
      expect(steps.find((s) => s.step === 'nurse')!.job!.tokens).toBe(230);
    }
  });

  it('shows where a failed step stopped a case', () => {
    for (const steps of stepsOf('zh')) {
      const nurse = steps.find((s) => s.step === 'nurse')!;
      expect(nurse.job).toMatchObject({ status: 'error' });
      expect(nurse.job!.error).toContain('the scripted nurse refuses this one');
      expect(nurse.model).toBe(AGENT_MODEL);
      expect(steps.some((s) => s.step === 'pharmacist')).toBe(false);
      expect(steps.at(-1)).toMatchObject({ step: 'answer', job: { status: 'error' } });
    }
  });

  it('adds nothing for models that are not agents, nor to a report without agents', async () => {
    const base = vm.models.findIndex((m) => m.model === 'baseline');
    expect(vm.cases.every((c) => c.answers[String(base)]!.agent === undefined)).toBe(true);
    const plain = join(tempDir(), 'plain');
    await makeRun(plain, ['urology'], { models: ['baseline'] });
    const v = await buildViewModel([plain], { context: emptyLexiconContext(), ci: false });
    expect('agents' in v).toBe(false);
  });

  it('reads a configuration of a run made before models and templates were recorded as not recorded, and refuses a malformed one', () => {
    const roles = { navigator: 'a', radiologist: 'b', chief: 'c', nurse: 'd', pharmacist: 'e' };
    const routing = { source: ['r1'], minCases: 5, overall: [], departments: { urology: { models: [{ model: 'm', score: null, n: 0 }], fallback: false } } };
    expect(agentConfig(decodeAgentRecord('run R, record agent:x', { agent: 'x', k: 3, m: 1, roles, routing }))).toMatchObject({
      k: 3,
      recorded: false,
      models: [],
      routing: { source: ['r1'], overall: [], departments: { urology: { models: [{ model: 'm', score: null, n: 0 }], fallback: false } } },
    });
    expect(() => decodeAgentRecord('run R, record agent:x', { agent: 'x', k: 1, m: 1, roles: { navigator: 'x' }, routing })).toThrow('run R, record agent:x: config.roles.radiologist is missing, not a text');
  });
});

describe('an agent run made before the laboratory was stored', () => {
  it('gets its laboratory rebuilt from the orders, marked so, and only on cases that went past it', async () => {
    const old = join(tempDir(), 'old-agent-run');
    cpSync(dir, old, { recursive: true });
    const stoppedEarly = vm.cases.find((c) => c.language === 'en')!;
    const db = new Database(join(old, 'run.sqlite'));
    db.prepare("DELETE FROM jobs WHERE kind = 'agent-lab'").run();
    // one case as if it had stopped right after its consultations
    db.prepare("DELETE FROM jobs WHERE model = ? AND case_uid = ? AND language = 'en' AND kind NOT IN ('department-guide', 'agent-consult')").run(AGENT_ID, stoppedEarly.uid);
    db.close();
    const v = await buildViewModel([old], { context: emptyLexiconContext(), ci: false });
    const a = v.models.findIndex((m) => m.model === AGENT_ID);
    let compared = 0;
    for (const c of v.cases) {
      const labs = c.answers[String(a)]!.agent!.filter((s) => s.step === 'laboratory');
      if (c.uid === stoppedEarly.uid && c.language === 'en') {
        expect(labs).toEqual([]);
        continue;
      }
      const stored = vm.cases.find((x) => x.uid === c.uid && x.language === c.language)!.answers[String(agent)]!.agent!.find((s) => s.step === 'laboratory')!;
      expect(labs).toHaveLength(1);
      expect(labs[0]).toMatchObject({ rebuilt: true, job: null, model: null });
      expect([labs[0]!.released, labs[0]!.notPerformed, labs[0]!.notOrdered]).toEqual([stored.released, stored.notPerformed, stored.notOrdered]);
      compared++;
    }
    expect(compared).toBe(5);
  }, 60_000);
});

describe('what an agent run records about itself', () => {
  let shortDir: string;
  let short: ReportViewModel;
  beforeAll(async () => {
    shortDir = join(tempDir(), 'short-agent-run');
    await makeShortAgentRun(shortDir);
    short = await buildViewModel([shortDir], { context: emptyLexiconContext(), ci: false });
  }, 60_000);

  it('has every model the agent may call, with its roles, parameters, limits, price and key variable', () => {
    const a = short.agents![0]!;
    expect(a).toMatchObject({ label: SHORT_AGENT_ID, variant: 'Agent#1@3', recorded: true });
    expect(a.models.map((x) => [x.id, x.roles])).toEqual([
      [AGENT_MODEL, ['navigator', 'clinician', 'radiologist', 'nurse']],
      ['baseline', ['clinician', 'chief', 'pharmacist']],
    ]);
    expect(a.models[0]).toMatchObject({
      provider: 'openai-compatible',
      baseURL: 'http://127.0.0.1:9/v1',
      params: { temperature: SCRIPTED_SETTINGS.temperature, maxTokens: SCRIPTED_SETTINGS.maxTokens },
      timeoutMs: SCRIPTED_SETTINGS.timeoutMs,
      maxRetries: 0,
      price: SCRIPTED_SETTINGS.price,
      apiKeyEnv: SCRIPTED_SETTINGS.apiKeyEnv,
    });
    expect(a.models[1]).toMatchObject({ provider: 'baseline', params: { temperature: 0 } });
    // the default variant fills its table: nothing to warn about
    expect(vm.agents![0]).toMatchObject({ recorded: true, warnings: [] });
    expect(vm.agents![0]!.models.map((x) => x.id)).toEqual([AGENT_MODEL, 'baseline']);
  });

  it('has the hash of each template the agent used, and the warning its variant got', async () => {
    const templates = await loadTemplates();
    const a = short.agents![0]!;
    for (const lang of ['en', 'zh'] as const) {
      for (const name of ['department-guide', 'agent-consult', 'imaging-diagnosis', 'agent-final', 'agent-chief', 'agent-nurse', 'agent-pharmacist'] as const) {
        expect(a.templates[`${lang}/${name}`]?.hash, `${lang}/${name}`).toBe(getTemplate(templates, lang, name).hash);
      }
    }
    expect(a.warnings).toHaveLength(1);
    expect(a.warnings[0]).toContain(`${SHORT_AGENT_ID}: the routing table lists 2 models instead of 3 for every department (23)`);
  });

  it('exports them in the agents table and, one line per model with its roles, in the manifest', () => {
    const [row] = csvRows(exportTable(short, 'agents', 'csv'));
    expect(row!.models).toBe(`${AGENT_MODEL} (navigator, clinician, radiologist, nurse); baseline (clinician, chief, pharmacist)`);
    expect(row!.templates).toContain(`en/agent-consult=${short.agents![0]!.templates['en/agent-consult']!.hash}`);
    expect(row!.warnings).toContain('instead of 3');
    const manifest = csvRows(exportTable(short, 'manifest', 'csv'));
    // the benchmark's model, the agent (with its usage), and the agent's two models (with their settings)
    expect(manifest.map((r) => [r.model, r.agent, r.roles])).toEqual([
      ['baseline', '', ''],
      [SHORT_AGENT_ID, SHORT_AGENT_ID, ''],
      [AGENT_MODEL, SHORT_AGENT_ID, 'navigator clinician radiologist nurse'],
      ['baseline', SHORT_AGENT_ID, 'clinician chief pharmacist'],
    ]);
    const scripted = manifest.find((r) => r.model === AGENT_MODEL)!;
    expect(JSON.parse(scripted.params!)).toEqual({ temperature: 0.2, maxTokens: 700 });
    expect([scripted.price_input, scripted.price_output, scripted.api_key_env, scripted.timeout_ms, scripted.max_retries]).toEqual(['1.5', '6', 'SCRIPTED_AGENT_KEY', '45000', '0']);
    expect(scripted.jobs).toBe(''); // the agent's usage is on its own line
    expect(Number(manifest.find((r) => r.model === SHORT_AGENT_ID)!.jobs)).toBe(short.models.find((m) => m.model === SHORT_AGENT_ID)!.usage.jobs);
    expect(manifest.filter((r) => r.agent === SHORT_AGENT_ID).every((r) => r.warnings!.includes('instead of 3'))).toBe(true);
    expect(manifest.find((r) => r.agent === '')!.warnings).toBe('');
  });

  it('never holds the key given in the config file', () => {
    const outputs = [JSON.stringify(short), renderHtml(short), ...(['agents', 'manifest'] as const).flatMap((t) => [exportTable(short, t, 'csv'), exportTable(short, t, 'json')])];
    for (const text of outputs) expect(text).not.toContain(SCRIPTED_KEY);
  });
});

