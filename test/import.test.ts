/**
 * Bringing other datasets in: the AgentClinic preset on the shared fixture (read from ../shared, never copied),
 * and mappings on JSON, JSON Lines and CSV files written for these tests — then the imported cases run end to
 * end with the baseline, and the tasks they have no gold answer for are skipped and counted, not scored.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importText } from '../src/bench/import/importer.js';
import { loadCases } from '../src/bench/loader.js';
import { fixture, ROOT, runCli, tempDir } from './helpers.js';

const AGENTCLINIC = join(ROOT, '..', 'shared', 'fixtures', 'agentclinic_medqa.jsonl');
const sourceLines = readFileSync(AGENTCLINIC, 'utf8').split('\n').filter((l) => l.trim() !== '');
const imp = (name: string) => fixture('import', name);

describe('the AgentClinic preset', () => {
  const result = importText(readFileSync(AGENTCLINIC, 'utf8'), AGENTCLINIC, { preset: 'agentclinic' });

  it('imports every case of the fixture, none lost, and the loader accepts them all', () => {
    expect(sourceLines).toHaveLength(107);
    expect(result.read).toBe(107);
    expect(result.cases).toHaveLength(107);
    expect(result.skipped).toBe(0);
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(new Set(result.cases.map((c) => c.uid)).size).toBe(107);
  });

  it('puts each source field where a ClinicalBench case has it', () => {
    const first = JSON.parse(sourceLines[0]!).OSCE_Examination;
    const c = result.cases[0]!;
    expect(c.language).toBe('en');
    expect(c.gold.principalDiagnosis).toBe(first.Correct_Diagnosis);
    expect(c.gold.department).toBeNull();
    expect(c.summary.basicInformation).toBe(first.Patient_Actor.Demographics);
    expect(c.summary.chiefComplaint).toBe(first.Patient_Actor.Symptoms.Primary_Symptom);
    expect(c.summary.history).toContain('double vision (diplopia)');
    expect(c.summary.history).toContain('Past medical history: No significant past medical history.');
    expect(c.summary.physicalExamination).toContain('Cranial nerves Presence of ptosis');
    // test results split: antibodies and EMG are laboratory, the chest CT inside "Imaging" is a plain CT
    expect(c.labs.map((l) => l.key)).toEqual(['blood_tests', 'electromyography']);
    expect(c.labs[0]!.result).toContain('Acetylcholine receptor antibodies  Present (elevated)');
    expect(c.imaging.map((e) => [e.key, e.findings])).toEqual([['plain_computed_tomography_scan', 'Normal, no thymoma or other masses detected.']]);
    // a biopsy is pathology
    const lymphoma = result.cases[3]!;
    expect(lymphoma.pathology).toContain('stain positive for CD20');
    expect(lymphoma.imaging[0]!.key).toBe('plain_computed_tomography_scan');
    // the source has no impression: the exam is kept for reading, but there is nothing to score it against
    expect(lymphoma.imaging[0]!.impression).toBe('');
  });

  it('reports what each field was filled from, and which tasks the cases support', () => {
    const cov = Object.fromEntries(result.coverage.map((c) => [c.field, c.filled]));
    expect(cov).toMatchObject({ principal_diagnosis: 107, clinical_department: 0, 'summary: chief complaint': 107, diagnostic_basis: 0, treatment_plan: 0 });
    expect(cov.imageological_examination).toBeGreaterThan(40);
    expect(result.support.parts).toMatchObject({ principal: 107, department: 0, preliminary: 0, basis: 0, imaging: 0 });
    expect(result.support.triage).toBe(107);
  });

  it('never loses a broken source record: it is reported with file, record, line and field', () => {
    const text = [sourceLines[0], '{"OSCE_Examination": {"Patient_Actor": {}}}', '{"OSCE_Examination": oops}', sourceLines[1]].join('\n');
    const r = importText(text, 'mixed.jsonl', { preset: 'agentclinic' });
    expect(r.read).toBe(4);
    expect(r.cases).toHaveLength(2);
    expect(r.skipped).toBe(2);
    const errors = r.problems.filter((p) => p.severity === 'error');
    expect(errors).toEqual([
      expect.objectContaining({ file: 'mixed.jsonl', record: 2, line: 2, field: 'OSCE_Examination.Correct_Diagnosis', message: 'is missing or empty' }),
      expect.objectContaining({ file: 'mixed.jsonl', record: 3, line: 3, message: expect.stringContaining('not valid JSON') }),
    ]);
  });
});

describe('clinicallab import → run → score on AgentClinic', () => {
  it('runs end to end with the baseline, scores Final Diagnosis, and skips what has no gold', async () => {
    const dir = tempDir();
    const out = join(dir, 'agentclinic.jsonl');
    const imported = await runCli('import', AGENTCLINIC, '--preset', 'agentclinic', '-o', out);
    expect(imported.code).toBe(0);
    expect(imported.out).toContain('107 source records read; 107 imported, 0 skipped; 0 errors');
    expect(imported.out).toMatch(/Final Diagnosis \(FD\)\s+107\/107/);
    expect(imported.out).toMatch(/Department Guide \(Acc\)\s+0\/107/);
    const validated = await runCli('validate', out);
    expect(validated.code).toBe(0);
    expect(validated.err).toContain('`clinical_department` is empty in every record (107): Department Guide is skipped for them, not scored');

    const run = await runCli('run', '--cases', out, '--out', join(dir, 'run'));
    expect(run.code).toBe(0);
    // department guide and imaging are not asked: no gold department, no impressions to score against
    expect(run.out).toMatch(/department-guide\s+0\s+107\b/); // asked 0, skipped for want of gold 107
    expect(run.err).not.toContain('problem(s) while reloading');
    expect(run.out).toMatch(/clinical-diagnosis\s+107\b/);
    expect(run.out).toContain('baseline: 107 records scored; skipped (no gold): department 107, preliminary 107, basis 107, differential 107, principle 107, plan 107');
    const lines = run.out.split('\n');
    const row = lines[lines.findIndex((l) => l.startsWith('Model ')) + 2]!;
    const cells = row.split(/\s+/);
    expect(cells[1]).toBe('—'); // Acc: not scored, not zero
    expect(Number(cells[6])).toBeGreaterThanOrEqual(0); // FD has a value
    expect(cells[6]).not.toBe('—');
  }, 120_000);

  it('takes a department rule from --map over the preset, and then scores the department guide', async () => {
    const dir = tempDir();
    const map = join(dir, 'departments.yaml');
    writeFileSync(
      map,
      [
        'fields:',
        '  clinical_department:',
        '    path: OSCE_Examination.Correct_Diagnosis',
        '    lookup:',
        '      Myasthenia gravis: neurology department',
        '      Hirschsprung disease: pediatrics department',
        '    otherwise: ""',
        '',
      ].join('\n'),
    );
    const text = sourceLines.slice(0, 5).join('\n');
    const src = join(dir, 'five.jsonl');
    writeFileSync(src, text);
    const out = join(dir, 'five.clinicalbench.jsonl');
    const r = await runCli('import', src, '--preset', 'agentclinic', '--map', map, '-o', out);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Department Guide \(Acc\)\s+2\/5/);
    const loaded = await loadCases([out]);
    expect(loaded.cases.map((c) => c.gold.department?.id ?? null)).toEqual(['neurology', null, 'pediatrics', null, null]);
  });
});

describe('mappings', () => {
  it('read a semicolon CSV with quoted multi-line Chinese cells, a department lookup, a regex and a per-record language', async () => {
    const dir = tempDir();
    const out = join(dir, 'clinic.jsonl');
    const r = await runCli('import', imp('clinic-export.csv'), '--map', imp('clinic-export.yaml'), '-o', out);
    expect(r.code).toBe(0);
    const { cases } = await loadCases([out], { strict: true });
    expect(cases.map((c) => [c.uid, c.language, c.gold.department?.id, c.gold.principalDiagnosis])).toEqual([
      ['clinic-V-001', 'zh', 'cardiovascular-medicine', '急性前壁心肌梗死（STEMI）'],
      ['clinic-V-002', 'en', 'gastroenterology', 'acute pancreatitis'],
      ['clinic-V-003', 'zh', 'orthopedics', '右股骨颈骨折'],
    ]);
    expect(cases[0]!.summary.history).toBe('患者3小时前无诱因出现胸骨后压榨样疼痛，\n伴大汗，休息不缓解。');
    expect(cases[0]!.summary.chiefComplaint).toBe('胸痛3小时');
    expect(cases[1]!.summary.physicalExamination).toBe('Tender epigastrium; "Murphy sign" negative.');
    expect(cases[0]!.imaging.map((e) => e.key)).toEqual(['computed_tomography_angiography']);
    expect(cases[1]!.imaging).toEqual([]); // an empty report is no exam
  });

  it('pick answers out of a list of QA pairs by their question, from records inside a JSON document', async () => {
    const r = importText(readFileSync(imp('qa-pairs.json'), 'utf8'), imp('qa-pairs.json'), { mapping: (await import('../src/bench/import/mapping.js')).parseMapping(readFileSync(imp('qa-pairs.yaml'), 'utf8'), 'qa-pairs.yaml') });
    expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(r.cases.map((c) => [c.uid, c.gold.department?.id, c.gold.principalDiagnosis, c.gold.treatmentPlanText])).toEqual([
      ['qa-17', 'endocrinology', 'Graves disease', 'Antithyroid drugs (methimazole) and a beta-blocker for symptoms.'],
      ['qa-18', 'thoracic-surgery', 'Primary lung cancer', ''],
    ]);
    expect(r.cases[0]!.summary.chiefComplaint).toBe('palpitations, heat intolerance and weight loss for 2 months');
  });

  it('read JSON Lines with a list of imaging studies and an object of lab panels, impressions included', async () => {
    const dir = tempDir();
    const out = join(dir, 'visits.jsonl');
    const r = await runCli('import', imp('visits.jsonl'), '--map', imp('visits.yaml'), '-o', out);
    expect(r.code).toBe(0);
    const { cases } = await loadCases([out], { strict: true });
    expect(cases[0]!.imaging.map((e) => [e.key, e.impression])).toEqual([
      ['color_doppler_ultrasound', '(1) Reactive lymphadenopathy.'],
      ['digital_radiography', ''],
    ]);
    expect(cases[0]!.labs.map((l) => [l.key, l.result])).toEqual([['routine_blood_test', 'WBC 15.2 ↑ *10^9/L 4-10']]);
    expect(cases[1]!.gold.department?.id).toBe('hepatobiliary-pancreatic-surgery');
    expect(r.out).toMatch(/Imaging Diagnosis \(ID\)\s+2\/2 \(2 of 3 exams have an impression\)/);
  });

  it('explain, for the first records, where each field came from — and write nothing', async () => {
    const dir = tempDir();
    const r = await runCli('import', '--explain', imp('clinic-export.yaml'), imp('clinic-export.csv'), '--records', '2');
    expect(r.code).toBe(0);
    expect(r.out).toContain('── source record 1 (line 2) of clinic-export.csv');
    expect(r.out).toContain('── source record 2 (line 4) of clinic-export.csv');
    expect(r.out).not.toContain('source record 3');
    expect(r.out).toMatch(/clinical_department\s+心血管内科\s+path ward, lookup "心内科" → "心血管内科"/);
    expect(r.out).toMatch(/principal_diagnosis\s+.*regex/);
    expect(r.out).toMatch(/treatment_plan\s+\(empty\)\s+not mapped/);
    expect(readFileSync(imp('clinic-export.csv'), 'utf8')).toContain('V-001'); // the source is untouched
    void dir;
  });

  it('report a department the lookup does not know with the source record, and leave that record out', async () => {
    const dir = tempDir();
    const map = join(dir, 'm.yaml');
    writeFileSync(map, readFileSync(imp('clinic-export.yaml'), 'utf8').replace('      骨一科: 骨科\n', ''));
    const out = join(dir, 'o.jsonl');
    const r = await runCli('import', imp('clinic-export.csv'), '--map', map, '-o', out);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/record 3 \(uid clinic-V-003, line 3\): `clinical_department` "骨一科" is not one of the 23 departments.*\(source record 3 of clinic-export\.csv\)/);
    expect(r.out).toContain('3 source records read; 2 imported, 1 skipped; 1 error');
    expect((await loadCases([out], { strict: true })).cases).toHaveLength(2);
  });

  it('refuse to run without a preset or mapping, and name a mapping mistake', async () => {
    expect((await runCli('import', imp('visits.jsonl'))).err).toContain('--preset agentclinic or --map <mapping.yaml>');
    const dir = tempDir();
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'fields:\n  diagnosis: dx\n');
    const r = await runCli('import', imp('visits.jsonl'), '--map', bad);
    expect(r.code).toBe(2);
    expect(r.err).toContain('bad.yaml: `fields.diagnosis` is not something a mapping can fill');
  });
});

describe('the README example', () => {
  it('imports exactly as the README says', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### Bring your own data'), readme.indexOf('### Departments'));
    const blocks = [...section.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1], text: m[2]! }));
    const csv = blocks.find((b) => b.lang === '' && b.text.startsWith('visit;'))!.text;
    const yaml = blocks.find((b) => b.lang === 'yaml')!.text;
    const dir = tempDir();
    writeFileSync(join(dir, 'visits.csv'), csv);
    writeFileSync(join(dir, 'mapping.yaml'), yaml);
    const out = join(dir, 'visits.jsonl');
    const explained = await runCli('import', '--explain', join(dir, 'mapping.yaml'), join(dir, 'visits.csv'));
    expect(explained.out).toContain('path ward, lookup "心内科" → "心血管内科"');
    const r = await runCli('import', join(dir, 'visits.csv'), '--map', join(dir, 'mapping.yaml'), '-o', out);
    expect(r.code).toBe(0);
    const { cases } = await loadCases([out], { strict: true });
    expect(cases.map((c) => [c.uid, c.language, c.gold.department?.id, c.gold.principalDiagnosis])).toEqual([
      ['visit-V-001', 'zh', 'cardiovascular-medicine', '急性前壁心肌梗死'],
      ['visit-V-002', 'en', 'gastroenterology', 'acute pancreatitis'],
    ]);
    expect(cases[0]!.summary.history).toContain('\n伴大汗。');
  });
});
