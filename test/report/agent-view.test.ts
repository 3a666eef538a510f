/**
 * ClinicalAgent in the report view model: an agent run's summary (variant, role models, the routing table it
 * used, the statistics `clinicallab agent` prints) and, per case, its steps in workflow order with the model of
 * each, the clinicians' departments, the orders, the laboratory's release and the final answer; a failed step
 * is shown where the case stopped; a report without agents is unchanged.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentStats } from '../../src/agent/stats.js';
import { agentConfig } from '../../src/report/agent-read.js';
import type { AgentStepView, ReportViewModel } from '../../src/report/types.js';
import { buildViewModel } from '../../src/report/view-model.js';
import { RunStore } from '../../src/run/store.js';
import { tempDir } from '../helpers.js';
import { AGENT_ID, AGENT_MODEL, makeAgentRun } from './agent-fixture.js';
import { emptyLexiconContext, makeRun, XSS } from './fixture.js';

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
    const stats = agentStats(store.jobs({ prompts: false }), AGENT_ID, new Map());
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
      expect(steps.every((s) => s.step === 'laboratory' ? s.job === null : s.job!.status === 'done')).toBe(true);

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

  it('reads only a configuration in the shape the agent runner stores', () => {
    expect(agentConfig(undefined)).toBeNull();
    expect(agentConfig({ k: 1, m: 1, roles: { navigator: 'x' }, routing: { departments: {} } })).toBeNull();
    expect(agentConfig({ k: 3, m: 1, roles: { navigator: 'a', radiologist: 'b', chief: 'c', nurse: 'd', pharmacist: 'e' }, routing: { departments: { urology: { models: [{ model: 'm' }] } } } })).toMatchObject({
      k: 3,
      routing: { source: [], overall: [], departments: { urology: { models: [{ model: 'm', score: null, n: 0 }], fallback: false } } },
    });
  });
});
