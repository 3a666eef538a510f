/**
 * What a task module declares (one module per task in this folder): everything the pipeline knows of a task,
 * read from here by the planner, the scorer, the comparison, the report and the command line. Scoring itself is
 * metrics' (a later stage): a task names the *kind* of scoring it needs and the case-score field it fills, and
 * src/metrics/scorers.ts holds one scorer per kind.
 */
import type { GoldPart } from '../../bench/gold.js';
import type { CaseSupport } from '../../bench/support.js';
import type { SectionId } from '../generations/clinical-sections.js';
import type { AnyGeneration } from '../generations/types.js';

/**
 * How one answer is scored: the department named (exact), the departments of a K-department answer counted,
 * a list of diagnoses against the gold list (PD), one diagnosis against the gold one (FD), text similarity.
 */
export type ScoringKind = 'department-match' | 'department-count' | 'diagnosis-list' | 'diagnosis-name' | 'text-similarity';

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
  /** The leaderboard column it feeds (PROTOCOL §5); columns are shown in the order their first task is listed. */
  readonly column: string;
  /** Weight of its column in the authors' weighted average. */
  readonly weight: number;
  /**
   * Whether it is one of the protocol's tasks (the eight of ClinicalBench and DIFR): only their columns count in
   * Avg, the weighted average and the per-record score behind DWR, which are the authors' figures over their nine
   * columns. A task added after them says `false`: it gets its column (its own mean) and stays out of those three,
   * so the published figures stay comparable; `true` counts it in them with its `weight`.
   */
  readonly protocol: boolean;
  /** The generation that answers it (src/tasks/generations/, or one of the task's own): its prompt, template and reader. */
  readonly generation: AnyGeneration;
  /** The section of the six-section answer it reads (clinical-diagnosis tasks). */
  readonly section?: SectionId;
  /** The gold part (bench/gold.ts) it is scored against. */
  readonly gold?: GoldPart;
  /** How many departments the answer is asked for (department-count tasks). */
  readonly departments?: number;
  /** Whether it is scored once per imaging exam. */
  readonly perExam?: boolean;
  readonly scoring: ScoringKind;
  /** The field of a case's scores (metrics/clinical.ts CaseScores) its score goes to. */
  readonly field: string;
  /** Whether a case supports it: its gold part (and input) are there; for per-exam tasks, on that exam. */
  supports(s: CaseSupport, exam?: string): boolean;
}
