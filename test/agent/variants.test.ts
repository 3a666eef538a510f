/** Agent#k@m beyond 1@1: who is consulted for which department, what the chief merges, and variants the routing cannot fill. */
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentRecordOf } from '../../src/agent/agent-record.js';
import { runAgent } from '../../src/agent/run-agent.js';
import type { RoutingTable } from '../../src/agent/routing.js';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import type { ClinicalCase } from '../../src/bench/case.js';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import type { LoadResult } from '../../src/bench/loader.js';
import { RunStore } from '../../src/run/store.js';
import { parseSections } from '../../src/tasks/sections.js';
import type { TemplateSet } from '../../src/tasks/templates.js';
import type { MockServer } from '../support/mock-openai.js';
import { runCli, tempDir } from '../helpers.js';
import { CHIEF, CHIEF_PRINCIPAL, consulted, CONSULT, FINAL, last, NURSE_ACTIONS, opinionOf, PHARMACIST_PLAN, routingOf, scriptHospital, openHospital } from './hospital.js';

const taxonomy = DepartmentTaxonomy.default();
let server: MockServer;
let loaded: LoadResult;
let templates: TemplateSet;
let stroke: ClinicalCase;

beforeAll(async () => {
  ({ server, loaded, templates, stroke } = await openHospital());
});
afterAll(async () => server.close());
beforeEach(() => server.reset());

const spec = (name: string): string => `openai-compatible:${name}@${server.url}`;
const roles = () => ({ navigator: spec('navigator'), radiologist: spec('radiologist'), chief: spec('chief'), nurse: spec('nurse'), pharmacist: spec('pharmacist') });

async function agent(k: number, m: number, routing: RoutingTable) {
  const dir = tempDir();
  const result = await runAgent({ dir, cases: [stroke], caseFiles: loaded.files, templates, taxonomy, config: { k, m, routing, roles: roles() }, backoff: { baseMs: 5, maxMs: 20 } });
  const store = RunStore.open(dir);
  const final = store.jobs().find((j) => j.kind === 'clinical-diagnosis')!;
  const record = agentRecordOf(store, dir, result.agent)!;
  store.close();
  return { result, final, record, dir };
}

describe('Agent#3@1', () => {
  it('consults each of the navigator’s three departments through that department’s routed model, and the chief merges all three', async () => {
    scriptHospital(server, { navigator: 'Neurology\nCardiovascular Medicine\nGastroenterology', orders: [stroke.labs[0]!.name] });
    const routing = routingOf(taxonomy, spec, { neurology: ['neuro-a', 'neuro-b'], 'cardiovascular-medicine': ['cardio-a'], gastroenterology: ['gastro-a'] });
    const { result, final } = await agent(3, 1, routing);
    expect(result).toMatchObject({ agent: 'agent#3@1', done: 1, failed: 0, warnings: [] });
    const expected = [['neuro-a', 'Neurology'], ['cardio-a', 'Cardiovascular Medicine'], ['gastro-a', 'Gastroenterology']];
    expect(consulted(server, CONSULT)).toEqual(expected);
    expect(consulted(server, FINAL)).toEqual(expected);
    const chief = server.calls.filter((c) => CHIEF.test(last(c)));
    expect(chief.map((c) => c.model)).toEqual(['chief']);
    for (const [model, dep] of expected) expect(last(chief[0]!)).toContain(opinionOf(model!, dep!));
    expect(parseSections(final.response!).sections.principal).toBe(CHIEF_PRINCIPAL);
  });
});

describe('Agent#1@3', () => {
  it('consults the department’s top three models (not the fourth), each once before and once after the results', async () => {
    scriptHospital(server, { navigator: 'Neurology', orders: [stroke.labs[0]!.name] });
    const { result, final } = await agent(1, 3, routingOf(taxonomy, spec, { neurology: ['n1', 'n2', 'n3', 'n4'] }));
    expect(result).toMatchObject({ done: 1, failed: 0 });
    const expected = [['n1', 'Neurology'], ['n2', 'Neurology'], ['n3', 'Neurology']];
    expect(consulted(server, CONSULT)).toEqual(expected);
    expect(consulted(server, FINAL)).toEqual(expected);
    const chief = last(server.calls.find((c) => CHIEF.test(last(c)))!);
    expect(chief).toMatch(/Opinion 1 \(Neurology, openai-compatible:n1@[^)]+\):\n[\s\S]*Opinion 2 \(Neurology, openai-compatible:n2@[\s\S]*Opinion 3 \(Neurology, openai-compatible:n3@/);
    for (const m of ['n1', 'n2', 'n3']) expect(chief).toContain(opinionOf(m, 'Neurology'));
    // the agent's answer is the chief's merge, its plan revised by the pharmacist, then the nursing actions
    const sections = parseSections(final.response!).sections;
    expect(sections.principal).toBe(CHIEF_PRINCIPAL);
    expect(sections.plan).toBe(`${PHARMACIST_PLAN}\nNursing: ${NURSE_ACTIONS}`);
  });

  it('warns, prints and records that a routing table with fewer than m models cannot fill the variant', async () => {
    scriptHospital(server, { navigator: 'Neurology', orders: [] });
    const { result, final, record } = await agent(1, 3, routingOf(taxonomy, spec, { neurology: ['n1', 'n2'] }));
    const warnings = [
      'agent#1@3: the routing table lists 1 model instead of 3 for 22 departments (Breast Surgery, Obstetrics, Pediatrics, Endocrinology and 18 more): a patient sent there sees one clinician and no chief physician merges opinions.',
      'agent#1@3: the routing table lists 2 models instead of 3 for 1 department (Neurology): a patient sent there sees 2 clinicians per department.',
    ];
    expect(result.warnings).toEqual(warnings);
    expect(record.warnings).toEqual(warnings);
    expect(consulted(server, CONSULT)).toEqual([['n1', 'Neurology'], ['n2', 'Neurology']]);
    expect(parseSections(final.response!).sections.principal).toBe(CHIEF_PRINCIPAL);

    const r = await runCli('agent', '--variant', '1@3', '--cases', join(BUNDLED_CASES_DIR, 'neurology.json'), '--limit', '1', '--out', join(tempDir(), 'a'), '--no-cache');
    expect(r.code).toBe(0);
    expect(r.err).toContain('warning: agent#1@3: the routing table lists 1 model instead of 3 for every department (23): a patient sent there sees one clinician and no chief physician merges opinions.');
  });
});

describe('Agent#1@1', () => {
  it('has no chief physician: the one clinician’s opinion is the answer', async () => {
    scriptHospital(server, { navigator: 'Neurology', orders: [] });
    const { final } = await agent(1, 1, routingOf(taxonomy, spec, { neurology: ['n1', 'n2'] }));
    expect(consulted(server, CONSULT)).toEqual([['n1', 'Neurology']]);
    expect(server.calls.some((c) => CHIEF.test(last(c)))).toBe(false);
    expect(parseSections(final.response!).sections.principal).toBe(opinionOf('n1', 'Neurology'));
  });
});
