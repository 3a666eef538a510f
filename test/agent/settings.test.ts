/** An agent run's models: settings from the config file and flags, what the run records of them, and budgets. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentRecordOf } from '../../src/agent/agent-record.js';
import { runAgent } from '../../src/agent/run-agent.js';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { loadCases } from '../../src/bench/loader.js';
import { readManifest } from '../../src/run/meta-records.js';
import { RunStore } from '../../src/run/store.js';
import { getTemplate, loadTemplates } from '../../src/tasks/templates.js';
import { startMockOpenAI, type MockServer } from '../support/mock-openai.js';
import { runCli, tempDir } from '../helpers.js';
import { last, NAV, routingOf, scriptHospital } from './hospital.js';

const taxonomy = DepartmentTaxonomy.default();
const NEURO = join(BUNDLED_CASES_DIR, 'neurology.json');
const KEY = 'sk-agent-test-4711-secret';
let server: MockServer;

beforeAll(async () => {
  server = await startMockOpenAI();
});
afterAll(async () => server.close());
beforeEach(() => {
  server.reset();
  scriptHospital(server, { navigator: 'Neurology', orders: [] });
});
afterEach(() => {
  delete process.env.AGENT_TEST_KEY;
});

const spec = (name: string): string => `openai-compatible:${name}@${server.url}`;

function configFile(): string {
  const file = join(tempDir(), 'clinicallab.config.yaml');
  writeFileSync(
    file,
    [
      'models:',
      `  - spec: ${spec('navigator')}`,
      '    apiKeyEnv: AGENT_TEST_KEY',
      '    headers: { x-team: stroke-unit }',
      '    price: { input: 2, output: 4 }',
      '    temperature: 0.4',
      '    maxTokens: 333',
      'pricing:',
      `  "${spec('clinician')}": { input: 1, output: 1 }`,
      'timeoutMs: 20000',
      'maxRetries: 1',
    ].join('\n'),
  );
  return file;
}

const roleFlags = (): string[] => ['--navigator', spec('navigator'), '--clinician', spec('clinician')];

describe('clinicallab agent with a config file', () => {
  it('gives each role model its key, headers, price, sampling and limits from the config, flags winning', async () => {
    process.env.AGENT_TEST_KEY = KEY;
    const dir = join(tempDir(), 'a');
    const r = await runCli('agent', '--config', configFile(), '--cases', NEURO, '--lang', 'en', '--limit', '1', '--out', dir, '--no-cache', '--seed', '7', ...roleFlags(), '--json');
    expect(r.code, r.err).toBe(0);
    const nav = server.calls.find((c) => NAV.test(last(c)))!;
    expect(nav.model).toBe('navigator');
    expect(nav.headers).toMatchObject({ authorization: `Bearer ${KEY}`, 'x-team': 'stroke-unit' });
    expect(nav.body).toMatchObject({ temperature: 0.4, max_tokens: 333, seed: 7 });
    const clinician = server.calls.find((c) => c.model === 'clinician')!;
    expect(clinician.headers.authorization).toBeUndefined(); // the key is the navigator's only
    expect(clinician.body).toMatchObject({ temperature: 0, seed: 7 });
    expect((clinician.body as { max_tokens?: number }).max_tokens).toBeUndefined();

    const store = RunStore.open(dir);
    const jobs = store.jobs();
    const record = agentRecordOf(store, dir, 'agent#1@1')!;
    store.close();
    const navJob = jobs.find((j) => j.kind === 'department-guide')!;
    expect(navJob.cost).toBeCloseTo((navJob.inputTokens! * 2 + navJob.outputTokens! * 4) / 1e6, 12);
    const stepCost = jobs.filter((j) => j.kind !== 'clinical-diagnosis').reduce((s, j) => s + j.cost!, 0);
    expect((JSON.parse(r.out) as { agent: { costPerCase: number } }).agent.costPerCase).toBeCloseTo(stepCost, 12);
    expect(record.models!.find((m) => m.id === spec('navigator'))).toEqual({
      id: spec('navigator'), provider: 'openai-compatible', model: 'navigator', baseURL: server.url, roles: ['navigator'],
      params: { temperature: 0.4, maxTokens: 333, seed: 7 }, concurrency: 4, timeoutMs: 20000, maxRetries: 1, price: { input: 2, output: 4 }, apiKeyEnv: 'AGENT_TEST_KEY',
    });
    expect(record.models!.find((m) => m.id === spec('clinician'))).toMatchObject({ roles: ['clinician'], price: { input: 1, output: 1 }, params: { temperature: 0, seed: 7 } });
    expect(readFileSync(join(dir, 'run.sqlite')).includes(KEY)).toBe(false); // the key is never stored
  });

  it('refuses a role without its key, and --max-cost with a model without a price, before anything is written', async () => {
    const missing = await runCli('agent', '--config', configFile(), '--cases', NEURO, '--limit', '1', '--out', join(tempDir(), 'a'), ...roleFlags());
    expect(missing.code).toBe(2);
    expect(missing.err).toContain(`${spec('navigator')} needs an API key: set AGENT_TEST_KEY in the environment`);
    process.env.AGENT_TEST_KEY = KEY;
    const unpriced = await runCli('agent', '--config', configFile(), '--cases', NEURO, '--limit', '1', '--max-cost', '1', ...roleFlags(), '--radiologist', spec('radiologist'));
    expect(unpriced.code).toBe(2);
    expect(unpriced.err).toContain(`--max-cost needs a price for every model; no price is known for ${spec('radiologist')}`);
    expect(server.calls).toHaveLength(0);
  });

  it('stops starting steps at the budget, leaving the cases unfinished for a resume', async () => {
    process.env.AGENT_TEST_KEY = KEY;
    const dir = join(tempDir(), 'a');
    const r = await runCli('agent', '--config', configFile(), '--cases', NEURO, '--lang', 'en', '--out', dir, '--no-cache', '--max-cost', '0.002', '--concurrency', '1', ...roleFlags());
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/budget reached \(--max-cost \$0\.002\): [1-3] case\(s\) left unfinished/);
    const store = RunStore.open(dir);
    const jobs = store.jobs({ prompts: false });
    store.close();
    const spent = jobs.reduce((s, j) => s + (j.cost ?? 0), 0);
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(0.002);
    expect(jobs.filter((j) => j.kind === 'clinical-diagnosis').every((j) => j.status === 'done')).toBe(true); // no case recorded as an error
    // resumed with the same budget, the run has spent it already: nothing new is asked
    server.reset();
    const again = await runCli('agent', '--config', configFile(), '--cases', NEURO, '--lang', 'en', '--out', dir, '--no-cache', '--max-cost', '0.002', '--concurrency', '1', ...roleFlags());
    expect(again.err).toMatch(/budget reached/);
    expect(server.calls).toHaveLength(0);
  });
});

describe('what an agent run records', () => {
  it('records every role’s model with its parameters and the hashes of the templates used, beside the benchmark’s models', async () => {
    const dir = join(tempDir(), 'bench');
    expect((await runCli('run', '--cases', NEURO, '--limit', '1', '--tasks', 'department', '--out', dir, '--no-cache')).code).toBe(0);
    const loaded = await loadCases([NEURO], { strict: true });
    const templates = await loadTemplates();
    const roles = { navigator: spec('navigator'), radiologist: spec('radiologist'), chief: spec('chief'), nurse: spec('nurse'), pharmacist: 'baseline' };
    await runAgent({ dir, cases: loaded.cases.slice(0, 2), caseFiles: loaded.files, templates, taxonomy, config: { k: 1, m: 2, routing: routingOf(taxonomy, spec, { neurology: ['n1', 'n2'] }), roles }, flags: { temperature: 0.2, maxRetries: 2 } });
    const store = RunStore.open(dir);
    const manifest = readManifest(store, dir)!;
    const record = agentRecordOf(store, dir, 'agent#1@2')!;
    store.close();
    expect(manifest.models.map((m) => m.id)).toEqual(['baseline']); // roles are not benchmark candidates: a resumed `run` leaves them alone
    const used = ['department-guide', 'agent-consult', 'imaging-diagnosis', 'agent-final', 'agent-chief', 'agent-nurse', 'agent-pharmacist'] as const;
    const langs = [...new Set(loaded.cases.slice(0, 2).map((c) => c.language))];
    const expected = Object.fromEntries(langs.flatMap((l) => used.map((n) => [`${l}/${n}`, { hash: getTemplate(templates, l, n).hash, source: 'builtin' }])));
    expect(record.templates).toEqual(expected);
    expect(manifest.templates).toMatchObject(expected);
    const byId = Object.fromEntries(record.models!.map((m) => [m.id, m]));
    expect(Object.fromEntries(Object.entries(byId).map(([id, m]) => [id, m.roles]))).toEqual({
      [spec('navigator')]: ['navigator'], [spec('n1')]: ['clinician'], [spec('n2')]: ['clinician'], [spec('generalist')]: ['clinician'],
      [spec('radiologist')]: ['radiologist'], [spec('chief')]: ['chief'], [spec('nurse')]: ['nurse'], baseline: ['pharmacist'],
    });
    for (const m of record.models!) expect(m).toMatchObject({ params: { temperature: 0.2 }, maxRetries: 2, timeoutMs: 180_000 });
    expect(byId.baseline).toMatchObject({ provider: 'baseline', price: { input: 0, output: 0 } });
    expect(byId[spec('n1')]!.price).toBeNull(); // unknown, never zero
  });

  it('refuses to mix answers made with other settings under one agent id', async () => {
    const dir = join(tempDir(), 'a');
    const args = ['agent', '--cases', NEURO, '--limit', '1', '--out', dir, '--no-cache'];
    expect((await runCli(...args)).code).toBe(0);
    expect((await runCli(...args)).code).toBe(0); // the same settings: a resume
    const changed = await runCli(...args, '--temperature', '0.5');
    expect(changed.code).toBe(2);
    expect(changed.err).toContain(`agent#1@1 in ${dir} holds answers made with other settings (models, sampling parameters, routing or templates); give this configuration another --name, or another --out`);
    expect((await runCli(...args, '--temperature', '0.5', '--name', 'agent-warm')).code).toBe(0);
  });
});

describe('clinicallab agent --model', () => {
  it('names the model of every role at once; a role flag overrides it for that role', async () => {
    const dir = join(tempDir(), 'one-model');
    const r = await runCli('agent', '--model', spec('solo'), '--pharmacist', 'baseline', '--cases', NEURO, '--lang', 'en', '--limit', '1', '--out', dir, '--no-cache', '--json');
    expect(r.code, r.err).toBe(0);
    // every step that calls a model went to the one model, but the pharmacist's (the baseline answers it in process)
    const asked = new Set(server.calls.map((c) => c.model));
    expect([...asked]).toEqual(['solo']);
    expect(server.calls.some((c) => NAV.test(last(c)))).toBe(true);
    expect(server.calls.some((c) => /You are a clinical pharmacist/.test(last(c)))).toBe(false);
    const store = RunStore.open(dir);
    const record = agentRecordOf(store, dir, 'agent#1@1')!;
    store.close();
    expect(record.roles).toEqual({ navigator: spec('solo'), radiologist: spec('solo'), chief: spec('solo'), nurse: spec('solo'), pharmacist: 'baseline' });
    expect(record.models!.find((m) => m.id === spec('solo'))!.roles.sort()).toEqual(['clinician', 'navigator', 'nurse', 'radiologist']);
  });
});
