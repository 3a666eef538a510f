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
  it('never reads gold answers: blanking them changes no answer', async () => {
    const sample = cases.filter((_, i) => i % 9 === 0);
    for (const c of sample) {
      const blank: ClinicalCase = {
        ...c,
        gold: { ...c.gold, preliminaryDiagnosis: [], preliminaryDiagnosisText: '', diagnosticBasis: '', differentialDiagnosis: [], differentialDiagnosisText: '', principalDiagnosis: '', therapeuticPrinciple: '', treatmentPlan: [], treatmentPlanText: '' },
        imaging: c.imaging.map((e) => ({ ...e, impression: '' })),
      };
      const a = casePrompts(c, { templates, taxonomy });
      const b = casePrompts(blank, { templates, taxonomy });
      expect(b.map((p) => p.text)).toEqual(a.map((p) => p.text)); // the prompts hold no gold answer…
      for (let i = 0; i < a.length; i++) {
        const task = { kind: a[i]!.kind, language: c.language, ...(a[i]!.k ? { k: a[i]!.k } : {}) };
        const x = await model.generate({ messages: [{ role: 'user', content: a[i]!.text }], task });
        const y = await model.generate({ messages: [{ role: 'user', content: b[i]!.text }], task });
        expect(y.text).toBe(x.text); // …so neither do the answers
      }
    }
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
