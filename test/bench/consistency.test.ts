import { describe, expect, it } from 'vitest';
import type { ClinicalCase } from '../../src/bench/case.js';
import { checkConsistency } from '../../src/bench/consistency.js';
import { loadCases } from '../../src/bench/loader.js';
import { fixture } from '../helpers.js';

async function enCase(): Promise<ClinicalCase> {
  const r = await loadCases([fixture('authors-shape-en.json')], { strict: true });
  return r.cases[0]!;
}

describe('consistency checks', () => {
  it('find nothing in a coherent case', async () => {
    expect(checkConsistency(await enCase())).toEqual([]);
  });

  it('catch a missing arrow, a wrong arrow, an unlisted flagged item and a principal outside the list', async () => {
    const c = await enCase();
    const lab = c.labs[0]!;
    lab.items[2] = { ...lab.items[2]!, value: '98', flag: '' }; // HGB 98 below 115-150 without ↓
    lab.items[0] = { ...lab.items[0]!, flag: '↓' }; // WBC 13.2 high but marked ↓
    c.labs[1]!.abnormal = '1. Amylase# (AMY#) 1250U/L ↑.'; // Ca and A/G are flagged but no longer listed
    c.gold.principalDiagnosis = 'Acute cholangitis';
    const messages = checkConsistency(c).map((f) => `${f.field}: ${f.message}`);
    expect(messages).toContain('laboratory_examination.routine_blood_test.result: HGB 98 (range 115-150) is outside its range but has no ↑/↓');
    expect(messages).toContain('laboratory_examination.routine_blood_test.result: WBC 13.2 (range 3.5-9.5) has the wrong arrow ↓');
    expect(messages).toContain('laboratory_examination.blood_biochemistry_test.abnormal: does not list the flagged item Ca');
    expect(messages).toContain('laboratory_examination.blood_biochemistry_test.abnormal: lists 1 item but the result flags 3');
    expect(messages).toContain('principal_diagnosis: "Acute cholangitis" is not among the preliminary diagnoses');
  });
});
