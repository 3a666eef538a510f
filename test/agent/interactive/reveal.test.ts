/** What the case gives back: orders resolved against the case and the hospital's lists, the examiner, the patient guard; zh and en. */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { examinerReply, examReply, guardPatientAnswer, orderableLists, patientHistory, resolveOrder } from '../../../src/agent/interactive/reveal.js';
import { BUNDLED_CASES_DIR } from '../../../src/bench/bundled.js';
import type { ClinicalCase } from '../../../src/bench/case.js';
import { loadCases } from '../../../src/bench/loader.js';

let en: ClinicalCase;
let zh: ClinicalCase;
beforeAll(async () => {
  const loaded = await loadCases([join(BUNDLED_CASES_DIR, 'neurology.json')], { strict: true });
  en = loaded.cases.find((c) => c.language === 'en')!;
  zh = loaded.cases.find((c) => c.language === 'zh' && c.uid === en.uid)!;
});

describe('orders', () => {
  it.each([
    ['routine blood test', 'lab', 'routine_blood_test', true],
    ['CBC', 'lab', 'routine_blood_test', true],
    ['HbA1c', 'lab', 'glycated_hemoglobin', true],
    ['lipid panel', 'lab', 'blood_lipids', true],
    ['glycated haemoglobin', 'lab', 'glycated_hemoglobin', true],
    ['CT head', 'imaging', 'plain_computed_tomography_scan', true],
    ['plain CT scan', 'imaging', 'plain_computed_tomography_scan', true],
    ['carotid ultrasound', 'imaging', 'color_doppler_ultrasound', true],
    ['echocardiography', 'imaging', 'echocardiogram', false],
    ['CT angiography (CTA)', 'imaging', 'computed_tomography_angiography', false], // not the plain CT the case has
    ['plain MRI scan', 'imaging', 'plain_magnetic_resonance_imaging_scan+magnetic_resonance_angiography', true], // part of a combined exam
    ['thyroid function', 'lab', 'thyroid_function', false],
  ])('resolves %j on the English stroke case', (request, kind, key, done) => {
    const r = resolveOrder(request, en);
    expect([r.kind, r.key, r.done]).toEqual([kind, key, done]);
  });

  it('resolves Chinese requests, and answers the result, the findings or "not done"', () => {
    expect(resolveOrder('血常规', zh)).toMatchObject({ kind: 'lab', key: 'routine_blood_test', done: true });
    expect(resolveOrder('头颅CT平扫', zh)).toMatchObject({ kind: 'imaging', key: 'plain_computed_tomography_scan', done: true });
    expect(resolveOrder('甲状腺功能', zh)).toMatchObject({ kind: 'lab', key: 'thyroid_function', done: false });
    expect(resolveOrder('PET-CT', en)).toMatchObject({ kind: 'unknown', done: false });
    const blood = zh.labs.find((l) => l.key === 'routine_blood_test')!;
    expect(examReply(resolveOrder('血常规', zh), zh)).toContain(blood.result);
    const ct = en.imaging.find((e) => e.key === 'plain_computed_tomography_scan')!;
    const reply = examReply(resolveOrder('plain CT scan', en), en);
    expect(reply).toContain(ct.findings);
    expect(reply).not.toContain(ct.impression);
    expect(examReply(resolveOrder('甲状腺功能', zh), zh)).toBe('甲状腺功能：未做（该患者未行此项检查）');
    expect(examReply(resolveOrder('PET-CT', en), en)).toBe("PET-CT: not done (not an examination of this hospital's lists)");
  });

  it('offers the hospital’s lists, not the case’s own exams', () => {
    const lists = orderableLists('en');
    expect(lists.labs).toContain('thyroid function');
    expect(lists.imaging).toContain('mammography');
    expect(orderableLists('zh').labs).toContain('血常规');
  });
});

describe('the examiner', () => {
  it('returns the clauses of the requested system only, the whole examination when asked, and "not done" for nothing recorded', () => {
    const neuro = examinerReply('neurological examination', en);
    expect(neuro.found).toBe(true);
    expect(neuro.text).toContain('Babinski');
    expect(neuro.text).not.toContain('murmur');
    const heart = examinerReply('heart', en).text;
    expect(heart).toContain('murmur');
    expect(heart).not.toContain('Babinski');
    expect(examinerReply('full physical examination', en).text).toBe(en.summary.physicalExamination.trim());
    expect(examinerReply('pelvic examination', en)).toEqual({ text: 'pelvic examination: not done (no such finding recorded)', found: false });
    const zhNeuro = examinerReply('神经系统检查', zh).text;
    expect(zhNeuro).toContain('巴宾斯基');
    expect(zhNeuro).not.toContain('杂音');
    expect(examinerReply('血压', zh).text).toContain('BP 162/94');
  });
});

describe('the patient', () => {
  it('is given the history, never the examination or the results', () => {
    const h = patientHistory(en);
    expect(h).toContain(en.summary.history);
    expect(h).not.toContain(en.summary.physicalExamination);
    for (const l of en.labs) expect(h).not.toContain(l.result);
  });

  it('has a sentence naming the gold diagnosis withheld, in both languages, and keeps the rest', () => {
    const g = guardPatientAnswer(`It began two days ago. The doctor said it was ${en.gold.principalDiagnosis.toLowerCase()}.`, en);
    expect(g).toEqual({ text: "It began two days ago. (the patient can't say)", withheld: 1 });
    const z = guardPatientAnswer(`两天前开始的。医生说是${zh.gold.principalDiagnosis}。`, zh);
    expect(z.withheld).toBe(1);
    expect(z.text).not.toContain(zh.gold.principalDiagnosis);
    expect(z.text).toContain('两天前开始的');
    // a diagnosis the history itself gives (a known hypertension) may be said
    expect(guardPatientAnswer('I have had high blood pressure for ten years.', en).withheld).toBe(0);
  });
});
