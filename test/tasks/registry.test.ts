/**
 * The task registry is the one place a task is declared: every reader of tasks (definitions, support, scoring,
 * the report's tables, the command line) follows it, and a task id is written only in its own module.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCases } from '../../src/bench/loader.js';
import { GOLD } from '../../src/bench/gold.js';
import { caseSupport } from '../../src/bench/support.js';
import { TASKS, parseTaskName } from '../../src/tasks/definitions.js';
import { BENCH_TASKS, COLUMN_WEIGHT, SCORED_TASKS, scoredRows, unsupportedTasks } from '../../src/tasks/registry/index.js';
import { kindsForTasks } from '../../src/run/setup.js';
import { ROOT } from '../helpers.js';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('the task registry', () => {
  it('declares the eight tasks in order, with the columns and weights of the weighted average', () => {
    expect(BENCH_TASKS.map((t) => t.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(TASKS.map((t) => t.column)).toEqual(['Acc', 'PD', 'DB', 'DD', 'FD', 'PT', 'TP', 'ID']);
    expect(COLUMN_WEIGHT).toEqual({ Acc: 5, DIFR: 1, PD: 1, DB: 1, DD: 1, FD: 5, PT: 1, TP: 1, ID: 1 });
    expect(new Set(SCORED_TASKS.map((t) => t.id)).size).toBe(SCORED_TASKS.length);
  });

  it('names each task as the loader does when records lack its gold part', () => {
    for (const t of BENCH_TASKS) expect({ task: t.id, scores: GOLD[t.gold].scores }).toEqual({ task: t.id, scores: t.title });
  });

  it('is what --tasks reads: each task by id, number, column or title', () => {
    for (const t of BENCH_TASKS) {
      for (const name of [t.id, String(t.number), t.column, t.title]) expect(parseTaskName(name)).toBe(t.id);
      expect(kindsForTasks([t.id])).toEqual([t.generation.kind]);
    }
  });

  it('gives an answer the rows its case supports, and counts the rest as skipped', async () => {
    const open = (await loadCases([join(ROOT, 'data', 'open')])).cases.slice(0, 3);
    // a partial record: no basis, no plan, no department, an exam without an impression
    const partial = structuredClone(open[0]!);
    partial.gold.diagnosticBasis = '';
    partial.gold.treatmentPlanText = '暂无。';
    partial.gold.department = null;
    partial.imaging[0]!.impression = '';
    const all = [...open, partial];
    expect(unsupportedTasks(partial)).toEqual(['department', 'basis', 'plan', 'imaging']);
    for (const c of all) {
      const s = caseSupport(c);
      const rows = ['department-guide', 'department-guide-3', 'department-guide-5', 'clinical-diagnosis'].flatMap((k) => scoredRows(k, '', c, s).map((r) => r.task));
      const skipped = unsupportedTasks(c, s).filter((t) => !SCORED_TASKS.find((x) => x.id === t)?.perExam);
      // every record-level task is either scored or skipped, never both
      expect([...rows, ...skipped].sort()).toEqual(SCORED_TASKS.filter((t) => !t.perExam).map((t) => t.id).sort());
      const exams = c.imaging.map((e) => scoredRows('imaging-diagnosis', e.key, c, s).length);
      expect(exams.filter((n) => n === 0).length).toBe(unsupportedTasks(c, s).length - skipped.length);
    }
  });

  it('keeps each task id out of every module but its own (and the answer format and gold parts it reads)', () => {
    const src = join(ROOT, 'src');
    const own = join(src, 'tasks', 'registry');
    // ids that are also ordinary words of other parts (a case's department, a routing basis, an imaging exam)
    const words = new Set(['department', 'basis', 'plan', 'imaging']);
    // the six sections of the clinical-diagnosis answer (its generation's answer format), the gold parts of a record
    // (bench stage, before tasks) and the agent roles' template placeholders carry names of their own, and so do the
    // fields of ClinicalAgent's stored steps (a consultation keeps its clinician's `preliminary` section as read)
    const allowed = ['src/tasks/generations/clinical-sections.ts', 'src/bench/gold.ts', 'src/tasks/templates.ts', 'src/run/step-records.ts'];
    const sources = files(src).filter((f) => !f.startsWith(own)).map((f) => ({ file: relative(ROOT, f), text: readFileSync(f, 'utf8') }));
    for (const t of SCORED_TASKS.filter((x) => !words.has(x.id))) {
      const elsewhere = sources.filter((f) => !allowed.includes(f.file) && f.text.includes(`'${t.id}'`)).map((f) => f.file);
      expect({ task: t.id, elsewhere }).toEqual({ task: t.id, elsewhere: [] });
    }
  });
});
