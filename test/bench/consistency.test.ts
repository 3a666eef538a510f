import { describe, expect, it } from 'vitest';
import type { ClinicalCase } from '../../src/bench/case.js';
import { checkAcrossRecords, checkConsistency } from '../../src/bench/consistency.js';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
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
  it('do not report a principal diagnosis as missing from a preliminary list the record does not have (a partial dataset)', async () => {
    const c = await enCase();
    c.gold.preliminaryDiagnosis = [];
    c.gold.principalDiagnosis = 'Acute cholangitis';
    expect(checkConsistency(c).filter((f) => f.field === 'principal_diagnosis')).toEqual([]);
  });

  it('catch a flagged item listed without its value', async () => {
    const c = await enCase();
    c.labs[1]!.abnormal = '1. Amylase# (AMY#) 125U/L ↑; 2. Calcium (Ca) 1.98mmol/L ↓; 3. Albumin/Globulin Ratio (A/G) 1.1 ↓.';
    expect(checkConsistency(c).map((f) => `${f.field}: ${f.message}`)).toEqual(['laboratory_examination.blood_biochemistry_test.abnormal: lists AMY# without its value 1250']);
  });
});

describe('consistency across the records of a case', () => {
  async function pair(): Promise<ClinicalCase[]> {
    return (await loadCases([fixture('authors-shape-zh.json'), fixture('authors-shape-en.json')], { strict: true })).cases;
  }

  it('finds nothing when zh and en agree', async () => {
    expect(checkAcrossRecords(await pair())).toEqual([]);
  });

  it('flags a uid whose zh and en records disagree on department, modality keys or lab panels', async () => {
    const [zh, en] = (await pair()) as [ClinicalCase, ClinicalCase];
    en.gold.department = DepartmentTaxonomy.default().byIdOrThrow('urology');
    en.gold.departmentText = 'Urology';
    en.imaging[0] = { ...en.imaging[0]!, key: 'color_doppler_ultrasound' };
    zh.labs.pop();
    const findings = checkAcrossRecords([zh, en]);
    expect(findings.every((f) => f.uid === zh.uid && f.language === 'zh+en')).toBe(true);
    expect(findings.map((f) => `${f.field}: ${f.message}`)).toEqual([
      'clinical_department: is "消化内科" in zh but "Urology" in en',
      'imageological_examination: has plain_computed_tomography_scan in zh but not in en',
      'imageological_examination: has color_doppler_ultrasound in en but not in zh',
      'laboratory_examination: has blood_biochemistry_test in en but not in zh',
    ]);
  });
});
