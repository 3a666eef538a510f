/**
 * Interactive ClinicalBench against a scripted doctor and patient on a loopback OpenAI-compatible server: the
 * doctor asks, examines, orders, runs past its budget and answers; what each reply revealed is checked against
 * the case, and nothing the doctor was sent names the gold diagnosis.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runInteractive } from '../../../src/agent/interactive/run-interactive.js';
import type { Transcript } from '../../../src/agent/interactive/protocol.js';
import type { ClinicalCase } from '../../../src/bench/case.js';
import { DepartmentTaxonomy } from '../../../src/bench/departments.js';
import type { LoadResult } from '../../../src/bench/loader.js';
import { ResponseCache } from '../../../src/run/cache.js';
import { RunStore } from '../../../src/run/store.js';
import type { TemplateSet } from '../../../src/tasks/templates.js';
import type { MockRequest, MockServer } from '../../support/mock-openai.js';
import { tempDir } from '../../helpers.js';
import { openHospital, six } from '../hospital.js';

let server: MockServer;
let loaded: LoadResult;
let templates: TemplateSet;
let stroke: ClinicalCase;
const taxonomy = DepartmentTaxonomy.default();

beforeAll(async () => {
  ({ server, loaded, templates, stroke } = await openHospital());
});
afterAll(async () => server.close());
beforeEach(() => server.reset());

const spec = (name: string): string => `openai-compatible:${name}@${server.url}`;
const last = (c: MockRequest): string => c.messages.at(-1)!.content;
const turnOf = (p: string): number => (p.match(/^Turn \d+\. You:/gm) ?? []).length + 1;
const NAV = /Departments of this hospital/;
/** The doctor's turns (its department-guide answer, asked first, aside). */
const turns = (): MockRequest[] => server.calls.filter((c) => c.model === 'doctor' && !NAV.test(last(c)));

const SCRIPT = [
  'ASK: When did the weakness start?',
  '**Examine**: neurological examination',
  'ORDER: routine blood test',
  '{"action": "order", "exam": "PET-CT"}',
  'ORDER: plain CT scan',
  'ASK: What do I have, doctor? Tell me about your illness.',
  'ASK: Do you smoke?',
  'ORDER: plain MRI scan',
];
const FINAL_PRINCIPAL = 'Ischaemic stroke of the scripted doctor';

function script(leak: string): void {
  server.respond((call) => {
    const p = last(call);
    if (NAV.test(p)) return { kind: 'ok', text: 'neurology department' };
    if (call.model === 'patient') return { kind: 'ok', text: /What do I have/.test(p) ? `They told me it was ${leak}. It began two days ago.` : 'It started two days ago when I woke up.' };
    if (/budget for questions, examinations and tests is used up/.test(p)) return { kind: 'ok', text: six(FINAL_PRINCIPAL, '1. Aspirin') };
    return { kind: 'ok', text: SCRIPT[turnOf(p) - 1] ?? 'FINAL:\n' + six('too late', '1. none') };
  });
}

async function play(dir = tempDir()) {
  const result = await runInteractive({ dir, cases: [stroke], caseFiles: loaded.files, templates, taxonomy, roles: { doctor: spec('doctor'), patient: spec('patient') }, budget: { questions: 2, exams: 3, turns: 8 }, backoff: { baseMs: 5, maxMs: 20 } });
  const store = RunStore.open(dir, { readonly: true });
  const jobs = store.jobs({});
  store.close();
  return { result, jobs, dir };
}

describe('interactive ClinicalBench with a scripted doctor', () => {
  it('reveals only what was asked for, withholds the diagnosis, and asks for the final answer at the limit', async () => {
    script(stroke.gold.principalDiagnosis);
    const { result, jobs } = await play();
    expect(result).toMatchObject({ done: 1, failed: 0, name: `interactive:${spec('doctor')}` });
    const doctor = turns().map(last);
    const patient = server.calls.filter((c) => c.model === 'patient').map(last);
    expect(doctor).toHaveLength(9); // eight turns, then the final answer asked for
    expect(patient).toHaveLength(2); // the third question was over the budget
    const first = doctor[0]!;
    expect(first).toContain(stroke.summary.chiefComplaint);
    expect(first).toContain(stroke.summary.basicInformation);
    expect(first).toContain('2 questions (0 used), 3 exams (0 used), 8 turns in all (0 used)');
    expect(first).not.toContain(stroke.summary.history.slice(0, 60));
    expect(first).not.toContain(stroke.summary.physicalExamination.slice(0, 40));

    const finalPrompt = doctor.at(-1)!;
    // the examiner: the neurological clauses of the physical examination, not the heart or the vital signs
    const examiner = /Examiner: (.*)/.exec(finalPrompt)![1]!;
    expect(examiner).toContain('Babinski');
    expect(examiner).not.toContain('murmur');
    for (const clause of examiner.split(/(?<=[.;])\s+/)) expect(stroke.summary.physicalExamination).toContain(clause.trim());
    // the laboratory: the ordered panel's result, none other; radiology: findings, never the impression
    const blood = stroke.labs.find((l) => l.key === 'routine_blood_test')!;
    expect(finalPrompt).toContain(blood.result);
    for (const other of stroke.labs.filter((l) => l !== blood)) expect(finalPrompt).not.toContain(other.result);
    const ct = stroke.imaging.find((e) => e.key === 'plain_computed_tomography_scan')!;
    expect(finalPrompt).toContain(ct.findings);
    for (const e of stroke.imaging) if (!ct.findings.includes(e.impression)) expect(finalPrompt).not.toContain(e.impression);
    expect(finalPrompt).toMatch(/Laboratory: PET-CT: not done/);
    expect(finalPrompt).toContain('You have no questions left');
    expect(finalPrompt).toContain('You have no exams left');
    expect(finalPrompt).toContain("(the patient can't say)");
    expect(finalPrompt).toContain('2 questions (2 used), 3 exams (3 used), 8 turns in all (8 used)');

    // nothing sent to the doctor names the gold diagnosis or carries the gold answers
    for (const p of doctor) {
      expect(p.toLowerCase()).not.toContain(stroke.gold.principalDiagnosis.toLowerCase());
      expect(p).not.toContain(stroke.gold.diagnosticBasis.slice(0, 50));
      expect(p).not.toContain(stroke.gold.treatmentPlanText.slice(0, 50));
      expect(p).not.toContain(stroke.summary.history.slice(0, 60));
    }
    // the patient is given the history, never the examination, the results or the gold answers
    for (const p of patient) {
      expect(p).toContain(stroke.summary.history.slice(0, 60));
      expect(p).not.toContain(stroke.summary.physicalExamination.slice(0, 40));
      expect(p).not.toContain(blood.result);
      expect(p).not.toContain(stroke.gold.diagnosticBasis.slice(0, 50));
    }

    // every turn is a job; the final answer is the benchmark's six-section answer; a transcript is kept
    const mine = jobs.filter((j) => j.caseUid === stroke.uid);
    expect(mine.every((j) => j.status === 'done')).toBe(true);
    expect(mine.filter((j) => j.kind === 'interactive-doctor')).toHaveLength(8);
    expect(mine.filter((j) => j.kind === 'interactive-final')).toHaveLength(1);
    expect(mine.filter((j) => j.kind === 'interactive-patient')).toHaveLength(2);
    expect(mine.filter((j) => j.kind === 'interactive-reveal')).toHaveLength(6);
    const final = mine.find((j) => j.kind === 'clinical-diagnosis')!;
    expect(JSON.parse(final.parsed!).sections.principal).toBe(FINAL_PRINCIPAL);
    expect(JSON.parse(mine.find((j) => j.kind === 'department-guide')!.parsed!).department).toBe('neurology'); // for Acc and CDA
    const t = JSON.parse(mine.find((j) => j.kind === 'interactive-transcript')!.parsed!) as Transcript;
    expect(t).toMatchObject({ forced: true, questions: 2, exams: 3 });
    expect(t.orders.map((o) => [o.kind, o.key, o.done])).toEqual([['lab', 'routine_blood_test', true], ['unknown', 'PET-CT', false], ['imaging', 'plain_computed_tomography_scan', true]]);
    expect(t.turns[5]!.reply).toMatchObject({ by: 'patient', withheld: 1 });
    const doctorJob = mine.find((j) => j.kind === 'interactive-doctor')!;
    expect(doctorJob.inputTokens).toBeGreaterThan(0);
  });

  it('offers the doctor tools with --actions tools, and reads its tool calls', async () => {
    server.respond((call) => {
      const p = last(call);
      if (NAV.test(p)) return { kind: 'ok', text: 'neurology department' };
      if (call.model === 'patient') return { kind: 'ok', text: 'Two days ago.' };
      if (turnOf(p) === 1) return { kind: 'ok', toolCalls: [{ name: 'ask_patient', arguments: JSON.stringify({ question: 'When did it start?' }) }] };
      if (turnOf(p) === 2) return { kind: 'ok', toolCalls: [{ name: 'order_exam', arguments: JSON.stringify({ exam: 'routine blood test' }) }] };
      return { kind: 'ok', toolCalls: [{ name: 'final_answer', arguments: JSON.stringify({ preliminary_diagnosis: '1. Stroke by tool', diagnostic_basis: '1. Weakness', differential_diagnosis: '1. Bleed: no', principal_diagnosis: 'Stroke by tool', therapeutic_principle: 'Reperfusion', treatment_plan: '1. Aspirin' }) }] };
    });
    const dir = tempDir();
    const result = await runInteractive({ dir, cases: [stroke], caseFiles: loaded.files, templates, taxonomy, roles: { doctor: spec('doctor'), patient: spec('patient') }, budget: { questions: 2, exams: 2, turns: 6 }, actions: 'tools', backoff: { baseMs: 5, maxMs: 20 } });
    expect(result.done).toBe(1);
    const nav = server.calls.find((c) => c.model === 'doctor' && NAV.test(last(c)))!;
    expect(nav.body).not.toHaveProperty('tools'); // the department guide is a plain question
    const body = turns()[0]!.body as { tools?: { function: { name: string } }[] };
    expect(body.tools?.map((t) => t.function.name)).toEqual(['ask_patient', 'physical_exam', 'order_exam', 'final_answer']);
    expect((server.calls.find((c) => c.model === 'patient')!.body as { tools?: unknown }).tools).toBeUndefined();
    expect(turns()).toHaveLength(3);
    const store = RunStore.open(dir, { readonly: true });
    const final = store.jobs({}).find((j) => j.kind === 'clinical-diagnosis')!;
    store.close();
    expect(JSON.parse(final.parsed!).sections.principal).toBe('Stroke by tool');
  });

  it('starts no turn past --max-cost, leaves the case unfinished, and finishes it with a larger budget', async () => {
    script('a stroke');
    const dir = tempDir();
    const fileConfig = { pricing: { [spec('doctor')]: { input: 10, output: 10 }, [spec('patient')]: { input: 10, output: 10 } } };
    const opts = { dir, cases: [stroke], caseFiles: loaded.files, templates, taxonomy, roles: { doctor: spec('doctor'), patient: spec('patient') }, budget: { questions: 2, exams: 3, turns: 8 }, backoff: { baseMs: 5, maxMs: 20 }, fileConfig };
    const first = await runInteractive({ ...opts, maxCost: 0.05 });
    expect(first).toMatchObject({ budgetReached: true, done: 0, failed: 0, unfinished: 1 });
    const read = (): { cost: number; finals: number } => {
      const store = RunStore.open(dir, { readonly: true });
      const jobs = store.jobs({ prompts: false });
      store.close();
      return { cost: jobs.reduce((n, j) => n + (j.cost ?? 0), 0), finals: jobs.filter((j) => j.kind === 'clinical-diagnosis').length };
    };
    const spent = read();
    expect(spent.cost).toBeGreaterThan(0);
    expect(spent.cost).toBeLessThanOrEqual(0.05);
    expect(spent.finals).toBe(0); // unfinished, not an error
    const asked = server.calls.length;
    const second = await runInteractive({ ...opts, maxCost: 10 });
    expect(second).toMatchObject({ budgetReached: false, done: 1 });
    const repeated = server.calls.slice(asked).filter((c) => server.calls.slice(0, asked).some((d) => d.model === c.model && last(d) === last(c)));
    expect(repeated).toHaveLength(0); // the turns answered before the budget stopped it are not asked again
  });

  it('retries a turn the server failed, and answers turns from the response cache in another run directory', async () => {
    script('a stroke');
    const plan = server.calls.length;
    let failed = 0;
    const scripted = (call: MockRequest) => {
      const p = last(call);
      if (call.model === 'doctor' && turnOf(p) === 3 && !NAV.test(p) && failed++ === 0) return { kind: 'server-error' as const, status: 503 };
      if (NAV.test(p)) return { kind: 'ok' as const, text: 'neurology department' };
      if (call.model === 'patient') return { kind: 'ok' as const, text: 'Two days ago.' };
      if (/budget for questions, examinations and tests is used up/.test(p)) return { kind: 'ok' as const, text: six(FINAL_PRINCIPAL, '1. Aspirin') };
      return { kind: 'ok' as const, text: SCRIPT[turnOf(p) - 1] ?? 'FINAL:\n' + six('x', '1. y') };
    };
    server.respond(scripted);
    const cache = new ResponseCache(tempDir());
    try {
      const opts = { cases: [stroke], caseFiles: loaded.files, templates, taxonomy, roles: { doctor: spec('doctor'), patient: spec('patient') }, budget: { questions: 2, exams: 3, turns: 8 }, backoff: { baseMs: 5, maxMs: 20 }, cache };
      const first = await runInteractive({ ...opts, dir: tempDir() });
      expect(first).toMatchObject({ done: 1, failed: 0 });
      expect(failed).toBeGreaterThan(1); // the 503 was asked again
      const asked = server.calls.length;
      expect(asked).toBeGreaterThan(plan);
      const dir = tempDir();
      const second = await runInteractive({ ...opts, dir });
      expect(second).toMatchObject({ done: 1, failed: 0 });
      expect(server.calls.length).toBe(asked); // every turn from the cache
      const store = RunStore.open(dir, { readonly: true });
      const turns = store.jobs({ prompts: false }).filter((j) => j.kind.startsWith('interactive-doctor') || j.kind === 'interactive-patient');
      store.close();
      expect(turns.length).toBeGreaterThan(0);
      expect(turns.every((j) => j.cached)).toBe(true);
    } finally {
      cache.close();
    }
  });

  it('asks nothing again when played a second time in the same run directory', async () => {
    script('a stroke');
    const { dir } = await play();
    const n = server.calls.length;
    await play(dir);
    expect(server.calls.length).toBe(n);
  });
});
