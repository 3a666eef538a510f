/**
 * Bringing other datasets in: the AgentClinic preset on OSCE records written for these tests (and, as an extra
 * when it is there, on the shared 107-record AgentClinic file, never copied), and mappings on JSON, JSON Lines
 * and CSV files written for these tests — then the imported cases run end to end with the baseline, and the
 * tasks they have no gold answer for are skipped and counted, not scored.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importText } from '../src/bench/import/importer.js';
import { loadCases } from '../src/bench/loader.js';
import { fixture, ROOT, runCli, tempDir } from './helpers.js';

const imp = (name: string) => fixture('import', name);
const OSCE = imp('agentclinic-osce.jsonl');
const osceLines = readFileSync(OSCE, 'utf8').split('\n').filter((l) => l.trim() !== '');
const osceSource = (n: number) => JSON.parse(osceLines[n - 1]!).OSCE_Examination;
const SHARED = join(ROOT, '..', 'shared', 'fixtures', 'agentclinic_medqa.jsonl');
const hasShared = existsSync(SHARED);

describe('the AgentClinic preset', () => {
  const result = importText(readFileSync(OSCE, 'utf8'), OSCE, { preset: 'agentclinic' });
  const byDx = (dx: string) => result.cases.find((c) => c.gold.principalDiagnosis === dx)!;

  it('imports every OSCE record, none lost, and the loader accepts them all', () => {
    expect(osceLines).toHaveLength(8);
    expect(result.read).toBe(8);
    expect(result.cases).toHaveLength(8);
    expect(result.skipped).toBe(0);
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(new Set(result.cases.map((c) => c.uid)).size).toBe(8);
  });

  it('puts each source field where a ClinicalBench case has it, label and finding kept apart', () => {
    const first = osceSource(1);
    const c = result.cases[0]!;
    expect(c.language).toBe('en');
    expect(c.gold.principalDiagnosis).toBe(first.Correct_Diagnosis);
    expect(c.gold.department).toBeNull();
    expect(c.summary.basicInformation).toBe(first.Patient_Actor.Demographics);
    expect(c.summary.chiefComplaint).toBe(first.Patient_Actor.Symptoms.Primary_Symptom);
    expect(c.summary.history).toContain('gave way once on the stairs');
    expect(c.summary.history).toContain('Other symptoms: Locking of the knee, Pain on stairs');
    expect(c.summary.history).toContain('Past medical history: Mild asthma');
    // nested findings: a group, its labels and findings, and a deeper group in brackets
    expect(c.summary.physicalExamination.split('\n')).toEqual([
      'Vital signs — Temperature: 36.9 °C; Heart rate: 68 bpm; Blood pressure: 122/76 mmHg',
      'Knee examination — Inspection: Moderate effusion of the right knee; Palpation (Medial joint line: Tender; Lateral joint line: Not tender); McMurray test: Painful click on the medial side',
    ]);
    const sarcoid = byDx('Sarcoidosis (Löfgren syndrome)');
    expect(sarcoid.summary.physicalExamination).toContain('Skin — Lower limbs (Shins: Several tender red nodules, 2–3 cm; Ankles: Swollen, warm)');
    expect(sarcoid.summary.history).toContain('Current medications: None.');
    // a biopsy is pathology; the source has no impression, so the exam is kept for reading but not scored
    expect(sarcoid.pathology).toBe('Skin biopsy: Non-caseating granulomas in the deep dermis.');
    expect(sarcoid.imaging.map((e) => [e.key, e.impression])).toEqual([['digital_radiography_chest', '']]);
    expect(sarcoid.labs.map((l) => l.key)).toEqual(['blood_tests']);
    expect(sarcoid.labs[0]!.result).toContain('Serum calcium  10.9 mg/dL');
  });

  it('keeps the body site in an imaging exam\'s name, with the modality of the table', () => {
    const knee = byDx('Medial meniscus tear of the right knee');
    // known modalities with their site: named from the table, and not reported as keys the table lacks
    expect(knee.imaging.map((e) => [e.key, e.name, e.known])).toEqual([
      ['digital_radiography_right_knee', 'digital radiography (X-ray), right knee', true],
      ['plain_magnetic_resonance_imaging_scan_right_knee', 'plain MRI scan, right knee', true],
    ]);
    expect(knee.imaging[1]!.findings).toBe('Horizontal tear through the posterior horn of the medial meniscus.');
    const gallbladder = byDx('Acute calculous cholecystitis');
    expect(gallbladder.imaging.map((e) => e.key)).toEqual(['color_doppler_ultrasound_abdominal', 'contrast_computed_tomography_scan_abdomen']);
    expect(gallbladder.labs.map((l) => l.key)).toEqual(['routine_blood_test', 'liver_function']); // looked inside "Laboratory_Tests"
    expect(byDx('Herpes simplex encephalitis').imaging.map((e) => e.key)).toEqual(['plain_computed_tomography_scan_head']);
  });

  it('maps endoscopies to their modality, or keeps their own name', () => {
    const ulcer = byDx('Bleeding duodenal ulcer');
    expect(ulcer.imaging.map((e) => [e.key, e.known])).toEqual([
      ['esophagogastroduodenoscopy', true],
      ['colonoscopy', false],
    ]);
    expect(ulcer.imaging[0]!.findings).toContain('duodenal bulb');
  });

  it('puts bedside tests and vital signs from the test results into the physical examination, not the laboratory', () => {
    const vertigo = byDx('Benign paroxysmal positional vertigo');
    expect(vertigo.summary.physicalExamination.split('\n')).toEqual([
      'Neurological examination — Cranial nerves: Normal; Gait: Steady',
      'Vital signs at presentation — Blood pressure: 134/82 mmHg; Heart rate: 74 bpm',
      'Dix-Hallpike manoeuvre: Left side positive: upbeating torsional nystagmus after a few seconds, fading within 30 seconds.',
    ]);
    expect(vertigo.labs.map((l) => [l.key, l.result])).toEqual([['audiometry', 'Hearing normal for age in both ears.']]);
  });

  it('files an EEG the same way in every record, at the top of the test results or inside a mixed group', () => {
    const top = byDx('Juvenile myoclonic epilepsy');
    const grouped = byDx('Herpes simplex encephalitis');
    expect(top.labs.map((l) => l.key)).toEqual(['electroencephalogram']);
    expect(grouped.labs.map((l) => l.key)).toEqual(['cerebrospinal_fluid', 'electroencephalogram']);
    expect(grouped.labs[1]!.result).toBe('Periodic slow-wave complexes over the left temporal region.');
    for (const c of [top, grouped]) expect(c.imaging.map((e) => e.key)).not.toContain('electroencephalogram');
  });

  it('fills the treatment plan from a management or follow-up text, and leaves it empty where there is none', () => {
    expect(byDx('Bleeding duodenal ulcer').gold.treatmentPlanText).toBe(osceSource(2).Management);
    expect(byDx('Benign paroxysmal positional vertigo').gold.treatmentPlan).toEqual(['Epley repositioning on the left in clinic', 'review in two weeks']);
    expect(byDx('Acute calculous cholecystitis').gold.treatmentPlanText).toBe(osceSource(8).Treatment_Plan);
    expect(byDx('Juvenile myoclonic epilepsy').gold.treatmentPlanText).toBe('');
    expect(result.support.parts.plan).toBe(3);
  });

  it('falls back to the history when the primary symptom is empty, with a warning naming the record', () => {
    const thyroid = byDx('Hashimoto thyroiditis with hypothyroidism');
    expect(thyroid.summary.chiefComplaint).toBe('She has felt slow and cold for six months and gained 5 kg without eating more.');
    expect(result.problems).toEqual([
      expect.objectContaining({ severity: 'warning', file: OSCE, record: 6, line: 6, field: 'OSCE_Examination.Patient_Actor.Symptoms.Primary_Symptom', message: expect.stringContaining("the chief complaint is the history's first sentence") }),
    ]);
    expect(result.support.triage).toBe(8);
  });

  it('reports what each field was filled from, and which tasks the cases support', () => {
    const cov = Object.fromEntries(result.coverage.map((c) => [c.field, c.filled]));
    expect(cov).toMatchObject({ principal_diagnosis: 8, clinical_department: 0, 'summary: chief complaint': 8, imageological_examination: 6, pathological_examination: 1, diagnostic_basis: 0, treatment_plan: 3 });
    expect(result.support.parts).toMatchObject({ principal: 8, department: 0, preliminary: 0, basis: 0, imaging: 0 });
  });

  it('never loses a broken source record: it is reported with file, record, line and field', () => {
    const text = [osceLines[0], '{"OSCE_Examination": {"Patient_Actor": {}}}', '{"OSCE_Examination": oops}', osceLines[1]].join('\n');
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

  it.skipIf(!hasShared)('extra, only when ../shared/fixtures/agentclinic_medqa.jsonl is there (skipped otherwise): imports all 107 cases, an EEG always in the laboratory', () => {
    const r = importText(readFileSync(SHARED, 'utf8'), SHARED, { preset: 'agentclinic' });
    expect(r.read).toBe(107);
    expect(r.cases).toHaveLength(107);
    expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(new Set(r.cases.map((c) => c.uid)).size).toBe(107);
    const eeg = r.cases.filter((c) => [...c.labs, ...c.imaging].some((x) => x.key === 'electroencephalogram'));
    expect(eeg.length).toBeGreaterThanOrEqual(2);
    for (const c of eeg) expect(c.imaging.map((e) => e.key)).not.toContain('electroencephalogram');
    expect(r.cases.flatMap((c) => c.imaging.map((e) => e.key))).toContain('digital_radiography_left_knee');
  });
});

describe('clinicallab import → run → score on AgentClinic', () => {
  it('runs end to end with the baseline, scores Final Diagnosis, and skips what has no gold', async () => {
    const dir = tempDir();
    const out = join(dir, 'agentclinic.jsonl');
    const imported = await runCli('import', OSCE, '--preset', 'agentclinic', '-o', out);
    expect(imported.code).toBe(0);
    expect(imported.out).toContain('8 source records read; 8 imported, 0 skipped; 0 errors');
    expect(imported.out).toMatch(/Final Diagnosis \(FD\)\s+8\/8/);
    expect(imported.out).toMatch(/Treatment Plan \(TP\)\s+3\/8/);
    expect(imported.out).toMatch(/Department Guide \(Acc\)\s+0\/8/);
    const validated = await runCli('validate', out);
    expect(validated.code).toBe(0);
    expect(validated.err).toContain('`clinical_department` is empty in every record (8): Department Guide is skipped for them, not scored');

    const run = await runCli('run', '--cases', out, '--out', join(dir, 'run'));
    expect(run.code).toBe(0);
    // department guide and imaging are not asked: no gold department, no impressions to score against
    expect(run.out).toMatch(/department-guide\s+0\s+8\b/); // asked 0, skipped for want of gold 8
    expect(run.err).not.toContain('problem(s) while reloading');
    expect(run.out).toMatch(/clinical-diagnosis\s+8\b/);
    // per-task counts where they differ, and every skip counted (exams without an impression too)
    expect(run.out).toMatch(/baseline: 8 records scored \(DIFR 8, FD 8(?:, TP \d)?\); skipped \(no gold\): department 8, preliminary 8, basis 8, differential 8, treatment-principle 8, plan 5, imaging \d+/);
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
        '      Juvenile myoclonic epilepsy: neurology department',
        '      Bleeding duodenal ulcer: gastroenterology department',
        '    otherwise: ""',
        '',
      ].join('\n'),
    );
    const src = join(dir, 'five.jsonl');
    writeFileSync(src, osceLines.slice(0, 5).join('\n'));
    const out = join(dir, 'five.clinicalbench.jsonl');
    const r = await runCli('import', src, '--preset', 'agentclinic', '--map', map, '-o', out);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Department Guide \(Acc\)\s+2\/5/);
    const loaded = await loadCases([out]);
    expect(loaded.cases.map((c) => c.gold.department?.id ?? null)).toEqual([null, 'gastroenterology', null, 'neurology', null]);
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
    // under the source file, its record and the line that record starts on — not under the output file
    expect(r.err).toContain(`error: ${imp('clinic-export.csv')}: record 3 (uid clinic-V-003, line 5): \`clinical_department\` "骨一科" is not one of the 23 departments`);
    expect(r.err).not.toContain('o.jsonl');
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

describe('the README examples', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Bring your own data'), readme.indexOf('### Departments'));
  const blocks = [...section.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1], text: m[2]! }));
  const yamls = blocks.filter((b) => b.lang === 'yaml').map((b) => b.text);

  it('imports exactly as the README says', async () => {
    const csv = blocks.find((b) => b.lang === '' && b.text.startsWith('visit;'))!.text;
    const dir = tempDir();
    writeFileSync(join(dir, 'visits.csv'), csv);
    writeFileSync(join(dir, 'mapping.yaml'), yamls[0]!);
    const out = join(dir, 'visits.jsonl');
    const explained = await runCli('import', '--explain', join(dir, 'mapping.yaml'), join(dir, 'visits.csv'));
    expect(explained.out).toContain('path ward, lookup "心内科" → "心血管内科"');
    expect(explained.out).toMatch(/first: rule 2 of 2 \(path admission_dx\), replace \/.+\/ → "" \(1×\), regex \/.+\/ group 1/);
    const r = await runCli('import', join(dir, 'visits.csv'), '--map', join(dir, 'mapping.yaml'), '-o', out);
    expect(r.code).toBe(0);
    expect(r.out).toContain('3 source records read; 2 imported, 1 filtered, 0 skipped; 0 errors');
    const { cases } = await loadCases([out], { strict: true });
    expect(cases.map((c) => [c.uid, c.language, c.gold.department?.id, c.gold.principalDiagnosis])).toEqual([
      ['visit-V-001', 'zh', 'cardiovascular-medicine', '急性前壁心肌梗死'],
      ['visit-V-002', 'en', 'gastroenterology', 'acute pancreatitis'],
    ]);
    expect(cases[0]!.summary.history).toContain('\n伴大汗。');
  });

  it('renders the symptom list exactly as the README says', async () => {
    const jsonl = blocks.find((b) => b.lang === '' && b.text.startsWith('{'))!.text;
    const dir = tempDir();
    writeFileSync(join(dir, 'symptoms.jsonl'), jsonl);
    writeFileSync(join(dir, 'symptoms.yaml'), yamls[1]!);
    const out = join(dir, 'symptoms.clinicalbench.jsonl');
    const r = await runCli('import', join(dir, 'symptoms.jsonl'), '--map', join(dir, 'symptoms.yaml'), '-o', out);
    expect(r.code).toBe(0);
    const [c] = (await loadCases([out], { strict: true })).cases;
    const said = /gives the chief complaint `(.+?)` and the history `(.+?)`/.exec(section)!;
    expect([c!.summary.chiefComplaint, c!.summary.history]).toEqual([said[1], said[2]]);
    expect(c!.gold.department?.id).toBe('respiratory-medicine');
  });
});
