import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClinicalCase } from '../../src/bench/case.js';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { loadCases } from '../../src/bench/loader.js';
import { casePrompts, clinicalDiagnosisPrompt, departmentGuidePrompt, imagingDiagnosisPrompt } from '../../src/tasks/prompts.js';
import { loadTemplates, TEMPLATE_NAMES, type TemplateSet } from '../../src/tasks/templates.js';
import { fixture, tempDir } from '../helpers.js';

let zh: ClinicalCase;
let en: ClinicalCase;
let templates: TemplateSet;
const taxonomy = DepartmentTaxonomy.default();

beforeAll(async () => {
  const r = await loadCases([fixture('authors-shape-zh.json'), fixture('authors-shape-en.json')], { strict: true });
  [zh, en] = r.cases as [ClinicalCase, ClinicalCase];
  templates = await loadTemplates();
});

describe('prompts for all tasks in both languages', () => {
  it('renders every generation of a case, with no placeholder left', () => {
    for (const c of [zh, en]) {
      const prompts = casePrompts(c, { templates, taxonomy });
      expect(prompts.map((p) => p.kind)).toEqual(['department-guide', 'department-guide-3', 'department-guide-5', 'clinical-diagnosis', 'imaging-diagnosis']);
      for (const p of prompts) {
        expect(p.text).not.toMatch(/\{\{|\}\}/);
        expect(p.language).toBe(c.language);
        expect(p.template.hash).toMatch(/^[0-9a-f]{16}$/);
      }
    }
  });

  it('shows the department guide only basic information, chief complaint and the list', () => {
    const p = departmentGuidePrompt(en, { templates, taxonomy });
    expect(p.text).toContain('Middle-aged female, XX years old.');
    expect(p.text).toContain('Upper abdominal pain for 1 day after a large meal.');
    for (const name of taxonomy.names('en')) expect(p.text).toContain(name);
    expect(p.text).not.toContain('Gallstones were found'); // history
    expect(p.text).not.toContain('Murphy'); // physical examination
    expect(p.text).not.toContain('pancreatitis'); // gold and imaging
    const zp = departmentGuidePrompt(zh, { templates, taxonomy }, 3);
    expect(zp.kind).toBe('department-guide-3');
    expect(zp.text).toContain('3个科室');
    expect(zp.text).toContain('耳鼻咽喉头颈外科');
    expect(zp.text).not.toContain('胆囊结石');
  });

  it('asks the clinical diagnosis in the role of the gold department with the whole summary', () => {
    const p = clinicalDiagnosisPrompt(zh, { templates, taxonomy });
    expect(p.text).toContain('你是消化内科的一名资深临床医生');
    expect(p.text).toContain('1.1. CT平扫');
    for (const label of ['初步诊断：', '诊断依据：', '鉴别诊断：', '主要诊断：', '治疗原则：', '治疗计划：']) expect(p.text).toContain(label);
    expect(p.text).not.toContain('急性胆源性胰腺炎'); // the gold answer is not in the prompt
    expect(clinicalDiagnosisPrompt(en, { templates, taxonomy }).text).toContain('working in Gastroenterology');
  });

  it('gives the radiologist one exam’s findings and not its impression', () => {
    const exam = en.imaging[0]!;
    const p = imagingDiagnosisPrompt(en, exam, { templates, taxonomy });
    expect(p.exam).toBe('plain_computed_tomography_scan');
    expect(p.text).toContain('plain CT scan report');
    expect(p.text).toContain(exam.findings);
    expect(p.text).not.toContain('consistent with acute pancreatitis');
  });
});

describe('replaceable templates', () => {
  it('takes a user file in place of the built-in one and changes the hash', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'en'));
    writeFileSync(join(dir, 'en', 'imaging-diagnosis.txt'), 'Radiologist. {{modality}} findings:\n{{findings}}\nImpression:');
    const mine = await loadTemplates(dir);
    const p = imagingDiagnosisPrompt(en, en.imaging[0]!, { templates: mine, taxonomy });
    expect(p.text.startsWith('Radiologist. plain CT scan findings:')).toBe(true);
    expect(p.template.source).toBe(join(dir, 'en', 'imaging-diagnosis.txt'));
    expect(p.template.hash).not.toBe(templates.get('en/imaging-diagnosis')!.hash);
    // the other templates stay built-in
    expect(mine.get('zh/imaging-diagnosis')!.source).toBe('builtin');
    expect(mine.size).toBe(2 * TEMPLATE_NAMES.length);
  });

  it('hashes a template the same with or without a byte-order mark', async () => {
    const builtin = templates.get('en/department-guide')!;
    const dir = tempDir();
    mkdirSync(join(dir, 'en'));
    writeFileSync(join(dir, 'en', 'department-guide.txt'), `\uFEFF${builtin.text}`);
    const mine = (await loadTemplates(dir)).get('en/department-guide')!;
    expect(mine.source).toBe(join(dir, 'en', 'department-guide.txt'));
    expect(mine.text).toBe(builtin.text);
    expect(mine.hash).toBe(builtin.hash);
  });

  it('refuses unknown placeholders and misspelt file names, naming the file', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'zh'));
    writeFileSync(join(dir, 'zh', 'clinical-diagnosis.txt'), '{{department}} {{case_sumary}}');
    await expect(loadTemplates(dir)).rejects.toThrow(/clinical-diagnosis\.txt uses unknown placeholder \{\{case_sumary\}\}/);
    const dir2 = tempDir();
    mkdirSync(join(dir2, 'en'));
    writeFileSync(join(dir2, 'en', 'clinical_diagnosis.txt'), '{{case_summary}}');
    await expect(loadTemplates(dir2)).rejects.toThrow(/clinical_diagnosis\.txt is not a known template/);
    await expect(loadTemplates(join(dir2, 'missing'))).rejects.toThrow(/does not exist/);
  });
});
