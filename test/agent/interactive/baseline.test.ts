/**
 * The baseline in both roles, played through the protocol on bundled records: the doctor takes the history, asks
 * about features of its leading candidates, examines, orders the exams its knowledge base associates with them and
 * answers; the patient answers from the history in the first person. zh and en, deterministic.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runInteractiveCase, type Transcript } from '../../../src/agent/interactive/protocol.js';
import { BUNDLED_CASES_DIR } from '../../../src/bench/bundled.js';
import type { ClinicalCase } from '../../../src/bench/case.js';
import { loadCases } from '../../../src/bench/loader.js';
import { createBaselineModel } from '../../../src/models/baseline/index.js';
import { loadKnowledgeBase } from '../../../src/models/baseline/kb.js';
import type { Model } from '../../../src/models/types.js';
import { loadTemplates, type TemplateSet } from '../../../src/tasks/templates.js';

let cases: ClinicalCase[];
let model: Model;
let templates: TemplateSet;
let symptoms: { en: Set<string>; zh: Set<string> };

beforeAll(async () => {
  cases = (await loadCases([join(BUNDLED_CASES_DIR, 'neurology.json')], { strict: true })).cases;
  model = await createBaselineModel();
  templates = await loadTemplates();
  const kb = await loadKnowledgeBase();
  symptoms = { en: new Set(kb.flatMap((d) => d.diseases.flatMap((x) => x.symptoms.en.map(([t]) => t)))), zh: new Set(kb.flatMap((d) => d.diseases.flatMap((x) => x.symptoms.zh.map(([t]) => t)))) };
});

async function play(c: ClinicalCase, budget = { questions: 8, exams: 6, turns: 16 }): Promise<Transcript> {
  return runInteractiveCase(c, { doctor: 'baseline', patient: 'baseline' }, budget, {
    templates,
    record: () => {},
    call: async (cc, step) => (await model.generate({ messages: [{ role: 'user', content: step.prompt }], task: { kind: step.kind, language: cc.language } })).text,
  });
}

describe('the baseline doctor and patient', () => {
  it.each(['en', 'zh'] as const)('take the history, ask about its candidates, examine, order and answer (%s)', async (lang) => {
    const c = cases.find((x) => x.language === lang && /cerebral infarction|脑梗死/.test(x.gold.principalDiagnosis))!;
    const t = await play(c);
    const types = t.turns.map((x) => x.action.type);
    expect(types.slice(0, 2)).toEqual(['ask', 'ask']);
    const first = t.turns[0]!.action;
    expect(first.type === 'ask' && first.question).toContain(c.summary.chiefComplaint.replace(/[.。]$/, '').slice(1, 12)); // the present illness first
    // then questions about symptoms of its knowledge base's candidates
    const later = t.turns.slice(2).flatMap((x) => (x.action.type === 'ask' ? [x.action.question] : []));
    expect(later.length).toBeGreaterThan(0);
    for (const q of later) expect([...symptoms[lang]].some((s) => q.includes(s)), q).toBe(true);
    expect(types.filter((x) => x === 'examine')).toHaveLength(1);
    expect(types.indexOf('examine')).toBeLessThan(types.indexOf('order'));
    const orders = t.orders.map((o) => o.key);
    expect(orders[0]).toBe('routine_blood_test');
    expect(orders).toEqual(expect.arrayContaining(['blood_lipids', 'glycated_hemoglobin'])); // its stroke candidate's labs
    expect(t.orders.length).toBeLessThanOrEqual(6);
    expect(types.at(-1)).toBe('final');
    expect(t.final).toMatch(lang === 'en' ? /Principal Diagnosis: Acute cerebral infarction/ : /主要诊断：急性脑梗死/);
    // the patient speaks of themself, from the history
    const said = t.turns.flatMap((x) => (x.reply?.by === 'patient' ? [x.reply.text] : []));
    expect(said[0]).toMatch(lang === 'en' ? /\bI\b/ : /^我/);
    expect(said.join(' ')).not.toMatch(lang === 'en' ? /\bthe patient\b|\bHe\b/ : /患者/);
    expect(await play(c)).toEqual(t); // deterministic
  });

  it('keeps to a small budget and is asked for its answer when the turns run out', async () => {
    const c = cases.find((x) => x.language === 'en')!;
    const t = await play(c, { questions: 1, exams: 1, turns: 3 });
    expect(t.forced).toBe(true);
    expect(t.questions).toBe(1);
    expect(t.exams).toBeLessThanOrEqual(1);
    expect(t.turns).toHaveLength(3);
    expect(t.final).toMatch(/Principal Diagnosis:/);
  });
});
