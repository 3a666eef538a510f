/**
 * Task-level skipping: a gold answer that is a sentinel ("Not available.", "暂无。") or empty is skipped for that
 * task and counted in `skipped` — never scored as 0 — while the record's other tasks are scored as usual.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { loadCases, type LoadResult } from '../../src/bench/loader.js';
import type { ClinicalBenchRecord } from '../../src/bench/schema.js';
import { createMatcher } from '../../src/metrics/matcher/index.js';
import { scoreCase, type AnsweredJob } from '../../src/metrics/score-case.js';
import { groupCounts, scoreRun, type RunScores } from '../../src/metrics/score-run.js';
import { evaluatePlanned } from '../../src/run/evaluate.js';
import { modelEntries } from '../../src/run/setup.js';
import { RunStore } from '../../src/run/store.js';
import { loadTemplates } from '../../src/tasks/templates.js';
import { tempDir } from '../helpers.js';

const taxonomy = DepartmentTaxonomy.default();
const matcher = createMatcher();

/** The bundled urology records, with the gold answers of five tasks (and one exam) removed in different ways. */
function blanked(): ClinicalBenchRecord[] {
  const records = JSON.parse(readFileSync(join(BUNDLED_CASES_DIR, 'urology.json'), 'utf8')) as ClinicalBenchRecord[];
  return records.slice(0, 2).map((r) => {
    const zh = r.language === 'zh';
    const firstExam = Object.keys(r.imageological_examination)[0]!;
    return {
      ...r,
      preliminary_diagnosis: zh ? '暂无。' : 'Not available.',
      principal_diagnosis: '',
      therapeutic_principle: zh ? '暂无' : 'Not available.',
      treatment_plan: '   ',
      imageological_examination: { ...r.imageological_examination, [firstExam]: { ...r.imageological_examination[firstExam]!, impression: zh ? '暂无。' : 'Not available.' } },
    };
  });
}

let loaded: LoadResult;
let scored: RunScores;
let dir: string;

beforeAll(async () => {
  process.env.CLINICALLAB_CACHE_DIR = tempDir();
  const file = join(tempDir(), 'partial.json');
  writeFileSync(file, JSON.stringify(blanked()));
  loaded = await loadCases([file], { taxonomy });
  expect(loaded.cases).toHaveLength(2);
  dir = tempDir();
  const templates = await loadTemplates();
  const models = modelEntries(['baseline'], {}, { maxRetries: 0 });
  await evaluatePlanned({ dir, models, cases: loaded.cases, caseFiles: loaded.files, kinds: ['department-guide', 'department-guide-3', 'department-guide-5', 'clinical-diagnosis', 'imaging-diagnosis'], templates, taxonomy, env: {} });
  scored = await scoreRun(dir, { taxonomy, context: { matcher } });
});

describe('tasks without a gold answer', () => {
  it('are counted as skipped, once per record, and leave no score behind', () => {
    const m = scored.models[0]!;
    expect(m.skipped).toMatchObject({ preliminary: 2, 'final-diagnosis': 2, 'treatment-principle': 2, plan: 2, imaging: 2 });
    expect(m.errors).toEqual({});
    for (const c of m.cases) {
      expect(c.pd).toBeUndefined();
      expect(c.pdShare).toBeUndefined();
      expect(c.fd).toBeUndefined();
      expect(c.pt).toBeUndefined();
      expect(c.tp).toBeUndefined();
    }
  });

  it('are counted per record too, so a breakdown by language or department can show them', () => {
    const m = scored.models[0]!;
    expect(m.outcomes).toHaveLength(2);
    const byLanguage = groupCounts(m.outcomes, 'language');
    expect([...byLanguage.keys()].sort()).toEqual(['en', 'zh']);
    for (const g of byLanguage.values()) expect(g.skipped).toMatchObject({ preliminary: 1, 'final-diagnosis': 1, 'treatment-principle': 1, plan: 1, imaging: 1 });
    const byDepartment = groupCounts(m.outcomes, 'department');
    expect([...byDepartment.keys()]).toEqual(['urology']);
    expect(byDepartment.get('urology')!.skipped).toEqual(m.skipped);
  });

  it('do not pull the columns to 0: they have no value and n = 0, while the other tasks are scored', () => {
    const lb = scored.models[0]!.leaderboard;
    for (const col of ['PD', 'FD', 'PT', 'TP'] as const) expect(lb[col]).toEqual({ value: null, n: 0 });
    expect(lb.CDA).toEqual({ value: null, n: 0 });
    expect(lb.Acc.n).toBe(2);
    expect(lb.DB.n).toBe(2);
    expect(lb.DD.n).toBe(2);
    expect(lb.DB.value!).toBeGreaterThan(0);
  });

  it('still score the exams that have an impression, and only those', () => {
    const store = RunStore.open(dir);
    const rows = store.scores('baseline');
    store.close();
    const tasks = new Set(rows.map((r) => r.task));
    for (const t of ['preliminary', 'final-diagnosis', 'treatment-principle', 'plan']) expect(tasks.has(t as never)).toBe(false);
    const exams = loaded.cases.map((c) => c.imaging.length - 1).reduce((a, b) => a + b, 0);
    expect(rows.filter((r) => r.task === 'imaging')).toHaveLength(exams);
    const skippedExams = loaded.cases.map((c) => `${c.uid} ${c.imaging[0]!.key}`);
    for (const r of rows.filter((x) => x.task === 'imaging')) expect(skippedExams).not.toContain(`${r.caseUid} ${r.exam}`);
  });

  it('are skipped even when the answer would have matched a gold text, and a perfect answer scores 100 elsewhere', async () => {
    const c = loaded.cases.find((x) => x.language === 'en')!;
    const sections = { preliminary: 'Not available.', basis: c.gold.diagnosticBasis, differential: c.gold.differentialDiagnosisText, principal: '', principle: 'Not available.', plan: '' };
    const jobs: AnsweredJob[] = [{ kind: 'clinical-diagnosis', status: 'done', parsed: { sections, found: Object.keys(sections) } }];
    const out = await scoreCase(c, jobs, { matcher });
    expect(out.skipped).toEqual(expect.arrayContaining(['preliminary', 'final-diagnosis', 'treatment-principle', 'plan', `imaging ${c.imaging[0]!.key}`]));
    expect(out.scores.db).toBeCloseTo(100, 6);
    expect(out.scores.dd).toBeCloseTo(100, 6);
    expect(Object.keys(out.scores).sort()).toEqual(['db', 'dd', 'department', 'language', 'uid']);
  });
});
