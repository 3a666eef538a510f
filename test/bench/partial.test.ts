/**
 * Partial datasets: a record may leave gold fields empty (imported data often has only a final diagnosis). It
 * loads, the tasks without gold are neither asked nor scored, and every skip is counted — while a field that is
 * missing altogether is still an error, so a truncated ClinicalBench file is caught.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { formatProblem, parseCaseFile } from '../../src/bench/loader.js';
import { caseSupport, countSupport } from '../../src/bench/support.js';
import { createMatcher } from '../../src/metrics/matcher/index.js';
import { scoreCase } from '../../src/metrics/score-case.js';
import { planPrompts } from '../../src/run/plan.js';
import { loadTemplates } from '../../src/tasks/templates.js';
import { fixture } from '../helpers.js';

const base = JSON.parse(readFileSync(fixture('authors-shape-en.json'), 'utf8').replace(/\\([#%])/g, '$1')) as Record<string, unknown>;
const taxonomy = DepartmentTaxonomy.default();
const load = (records: Record<string, unknown>[]) =>
  parseCaseFile(new TextEncoder().encode(records.map((r) => JSON.stringify(r)).join('\n') + '\n'), 'partial.jsonl', { taxonomy });
const onlyFinal = (uid: string, extra: Record<string, unknown> = {}) => ({
  ...base,
  clinical_case_uid: uid,
  clinical_department: '',
  preliminary_diagnosis: '',
  diagnostic_basis: 'Not available.',
  differential_diagnosis: null,
  therapeutic_principle: '',
  treatment_plan: '',
  ...extra,
});

describe('records with empty gold fields', () => {
  it('load, with one warning per empty field for the whole file instead of one per record', () => {
    const r = load([onlyFinal('a'.repeat(32)), onlyFinal('b'.repeat(32)), { ...base, clinical_case_uid: 'c'.repeat(32) }]);
    expect(r.report).toMatchObject({ records: 3, loaded: 3, skipped: 0 });
    expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const warnings = r.problems.map(formatProblem);
    expect(warnings).toContain('partial.jsonl: `clinical_department` is empty in 2 of 3 records: Department Guide is skipped for them, not scored');
    expect(warnings).toContain('partial.jsonl: `diagnostic_basis` is empty in 2 of 3 records: Diagnostic Basis is skipped for them, not scored');
    expect(warnings.filter((w) => w.includes('principal_diagnosis'))).toEqual([]);
    const [a] = r.cases;
    expect(a!.gold.department).toBeNull();
    expect(caseSupport(a!)).toMatchObject({ triage: true, department: false, principal: true, preliminary: false, basis: false, differential: false, plan: false });
  });

  it('still refuse a gold field that is missing altogether, or a department that is not on the list', () => {
    const { principal_diagnosis: _gone, ...truncated } = base;
    const r = load([truncated, { ...base, clinical_case_uid: 'd'.repeat(32), clinical_department: 'Dermatology' }]);
    expect(r.report.loaded).toBe(0);
    expect(r.problems.map(formatProblem).join('\n')).toMatch(/record 1 .*`principal_diagnosis` is missing/);
    expect(r.problems.map(formatProblem).join('\n')).toMatch(/record 2 .*"Dermatology" is not one of the 23 departments/);
  });

  it('with "Not available." as chief complaint, load but cannot be triaged', () => {
    const summary = String(base.clinical_case_summary).replace(/(Chief Complaint[:：]).*?\n/, '$1 Not available.\n');
    const r = load([{ ...base, clinical_case_summary: summary }]);
    expect(r.report.loaded).toBe(1);
    expect(caseSupport(r.cases[0]!).triage).toBe(false);
    expect(r.problems.map(formatProblem)).toContain('partial.jsonl: the chief complaint is empty in every record (1): Department Guide and DIFR are skipped for it, not scored');
  });
});

describe('running and scoring partial records', () => {
  it('asks only what can be scored, and counts the rest as skipped', async () => {
    const r = load([onlyFinal('a'.repeat(32)), { ...base, clinical_case_uid: 'c'.repeat(32) }]);
    const plan = planPrompts(r.cases, { templates: await loadTemplates(undefined), taxonomy });
    expect(plan.byKind['department-guide']).toBe(1);
    expect(plan.skipped['department-guide']).toBe(1);
    expect(plan.byKind['department-guide-3']).toBe(2); // DIFR needs no gold department
    expect(plan.byKind['clinical-diagnosis']).toBe(2);
    expect(countSupport(r.cases).parts).toMatchObject({ department: 1, principal: 2, basis: 1 });
    // the clinician role without a department is a general one
    const prompt = plan.prompts.find((p) => p.kind === 'clinical-diagnosis' && p.caseUid === 'a'.repeat(32))!;
    expect(prompt.text).toContain('working in general medicine');
  });

  it('scores the final diagnosis and skips the rest, whatever the answer says', async () => {
    const r = load([onlyFinal('a'.repeat(32))]);
    const c = r.cases[0]!;
    const answer = {
      kind: 'clinical-diagnosis' as const,
      status: 'done',
      parsed: {
        found: ['preliminary', 'principal'],
        sections: { preliminary: '1. Something else', basis: 'x', differential: 'y', principal: c.gold.principalDiagnosis, principle: 'z', plan: 'w' },
      },
    };
    const out = await scoreCase(c, [answer], { matcher: createMatcher() });
    expect(out.scores.fd).toBe(true);
    expect(out.scores.pd).toBeUndefined();
    expect(out.scores.db).toBeUndefined();
    expect(out.scores.acc).toBeUndefined();
    expect(out.skipped).toEqual(expect.arrayContaining(['department', 'preliminary', 'basis', 'differential', 'treatment-principle', 'plan']));
    expect(out.errors).toEqual([]);
  });
});
