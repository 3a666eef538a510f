/**
 * The eight ClinicalBench tasks (PROTOCOL §4) as data: what each is called, which leaderboard column it feeds,
 * which generation answers it and which gold field scores it. Tasks 2–7 share one generation; task 8 is one
 * generation per imaging exam; the DIFR runs are two extra department-guide generations. Each task is declared
 * once, in its module under src/tasks/registry/; this is the summary of the eight the command line reads.
 */
import { GOLD } from '../bench/gold.js';
import { BENCH_TASKS, GENERATIONS, SCORED_TASKS, type BenchTaskId, type GenerationKind, type TaskColumn } from './registry/index.js';

export type { GenerationKind } from './registry/index.js';
export { SECTION_IDS, type SectionId } from './generations/clinical-sections.js';

/** The ids of the eight tasks, from the task registry (src/tasks/registry/). */
export const TASK_IDS = BENCH_TASKS.map((t) => t.id);
export type TaskId = BenchTaskId;

/** The kinds of model call a case needs, in task order (the generations of the task registry's tasks). */
export const GENERATION_KINDS: readonly GenerationKind[] = GENERATIONS.map((g) => g.kind);

export interface TaskDefinition {
  id: TaskId;
  number: number;
  title: string;
  /** Leaderboard column. */
  column: TaskColumn;
  /** The generation that answers it. */
  generation: GenerationKind;
  /** Gold field of the record. */
  gold: string;
  /** How it is scored. */
  scoring: 'department-match' | 'diagnosis-match' | 'text-similarity';
}

export const TASKS: readonly TaskDefinition[] = BENCH_TASKS.map((t) => ({
  id: t.id as TaskId,
  number: t.number,
  title: t.title,
  column: t.column as TaskColumn,
  generation: t.generation.kind as GenerationKind,
  gold: t.perExam ? `${GOLD[t.gold].field}.<exam>.impression` : GOLD[t.gold].field,
  scoring: t.scoring === 'department-match' ? 'department-match' : t.scoring === 'text-similarity' ? 'text-similarity' : 'diagnosis-match',
}));

const BY_ID = new Map(TASKS.map((t) => [t.id, t]));

export function taskById(id: TaskId): TaskDefinition {
  return BY_ID.get(id)!;
}

const plain = (name: string): string => name.trim().toLowerCase().replace(/[\s_]+/g, '-');

/**
 * Read a task name as users type it: id, number, column or title (`pd`, `2`, `Preliminary Diagnosis`), or an id the
 * task had before (`principal`, `principle`: see `formerTaskName`).
 */
export function parseTaskName(name: string): TaskId | undefined {
  const k = plain(name);
  for (const t of BENCH_TASKS) {
    if (k === t.id || k === String(t.number) || k === t.column.toLowerCase() || k === t.title.toLowerCase().replace(/\s+/g, '-') || t.formerIds.includes(k)) return t.id;
  }
  if (k === 'difr') return SCORED_TASKS.find((t) => t.partOf !== undefined)?.partOf as TaskId | undefined;
  return undefined;
}

/** When a task name is an id the task had before, the note saying what it is called now. */
export function formerTaskName(name: string): string | undefined {
  const k = plain(name);
  const t = BENCH_TASKS.find((x) => x.formerIds.includes(k));
  return t ? `task "${k}" is now called "${t.id}" (${t.title}); the old name still works but is deprecated` : undefined;
}

/** The sentence a model is told to give when no differential diagnosis is needed. */
export const NO_DIFFERENTIAL = {
  en: 'The diagnosis is clear; no differential diagnosis is needed.',
  zh: '诊断明确，无需鉴别。',
} as const;
