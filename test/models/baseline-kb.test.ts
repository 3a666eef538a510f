/** The baseline's own knowledge base, and the baseline on the bundled cases: complete, independent of gold. */
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import type { ClinicalCase } from '../../src/bench/case.js';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { loadCases } from '../../src/bench/loader.js';
import { createBaselineModel } from '../../src/models/baseline/index.js';
import { loadKnowledgeBase, type DepartmentKb } from '../../src/models/baseline/kb.js';
import type { Model } from '../../src/models/types.js';
import { parseMultiDepartmentAnswer } from '../../src/tasks/departments.js';
import { casePrompts } from '../../src/tasks/prompts.js';
import { parseSections } from '../../src/tasks/sections.js';
import { loadTemplates, type TemplateSet } from '../../src/tasks/templates.js';

let kb: DepartmentKb[];
let cases: ClinicalCase[];
let model: Model;
let templates: TemplateSet;
const taxonomy = DepartmentTaxonomy.default();

beforeAll(async () => {
  kb = await loadKnowledgeBase();
  cases = (await loadCases([BUNDLED_CASES_DIR], { strict: true })).cases;
  model = await createBaselineModel();
  templates = await loadTemplates();
});

describe('the knowledge base', () => {
  it('covers all 23 departments with at least 7 diseases each and 150 or more in all', () => {
    expect(kb.map((d) => d.department).sort()).toEqual(taxonomy.departments.map((d) => d.id).sort());
    for (const d of kb) expect({ department: d.department, enough: d.diseases.length >= 7 }).toEqual({ department: d.department, enough: true });
    expect(kb.reduce((n, d) => n + d.diseases.length, 0)).toBeGreaterThanOrEqual(150);
  });

  it('has distinct disease ids and names', () => {
    const ids = kb.flatMap((d) => d.diseases.map((x) => x.id));
    expect(new Set(ids).size).toBe(ids.length);
    const names = kb.flatMap((d) => d.diseases.map((x) => x.names.en[0]!.toLowerCase()));
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('the baseline on the bundled cases', () => {
  it('never reads gold answers: blanking every gold field of every record, the raw record included, changes no answer', async () => {
    /** Every gold answer removed from the typed case and from its raw record; `keepDepartment` keeps only the department. */
    const blanked = (c: ClinicalCase, keepDepartment: boolean): ClinicalCase => ({
      ...c,
      gold: {
        department: keepDepartment ? c.gold.department : null,
        departmentText: keepDepartment ? c.gold.departmentText : '',
        preliminaryDiagnosis: [],
        preliminaryDiagnosisText: '',
        diagnosticBasis: '',
        differentialDiagnosis: [],
        differentialDiagnosisText: '',
        principalDiagnosis: '',
        therapeuticPrinciple: '',
        treatmentPlan: [],
        treatmentPlanText: '',
      },
      imaging: c.imaging.map((e) => ({ ...e, impression: '' })),
      record: {
        ...c.record,
        clinical_department: keepDepartment ? c.record.clinical_department : '',
        principal_diagnosis: '',
        preliminary_diagnosis: '',
        diagnostic_basis: '',
        differential_diagnosis: '',
        therapeutic_principle: '',
        treatment_plan: '',
        imageological_examination: Object.fromEntries(Object.entries(c.record.imageological_examination).map(([k, e]) => [k, { ...e, impression: '' }])),
      },
    });
    let compared = 0;
    for (const c of cases) {
      const original = casePrompts(c, { templates, taxonomy });
      // 1. Everything but the department blanked: every prompt, and so every answer, is the same.
      const noGold = casePrompts(blanked(c, true), { templates, taxonomy });
      expect(noGold.map((p) => p.text)).toEqual(original.map((p) => p.text));
      // 2. The department blanked too: the triage prompts are the same; the clinical-diagnosis and imaging prompts
      //    differ only in the role line ("a clinician of <department>"), which the benchmark puts there on purpose.
      const noDepartment = casePrompts(blanked(c, false), { templates, taxonomy });
      for (let i = 0; i < original.length; i++) {
        const [a, b] = [original[i]!, noDepartment[i]!];
        if (a.kind.startsWith('department-guide')) expect(b.text).toBe(a.text);
        else expect(b.text.split('\n').slice(1)).toEqual(a.text.split('\n').slice(1));
      }
      for (let i = 0; i < original.length; i++) {
        const task = { kind: original[i]!.kind, language: c.language, ...(original[i]!.k ? { k: original[i]!.k } : {}) };
        const x = await model.generate({ messages: [{ role: 'user', content: original[i]!.text }], task });
        const y = await model.generate({ messages: [{ role: 'user', content: noGold[i]!.text }], task });
        expect(y.text).toBe(x.text);
        if (original[i]!.kind.startsWith('department-guide')) {
          const z = await model.generate({ messages: [{ role: 'user', content: noDepartment[i]!.text }], task });
          expect(z.text).toBe(x.text);
        }
        compared++;
      }
    }
    expect(compared).toBe(820);
  });

  it('answers every prompt of the bundled set in the format its task asks for', async () => {
    let n = 0;
    for (const c of cases) {
      for (const p of casePrompts(c, { templates, taxonomy })) {
        const r = await model.generate({ messages: [{ role: 'user', content: p.text }], task: { kind: p.kind, language: c.language, ...(p.k ? { k: p.k } : {}) } });
        n++;
        if (p.kind === 'clinical-diagnosis') expect(parseSections(r.text).found).toHaveLength(6);
        else if (p.kind === 'imaging-diagnosis') expect(r.text).toMatch(/^\(1\) /);
        else expect(parseMultiDepartmentAnswer(r.text, taxonomy)).toMatchObject({ count: p.k, valid: p.k });
      }
    }
    expect(n).toBe(820);
  });
});
