/**
 * What a task module declares (one module per task in this folder): everything the pipeline knows of a task,
 * read from here by the planner, the scorer, the comparison, the report and the command line. Scoring itself is
 * metrics' (a later stage): a task names the *kind* of scoring it needs and the case-score field it fills, and
 * src/metrics/scorers.ts holds one scorer per kind.
 */
import type { GoldPart } from '../../bench/gold.js';
import type { CaseSupport } from '../../bench/support.js';
import type { GenerationKind, SectionId } from '../definitions.js';
import type { TemplateName } from '../templates.js';

/** Leaderboard columns fed by tasks (PROTOCOL §5). */
export type TaskColumn = 'Acc' | 'DIFR' | 'PD' | 'DB' | 'DD' | 'FD' | 'PT' | 'TP' | 'ID';

/**
 * How one answer is scored: the department named (exact), the departments of a K-department answer counted,
 * a list of diagnoses against the gold list (PD), one diagnosis against the gold one (FD), text similarity.
 */
export type ScoringKind = 'department-match' | 'department-count' | 'diagnosis-list' | 'diagnosis-name' | 'text-similarity';

/** The field of a case's scores (metrics/clinical.ts CaseScores) a task's score goes to. */
export type CaseField = 'acc' | 'difr3' | 'difr5' | 'pd' | 'fd' | 'db' | 'dd' | 'pt' | 'tp' | 'id';

export interface TaskModule {
  /** The id score rows, `--tasks` and exports use. */
  readonly id: string;
  /** Ids the task had before (read in stored runs, accepted on the command line with a note). */
  readonly formerIds: readonly string[];
  /** ClinicalBench task number (1–8); undefined for the DIFR rows, which belong to the department guide (1). */
  readonly number?: number;
  /** The task a DIFR row belongs to (`--tasks` selects them with it). */
  readonly partOf?: string;
  /** Title as the paper names it. */
  readonly title: string;
  /** Short label of a row, in each language. */
  readonly label: { readonly en: string; readonly zh: string };
  readonly column: TaskColumn;
  /** Weight of its column in the authors' weighted average. */
  readonly weight: number;
  /** The generation that answers it, and the template that asks it. */
  readonly generation: GenerationKind;
  readonly template: TemplateName;
  /** The section of the six-section answer it reads (clinical-diagnosis tasks). */
  readonly section?: SectionId;
  /** The gold part (bench/gold.ts) it is scored against. */
  readonly gold?: GoldPart;
  /** How many departments the answer is asked for (department-count tasks). */
  readonly departments?: number;
  /** Whether it is scored once per imaging exam. */
  readonly perExam?: boolean;
  readonly scoring: ScoringKind;
  readonly field: CaseField;
  /** Whether a case supports it: its gold part (and input) are there; for per-exam tasks, on that exam. */
  supports(s: CaseSupport, exam?: string): boolean;
}
