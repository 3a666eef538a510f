import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CaseLoadError, formatProblem, loadCases, parseCaseFile } from '../../src/bench/loader.js';
import { fixture, tempDir } from '../helpers.js';

describe('a file in the authors’ exact shipped form', () => {
  it('loads the single-object zh file with \\# and \\% escapes, ASCII colons and {result, abnormal} labs', async () => {
    const r = await loadCases([fixture('authors-shape-zh.json')], { strict: true });
    expect(r.loaded).toBe(1);
    expect(r.problems).toEqual([]);
    expect(r.files[0]!.layout).toBe('object');
    expect(r.files[0]!.repairedEscapes).toBeGreaterThan(0);
    const c = r.cases[0]!;
    expect(c.language).toBe('zh');
    expect(c.gold.department?.id).toBe('gastroenterology');
    // the escapes are read as the plain characters
    expect(c.gold.diagnosticBasis).toContain('血淀粉酶#(AMY#)');
    expect(c.gold.diagnosticBasis).toContain('(NEUT%)');
    // basic information and chief complaint share one line in the authors' zh files
    expect(c.summary.basicInformation).toBe('中年女性，XX岁。');
    expect(c.summary.chiefComplaint).toBe('饱餐后上腹痛1天。');
    expect(c.summary.history).toMatch(/^患者1天前进食油腻食物/);
    expect(c.summary.physicalExamination).toMatch(/^T 37.8℃/);
    expect(c.summary.auxiliary.imaging).toMatch(/^1\.1\. CT平扫/);
    expect(c.summary.auxiliary.laboratory).toMatch(/^2\.1血常规/);
    expect(c.summary.auxiliary.pathology).toBe('暂无。');
    expect(c.pathology).toBe('');
  });

  it('reaches every exam, lab test and gold field through the typed accessors, in both languages', async () => {
    const r = await loadCases([fixture('authors-shape-zh.json'), fixture('authors-shape-en.json')], { strict: true });
    expect(r.cases.map((c) => c.language)).toEqual(['zh', 'en']);
    const [zh, en] = r.cases as [NonNullable<(typeof r.cases)[0]>, NonNullable<(typeof r.cases)[0]>];
    expect(zh.uid).toBe(en.uid);
    expect(zh.imaging).toHaveLength(1);
    expect(zh.imaging[0]).toMatchObject({ key: 'plain_computed_tomography_scan', name: 'CT平扫', known: true });
    expect(en.imaging[0]!.name).toBe('plain CT scan');
    expect(en.imaging[0]!.impression).toMatch(/^\(1\) Enlarged pancreas/);
    expect(zh.labs.map((l) => [l.key, l.name])).toEqual([
      ['routine_blood_test', '血常规'],
      ['blood_biochemistry_test', '血生化'],
    ]);
    const amylase = zh.labs[1]!.items[0]!;
    expect(amylase).toMatchObject({ index: 1, name: '淀粉酶#', abbr: 'AMY#', value: '1250', flag: '↑', unit: 'U/L', range: '35-135' });
    // single-space result lines (the authors' en files) still give value, flag and range
    expect(en.labs[1]!.items[1]).toMatchObject({ abbr: 'Ca', value: '1.98', flag: '↓', range: '2.11-2.52' });
    expect(en.gold.preliminaryDiagnosis).toEqual(['Acute biliary pancreatitis', 'Gallbladder stones', 'Hypocalcaemia']);
    expect(zh.gold.preliminaryDiagnosis).toEqual(['急性胆源性胰腺炎', '胆囊结石', '低钙血症']);
    expect(en.gold.differentialDiagnosis.map((d) => d.disease)).toEqual(['Perforated peptic ulcer', 'Acute myocardial infarction', 'Acute cholecystitis']);
    expect(zh.gold.differentialDiagnosis[0]!.reason).toMatch(/^可有突发上腹痛/);
    expect(en.gold.principalDiagnosis).toBe('Acute biliary pancreatitis');
    expect(en.gold.treatmentPlan).toHaveLength(4);
    expect(zh.gold.therapeuticPrinciple).toContain('去除胆源性病因');
    expect(en.summary.auxiliary.imaging).toMatch(/^Plain CT Scan: 1\. Enlarged/);
    expect(en.summary.auxiliary.laboratory).toMatch(/^Routine Blood Test/);
    expect(en.summary.auxiliary.pathology).toBe('None at the moment.');
    expect(en.pathology).toBe('');
  });
});

describe('the quirks real users have', () => {
  it('reads an array with a byte-order mark and other department spellings', async () => {
    const r = await loadCases([fixture('quirks', 'array-bom.json')], { strict: true });
    expect(r.files[0]!.layout).toBe('array');
    expect(r.cases.map((c) => c.gold.department?.id)).toEqual(['gastroenterology', 'gastroenterology']);
    const zh = r.cases[1]!;
    expect(zh.source.line).toBeGreaterThan(1);
    // full-width colons and （1） numbering
    expect(zh.summary.chiefComplaint).toBe('饱餐后上腹痛1天。');
    expect(zh.summary.auxiliary.imaging).toBe('CT平扫：(1) 胰腺体积增大。');
    expect(zh.summary.auxiliary.laboratory).toContain('淀粉酶');
  });

  it('reads JSON Lines with list-form imaging, {findings, impression} labs, unknown keys and null pathology', async () => {
    const r = await loadCases([fixture('quirks', 'lines.jsonl')], { strict: true });
    expect(r.files[0]!.layout).toBe('jsonl');
    const en = r.cases.find((c) => c.language === 'en')!;
    expect(en.imaging.map((e) => [e.key, e.known, e.name])).toEqual([
      ['plain_computed_tomography_scan', true, 'plain CT scan'],
      ['bone_scintigraphy', false, 'Bone scintigraphy'],
    ]);
    expect(en.labs[0]!.result).toContain('White Blood Cells');
    expect(en.labs[0]!.abnormal).toContain('(WBC) 13.2');
    expect(en.labs[1]).toMatchObject({ key: 'serum_lipase_test', known: false, name: 'Serum lipase test' });
    expect(en.pathology).toBe('');
    expect(r.cases.find((c) => c.language === 'zh')!.pathology).toBe('');
  });

  it('reads several pretty-printed objects written one after another', async () => {
    const r = await loadCases([fixture('quirks', 'concatenated.json')], { strict: true });
    expect(r.files[0]!.layout).toBe('concatenated');
    expect(r.cases.map((c) => [c.language, c.source.line])).toEqual([
      ['en', 1],
      ['zh', expect.any(Number)],
    ]);
    expect(r.cases[1]!.source.line).toBeGreaterThan(10);
  });

  it('reads a folder recursively, file by file', async () => {
    const r = await loadCases([fixture('quirks')]);
    expect(r.files.map((f) => f.file.split('/').pop())).toEqual(['array-bom.json', 'concatenated.json', 'lines.jsonl']);
    expect(r.loaded).toBe(6);
    expect(r.skipped).toBe(0);
  });
});

describe('bad input', () => {
  it('reports each broken record with file, record, line, uid and field, and loads the rest', async () => {
    const r = await loadCases([fixture('broken', 'mixed.jsonl')]);
    expect(r.loaded).toBe(1);
    expect(r.skipped).toBe(7);
    const messages = r.problems.map(formatProblem);
    expect(messages).toContain(
      `${fixture('broken', 'mixed.jsonl')}: record 2 (uid 22222222222222222222222222222222, line 2): \`principal_diagnosis\` is missing`,
    );
    expect(messages.join('\n')).toMatch(/record 3 .*`clinical_department` "Dermatology" is not one of the 23 departments/);
    expect(messages.join('\n')).toMatch(/record 4 \(line 4\): not valid JSON at line 4, column \d+/);
    expect(messages.join('\n')).toMatch(/record 5 .*`language` is "fr"/);
    expect(messages.join('\n')).toMatch(/record 6 .*appears twice; first as record 1/);
    expect(messages.join('\n')).toMatch(/record 7 .*has no chief complaint section/);
    expect(messages.join('\n')).toMatch(/record 8 .*`treatment_plan` should be text, found a number/);
    // every record is accounted for
    expect(r.loaded + r.skipped).toBe(r.files[0]!.records);
  });

  it('stops at the first error in strict mode', async () => {
    await expect(loadCases([fixture('broken', 'mixed.jsonl')], { strict: true })).rejects.toThrow(CaseLoadError);
    await expect(loadCases([fixture('broken', 'mixed.jsonl')], { strict: true })).rejects.toThrow(/record 2 .*principal_diagnosis/);
  });

  it('names a missing file and a file that is not UTF-8', async () => {
    const dir = tempDir();
    const latin1 = join(dir, 'latin1.json');
    writeFileSync(latin1, Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]));
    const r = await loadCases([join(dir, 'nope.json'), latin1]);
    expect(r.problems.map(formatProblem)).toEqual([`${join(dir, 'nope.json')}: does not exist`, `${latin1}: is not valid UTF-8 text (save it as UTF-8, with or without BOM)`]);
  });

  it('reports a record that is never closed', () => {
    const text = '{"clinical_case_uid": "x"}\n{"clinical_case_uid": "y",\n "language": "en"\n';
    const r = parseCaseFile(Buffer.from(text), 'cut.json');
    expect(r.problems.map(formatProblem).join('\n')).toMatch(/never closed/);
    expect(r.report.records).toBe(r.report.loaded + r.report.skipped);
  });

  it('warns, without failing, when imaging/lab objects are missing or the language looks wrong', async () => {
    const dir = tempDir();
    const file = join(dir, 'w.json');
    const { readFileSync } = await import('node:fs');
    const en = JSON.parse(readFileSync(fixture('authors-shape-en.json'), 'utf8').replace(/\\([#%])/g, '$1')) as Record<string, unknown>;
    delete en.laboratory_examination;
    en.language = 'zh';
    en.clinical_department = '消化内科';
    writeFileSync(file, JSON.stringify(en));
    const r = await loadCases([file]);
    expect(r.loaded).toBe(1);
    expect(r.problems.every((p) => p.severity === 'warning')).toBe(true);
    expect(r.problems.map(formatProblem).join('\n')).toMatch(/`laboratory_examination` is missing; read as no exams/);
    expect(r.problems.map(formatProblem).join('\n')).toMatch(/`language` says "zh" but `clinical_case_summary` reads as English/);
  });
});
