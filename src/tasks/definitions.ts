/**
 * The eight ClinicalBench tasks (PROTOCOL §4) as data: what each is called, which leaderboard column it feeds,
 * which generation answers it and which gold field scores it. Tasks 2–7 share one generation; task 8 is one
 * generation per imaging exam; the DIFR runs are two extra department-guide generations.
 */

export const TASK_IDS = ['department', 'preliminary', 'basis', 'differential', 'principal', 'principle', 'plan', 'imaging'] as const;
export type TaskId = (typeof TASK_IDS)[number];

/** The kinds of model call a case needs. */
export const GENERATION_KINDS = ['department-guide', 'department-guide-3', 'department-guide-5', 'clinical-diagnosis', 'imaging-diagnosis'] as const;
export type GenerationKind = (typeof GENERATION_KINDS)[number];

/** The six labelled sections of the clinical-diagnosis answer, in order. */
export const SECTION_IDS = ['preliminary', 'basis', 'differential', 'principal', 'principle', 'plan'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export interface TaskDefinition {
  id: TaskId;
  number: number;
  title: string;
  /** Leaderboard column. */
  column: 'Acc' | 'PD' | 'DB' | 'DD' | 'FD' | 'PT' | 'TP' | 'ID';
  /** The generation that answers it. */
  generation: GenerationKind;
  /** Gold field of the record. */
  gold: string;
  /** How it is scored. */
  scoring: 'department-match' | 'diagnosis-match' | 'text-similarity';
}

export const TASKS: readonly TaskDefinition[] = [
  { id: 'department', number: 1, title: 'Department Guide', column: 'Acc', generation: 'department-guide', gold: 'clinical_department', scoring: 'department-match' },
  { id: 'preliminary', number: 2, title: 'Preliminary Diagnosis', column: 'PD', generation: 'clinical-diagnosis', gold: 'preliminary_diagnosis', scoring: 'diagnosis-match' },
  { id: 'basis', number: 3, title: 'Diagnostic Basis', column: 'DB', generation: 'clinical-diagnosis', gold: 'diagnostic_basis', scoring: 'text-similarity' },
  { id: 'differential', number: 4, title: 'Differential Diagnosis', column: 'DD', generation: 'clinical-diagnosis', gold: 'differential_diagnosis', scoring: 'text-similarity' },
  { id: 'principal', number: 5, title: 'Final Diagnosis', column: 'FD', generation: 'clinical-diagnosis', gold: 'principal_diagnosis', scoring: 'diagnosis-match' },
  { id: 'principle', number: 6, title: 'Principle of Treatment', column: 'PT', generation: 'clinical-diagnosis', gold: 'therapeutic_principle', scoring: 'text-similarity' },
  { id: 'plan', number: 7, title: 'Treatment Plan', column: 'TP', generation: 'clinical-diagnosis', gold: 'treatment_plan', scoring: 'text-similarity' },
  { id: 'imaging', number: 8, title: 'Imaging Diagnosis', column: 'ID', generation: 'imaging-diagnosis', gold: 'imageological_examination.<exam>.impression', scoring: 'text-similarity' },
];

const BY_ID = new Map(TASKS.map((t) => [t.id, t]));

export function taskById(id: TaskId): TaskDefinition {
  return BY_ID.get(id)!;
}

/** Read a task name as users type it: id, number, column or title (`pd`, `2`, `Preliminary Diagnosis`). */
export function parseTaskName(name: string): TaskId | undefined {
  const k = name.trim().toLowerCase().replace(/[\s_]+/g, '-');
  for (const t of TASKS) {
    if (k === t.id || k === String(t.number) || k === t.column.toLowerCase() || k === t.title.toLowerCase().replace(/\s+/g, '-')) return t.id;
  }
  if (k === 'difr') return 'department';
  return undefined;
}

/** The sentence a model is told to give when no differential diagnosis is needed. */
export const NO_DIFFERENTIAL = {
  en: 'The diagnosis is clear; no differential diagnosis is needed.',
  zh: '诊断明确，无需鉴别。',
} as const;
