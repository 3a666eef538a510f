/** ClinicalAgent end to end: routing, what each role sees, the chief's merge, resume, and scoring like a model. */
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runAgent } from '../../src/agent/run-agent.js';
import type { RoutingTable } from '../../src/agent/routing.js';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import type { ClinicalCase } from '../../src/bench/case.js';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import type { LoadResult } from '../../src/bench/loader.js';
import { readManifest } from '../../src/run/meta-records.js';
import { RunStore } from '../../src/run/store.js';
import type { TemplateSet } from '../../src/tasks/templates.js';
import type { Config } from '../../src/run/config.js';
import { mockTokenCount, type MockServer } from '../support/mock-openai.js';
import { runCli, tempDir } from '../helpers.js';
import { last, NURSE, PHARMACIST, scriptHospital, openHospital } from './hospital.js';

const taxonomy = DepartmentTaxonomy.default();
let server: MockServer;
let loaded: LoadResult;
let templates: TemplateSet;
let stroke: ClinicalCase;

beforeAll(async () => {
  ({ server, loaded, templates, stroke } = await openHospital());
});
afterAll(async () => server.close());

const spec = (name: string): string => `openai-compatible:${name}@${server.url}`;
const prompts = (kind: RegExp) => server.calls.filter((c) => kind.test(c.messages.at(-1)!.content));
const CONSULT = /Examinations: the laboratory tests/;
const FINAL = /results of the examinations you and your colleagues ordered/;

function routing(neuro: string[]): RoutingTable {
  const other = [{ model: spec('generalist'), score: null, n: 0 }];
  return {
    source: ['test'],
    minCases: 0,
    overall: other,
    departments: Object.fromEntries(taxonomy.departments.map((d) => [d.id, { models: d.id === 'neurology' ? neuro.map((m) => ({ model: spec(m), score: null, n: 0 })) : other, fallback: false }])),
  };
}

beforeEach(() => {
  server.reset();
  const firstLab = stroke.labs[0]!.name;
  server.respond((call) => {
    const p = call.messages.at(-1)!.content;
    if (/Departments of this hospital/.test(p)) return { kind: 'ok', text: 'neurology department' };
    if (CONSULT.test(p)) return { kind: 'ok', text: `Preliminary Diagnosis: 1. Acute cerebral infarction\nExaminations:\n${firstLab}\nPET-CT` };
    return { kind: 'ok' }; // six sections for the final and chief prompts, an echo otherwise
  });
});

async function agent(neuro: string[], m: number, dir = tempDir(), signal?: AbortSignal, fileConfig?: Config) {
  const cfg = { k: 1, m, routing: routing(neuro), roles: { navigator: spec('navigator'), radiologist: spec('radiologist'), chief: spec('chief'), nurse: spec('nurse'), pharmacist: spec('pharmacist') } };
  const result = await runAgent({ dir, cases: [stroke], caseFiles: loaded.files, templates, taxonomy, config: cfg, backoff: { baseMs: 5, maxMs: 20 }, ...(signal ? { signal } : {}), ...(fileConfig ? { fileConfig } : {}) });
  return { result, dir };
}

describe('ClinicalAgent', () => {
  it('sends the case to the department’s routed specialists, who see no results before they order', async () => {
    const { result } = await agent(['neuro-a', 'neuro-b'], 2);
    expect(result).toMatchObject({ agent: 'agent#1@2', done: 1, failed: 0 });
    expect(prompts(CONSULT).map((c) => c.model).sort()).toEqual(['neuro-a', 'neuro-b']);
    const consult = prompts(CONSULT)[0]!.messages.at(-1)!.content;
    expect(consult).toContain(stroke.summary.chiefComplaint);
    expect(consult).not.toContain(stroke.labs[0]!.result); // no results yet
    expect(consult).not.toContain(stroke.imaging[0]!.findings);
  });

  it('releases only the ordered tests, answers unknown requests "not performed", and images nothing unordered', async () => {
    await agent(['neuro-a'], 1);
    const final = prompts(FINAL)[0]!.messages.at(-1)!.content;
    expect(final).toContain(stroke.labs[0]!.result);
    for (const other of stroke.labs.slice(1)) expect(final).not.toContain(other.result);
    expect(final).toContain('PET-CT: not performed');
    expect(server.calls.filter((c) => c.model === 'radiologist')).toHaveLength(0); // no imaging was ordered
  });

  it('stores every step of the transcript with its prompt, response, tokens, latency and cost — the laboratory included', async () => {
    const sent = scriptHospital(server, { navigator: 'Neurology', orders: [stroke.labs[0]!.name, 'PET-CT'] });
    const price = { input: 3, output: 7 };
    const names = ['navigator', 'neuro-a', 'neuro-b', 'radiologist', 'chief', 'nurse', 'pharmacist'];
    const { dir } = await agent(['neuro-a', 'neuro-b'], 2, tempDir(), undefined, { pricing: Object.fromEntries(names.map((n) => [spec(n), price])) });
    const store = RunStore.open(dir);
    const jobs = store.jobs();
    store.close();
    expect(jobs.map((j) => j.kind)).toEqual(['department-guide', 'agent-consult', 'agent-consult', 'agent-lab', 'agent-final', 'agent-final', 'agent-chief', 'agent-nurse', 'agent-pharmacist', 'clinical-diagnosis']);
    for (const j of jobs.filter((x) => x.kind !== 'agent-lab' && x.kind !== 'clinical-diagnosis')) {
      const { model } = JSON.parse(j.parsed!) as { model: string };
      const call = server.calls.find((c) => last(c) === j.prompt && spec(c.model) === model)!;
      expect(call, `${j.kind} by ${model}`).toBeDefined();
      expect(j).toMatchObject({ status: 'done', response: sent.get(call.index), inputTokens: mockTokenCount(j.prompt), outputTokens: mockTokenCount(sent.get(call.index)!) });
      expect(j.latencyMs).toBeGreaterThanOrEqual(0);
      expect(j.cost).toBeCloseTo((j.inputTokens! * price.input + j.outputTokens! * price.output) / 1e6, 12);
    }
    // the laboratory (no model): what was ordered, what it released, what it could not do
    const lab = jobs.find((j) => j.kind === 'agent-lab')!;
    expect(lab.prompt).toBe(`Laboratory tests ordered: ${stroke.labs[0]!.name}\nImaging examinations ordered: none\nRequests not on this patient's list: PET-CT`);
    expect(lab.response).toBe(`${stroke.labs[0]!.name}: ${stroke.labs[0]!.result}\nabnormal: ${stroke.labs[0]!.abnormal || 'none'}\nPET-CT: not performed (not available for this patient)`);
    expect(JSON.parse(lab.parsed!)).toMatchObject({ role: 'laboratory', model: null, released: [stroke.labs[0]!.key], notPerformed: ['PET-CT'] });
    expect(lab).toMatchObject({ status: 'done', inputTokens: 0, outputTokens: 0, latencyMs: 0, cost: 0 });
    // nurse and pharmacist see the released results (doses depend on kidney and liver values), and only those
    for (const role of [NURSE, PHARMACIST]) {
      const p = last(server.calls.find((c) => role.test(last(c)))!);
      expect(p).toContain(`Laboratory results:\n${lab.response}`);
      for (const other of stroke.labs.slice(1)) expect(p).not.toContain(other.result);
    }
  });

  it('resumes without asking a finished step again', async () => {
    const dir = tempDir();
    const controller = new AbortController();
    server.respond((call) => {
      if (CONSULT.test(call.messages.at(-1)!.content)) controller.abort(); // stop the run during the consultations
      return { kind: 'ok', delayMs: 5 };
    });
    await agent(['neuro-a'], 1, dir, controller.signal);
    const firstCalls = server.calls.length;
    server.reset();
    server.respond({ kind: 'ok' });
    await agent(['neuro-a'], 1, dir);
    expect(firstCalls).toBeGreaterThan(0);
    expect(server.calls.some((c) => /Departments of this hospital/.test(c.messages.at(-1)!.content))).toBe(false); // navigator already done
    const store = RunStore.open(dir);
    expect(store.jobs({ prompts: false }).every((j) => j.status === 'done')).toBe(true);
    store.close();
  });

  it('records a failed step as an error of the case, never as an answer', async () => {
    server.respond((call) => (/Departments of this hospital/.test(call.messages.at(-1)!.content) ? { kind: 'ok', text: 'Neurology' } : { kind: 'server-error', status: 400 }));
    const { result, dir } = await agent(['neuro-a'], 1);
    expect(result).toMatchObject({ done: 0, failed: 1 });
    const store = RunStore.open(dir);
    const final = store.jobs({ prompts: false }).find((j) => j.kind === 'clinical-diagnosis')!;
    store.close();
    expect(final).toMatchObject({ status: 'error', response: null });
    expect(final.error).toMatch(/clinician \(openai-compatible:neuro-a@.*HTTP 400/);
  });
});

describe('ClinicalAgent with a refused key', () => {
  it('stops that model at the first refusal and leaves the case unfinished (not failed) for a resume', async () => {
    server.respond((call) => (/Departments of this hospital/.test(call.messages.at(-1)!.content) ? { kind: 'ok', text: 'Neurology' } : { kind: 'server-error', status: 401 }));
    const { result, dir } = await agent(['neuro-a'], 1);
    expect(result).toMatchObject({ done: 0, failed: 0, unfinished: 1 });
    expect(result.modelStopped).toMatch(/clinician \(openai-compatible:neuro-a@.*\): stopped: the server refused the key \(401\)/);
    expect(prompts(CONSULT)).toHaveLength(1); // one refused request, not one per step
    const store = RunStore.open(dir);
    expect(store.jobs({ prompts: false }).filter((j) => j.status === 'error')).toEqual([]);
    store.close();
  });
});

describe('clinicallab agent', () => {
  it('runs offline with the baseline in every role, and is scored and reported like a model', async () => {
    const dir = join(tempDir(), 'agent');
    const r = await runCli('agent', '--variant', '3@1', '--cases', join(BUNDLED_CASES_DIR, 'urology.json'), join(BUNDLED_CASES_DIR, 'neurology.json'), '--out', dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain('12 cases answered, 0 stopped by a failed step');
    const store = RunStore.open(dir);
    const answered = store.jobs({ prompts: false }).filter((j) => j.kind === 'clinical-diagnosis' && j.status === 'done');
    const files = readManifest(store, dir)!.cases;
    store.close();
    expect(files.map((f) => [f.file.split('/').pop(), f.records])).toEqual([['urology.json', 6], ['neurology.json', 6]]);
    expect(new Set(answered.map((j) => `${j.caseUid}/${j.language}`)).size).toBe(12);
    expect(r.out).toMatch(/agent#3@1\s+\d+\.\d+\s+—\s+\d+\.\d+/); // Acc, no DIFR (the agent has no 3/5-department task), PD
    expect(r.out).toContain(`Report:  ${dir}/report.html`);
    // the baseline's clinicians order everything the hospital lists
    expect(r.out).toMatch(/Agent: \d+\.\d examinations ordered per case \(100\.0% of those available\), [\d,]+ tokens and \$0\.0000 per case/);
    expect(r.out).toMatch(/Routing \(--clinician\):/);
    expect((await runCli('agent', '--variant', '2@1')).err).toContain('--variant "2@1" should be k@m');
  });
});

describe('an agent run killed with SIGKILL', () => {
  it('resumes where it stopped: every step done once, no finished step asked again', async () => {
    const { spawn } = await import('node:child_process');
    const { ROOT } = await import('../helpers.js');
    const dir = join(tempDir(), 'killed');
    server.reset();
    const seen = new Set<string>();
    let repeats = 0;
    let child: ReturnType<typeof spawn> | undefined;
    let killAt = 12;
    server.respond((call) => {
      const p = call.messages.at(-1)!.content;
      const key = `${call.model}\u0000${p}`;
      if (seen.has(key)) repeats++;
      seen.add(key);
      if (seen.size === killAt && child) child.kill('SIGKILL');
      if (/Departments of this hospital/.test(p)) return { kind: 'ok', text: 'neurology department', delayMs: 20 };
      return { kind: 'ok', delayMs: 20 };
    });
    const args = [join(ROOT, 'bin', 'clinicallab.js'), 'agent', '--variant', '1@2', '--cases', join(BUNDLED_CASES_DIR, 'neurology.json'), '--lang', 'en', '--out', dir, '--no-cache', '--concurrency', '2', '--navigator', spec('navigator'), '--radiologist', spec('radiologist'), '--chief', spec('chief'), '--nurse', spec('nurse'), '--pharmacist', spec('pharmacist'), '--clinician', spec('clinician'), '--json'];
    const once = (): Promise<number | null> =>
      new Promise((resolve) => {
        child = spawn(process.execPath, args, { stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } });
        child.on('exit', (code) => resolve(code));
      });
    expect(await once()).toBeNull(); // killed
    killAt = -1;
    const before = RunStore.open(dir);
    const doneBefore = new Map(before.jobs({ status: 'done', prompts: false }).map((j) => [j.key, j.updatedAt]));
    before.close();
    expect(doneBefore.size).toBeGreaterThan(0);
    expect(await once()).toBe(0);
    const after = RunStore.open(dir);
    const jobs = after.jobs({ prompts: false });
    after.close();
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
    expect(jobs.filter((j) => j.kind === 'clinical-diagnosis')).toHaveLength(3); // the three en neurology cases
    for (const j of jobs) if (doneBefore.has(j.key)) expect(j.updatedAt).toBe(doneBefore.get(j.key)); // not redone
    expect(repeats).toBeLessThanOrEqual(2); // only requests in flight at the kill (two cases at once)
  }, 60_000);
});
