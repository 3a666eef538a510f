/**
 * The task registry: the one list of scored tasks (src/tasks/registry/<task>.ts), in the order rows are shown,
 * and what the rest of the pipeline asks of it — which score rows an answer gets for a case, which tasks a case
 * cannot be scored on, what a task is called, how a stored id of an older run is read. Adding a task is one
 * module here plus its template; see docs/architecture.md.
 */
import type { ClinicalCase } from '../../bench/case.js';
import type { GoldPart } from '../../bench/gold.js';
import { caseSupport, type CaseSupport } from '../../bench/support.js';
import type { AnyGeneration } from '../generations/types.js';
import { basis } from './basis.js';
import { department } from './department.js';
import { differential } from './differential.js';
import { difr3, difr5 } from './difr.js';
import { imaging } from './imaging.js';
import { plan } from './plan.js';
import { preliminary } from './preliminary.js';
import { finalDiagnosis } from './final-diagnosis.js';
import { treatmentPrinciple } from './treatment-principle.js';
import type { ScoringKind, TaskModule } from './types.js';

export type { ScoringKind, TaskModule } from './types.js';

/** The task modules, in the order their rows are shown (and their columns: each where its first task stands). */
const MODULES = [department, difr3, difr5, preliminary, basis, differential, finalDiagnosis, treatmentPrinciple, plan, imaging] as const;
type Module = (typeof MODULES)[number];
export type ScoredTaskId = Module['id'];
/** Leaderboard columns fed by tasks (PROTOCOL §5). */
export type TaskColumn = Module['column'];
/** The fields of a case's scores the tasks fill (metrics/clinical.ts CaseScores). */
export type CaseField = Module['field'];
/** What each task puts in its field: a yes/no, a text score, one score per exam, a department count. */
type FieldValue<M> = M extends { scoring: 'department-count' } ? { count: number; valid: number } : M extends { perExam: true } ? number[] : M extends { scoring: 'text-similarity' } ? number : boolean;
export type CaseFieldValues = { [M in Module as M['field']]: FieldValue<M> };
/** The kinds of model call the tasks need, and what each is read into and stored as. */
export type GenerationKind = Module['generation']['kind'];
export type GenerationOf<K extends GenerationKind> = Extract<Module['generation'], { kind: K }>;
/** What a generation's answer is read into (tasks/reading.ts), with how well it was read. */
export type ReadOf<K extends GenerationKind> = ReturnType<GenerationOf<K>['read']>;
/** A generation's stored answer, decoded (without its verdict). */
export type StoredOf<K extends GenerationKind> = ReturnType<GenerationOf<K>['decode']>;
/** The templates the generations ask with. */
export type GenerationTemplateName = Module['generation']['template']['name'];
/** The id of one of the eight ClinicalBench tasks. */
export type BenchTaskId = Extract<(typeof MODULES)[number], { number: number }>['id'];

/** Every scored task (score row), in the order the report shows them. */
export const SCORED_TASKS: readonly TaskModule[] = MODULES;

/** The eight ClinicalBench tasks (PROTOCOL §4), by number: the DIFR rows belong to the department guide. */
export const BENCH_TASKS = SCORED_TASKS.filter((t) => t.number !== undefined) as readonly (TaskModule & { id: BenchTaskId; number: number; gold: GoldPart })[];

/** Tasks are scored by kind in this order: what one answer depends on comes before what uses it. */
const SCORING_ORDER: readonly ScoringKind[] = ['department-match', 'department-count', 'diagnosis-list', 'diagnosis-name', 'text-similarity'];
export const SCORING_SEQUENCE: readonly TaskModule[] = [...SCORED_TASKS].sort((a, b) => SCORING_ORDER.indexOf(a.scoring) - SCORING_ORDER.indexOf(b.scoring));

/**
 * The kinds of model call, in task order (each declared once, in src/tasks/generations/ or in a task's module),
 * each with the label its errors, pending answers and readings are counted under: its own when it feeds several
 * tasks (`diagnosis`), else its task's id (`department`, `difr3`, `difr5`, `imaging`); and the title its answer
 * has in the case browser (its own, else its task's label).
 */
export const GENERATIONS: readonly (AnyGeneration & { kind: GenerationKind; label: string; title: { en: string; zh: string } })[] = [
  ...new Map(MODULES.map((t): [string, Module['generation']] => [t.generation.kind, t.generation])).values(),
].map((g) => {
  const first = SCORED_TASKS.find((t) => t.generation.kind === g.kind)!;
  return { ...g, label: g.label ?? first.id, title: g.title ?? first.label };
});
/** Generation kind → the label it is counted under. */
export const GENERATION_LABEL: Readonly<Record<string, string>> = Object.fromEntries(GENERATIONS.map((g) => [g.kind, g.label]));

const GENERATION_BY_KIND = new Map(GENERATIONS.map((g) => [g.kind as string, g]));

/** The generation of a kind, or undefined for a kind no task asks (agent, judge and interactive steps). */
export function generationOf(kind: string): (typeof GENERATIONS)[number] | undefined {
  return GENERATION_BY_KIND.get(kind);
}

/** The leaderboard's task columns, in the order their first task is listed. */
export const TASK_COLUMNS = [...new Set(SCORED_TASKS.map((t) => t.column))] as readonly TaskColumn[];

const BY_ID = new Map<string, TaskModule>(SCORED_TASKS.flatMap((t) => [[t.id, t] as const, ...t.formerIds.map((f) => [f, t] as const)]));

/** The task of a score row id — its own or one it had before — or undefined. */
export function scoredTask(id: string): TaskModule | undefined {
  return BY_ID.get(id);
}

/** A stored task id as this version calls it (ids of older runs are read as the task's id now). */
export function currentTaskId(id: string): string {
  return BY_ID.get(id)?.id ?? id;
}

/** The tasks a generation's answer is scored on, in scoring order. */
export function tasksOfGeneration(kind: string): TaskModule[] {
  return SCORING_SEQUENCE.filter((t) => t.generation.kind === kind);
}

/** The tasks that feed a leaderboard column. */
export function tasksOfColumn(column: TaskColumn): TaskModule[] {
  return SCORED_TASKS.filter((t) => t.column === column);
}

/**
 * The columns the protocol's averages are taken over (Avg, the weighted average, the per-record score of DWR):
 * those whose tasks are all the protocol's (`protocol: true`), in column order. A column of a task added after
 * the paper's is shown with its own mean and left out of them.
 */
export const PROTOCOL_COLUMNS = TASK_COLUMNS.filter((c) => tasksOfColumn(c).every((t) => t.protocol));

/** The weight of each task column in the weighted average. */
export const COLUMN_WEIGHT: Readonly<Record<TaskColumn, number>> = Object.fromEntries(SCORED_TASKS.map((t) => [t.column, t.weight])) as Record<TaskColumn, number>;

/**
 * The score rows (task and exam) an answer to one generation gets for a case: none where the case has no gold
 * answer for it (the department guide and DIFR also need a chief complaint to triage from). The one gating that
 * plans the prompts, scores the answers and tells a run scored to date from one answered since. Agent steps
 * (`agent-…`) and judges' ratings (`judge-…`) are not scored.
 */
export function scoredRows(kind: string, exam: string | null | undefined, c: ClinicalCase, s: CaseSupport = caseSupport(c)): { task: string; exam: string }[] {
  return tasksOfGeneration(kind).flatMap((t) => {
    if (!t.perExam) return t.supports(s) ? [{ task: t.id, exam: '' }] : [];
    return exam && t.supports(s, exam) ? [{ task: t.id, exam }] : [];
  });
}

/**
 * The tasks a case cannot be scored on, as the scores count them: one per task the case lacks the gold (or input)
 * for, and one per-exam task per exam without an impression to score against. Depends on the case alone, never on
 * answers, so every reader of a run (scores, leaderboard, report) counts the same skips.
 */
export function unsupportedTasks(c: ClinicalCase, s: CaseSupport = caseSupport(c)): string[] {
  const out: string[] = [];
  for (const t of SCORING_SEQUENCE) {
    if (!t.perExam) {
      if (!t.supports(s)) out.push(t.id);
    } else for (const e of c.imaging) if (!t.supports(s, e.key)) out.push(t.id);
  }
  return out;
}
