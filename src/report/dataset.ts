/**
 * What a run's dataset supports: per task, how many of the run's records have a gold answer for it (from
 * `countSupport`, src/bench/support.ts), and so how many were skipped — not asked, or asked and not scored — for
 * want of one. Partial, imported datasets (no department, no treatment plan …) show here which columns of the
 * leaderboard rest on how many records.
 */
import type { SupportCounts } from '../bench/support.js';
import { SCORED_TASKS } from '../tasks/registry/index.js';

const DIFR_LABEL = 'Department instruction following (K = 3, 5)';

export interface DatasetTask {
  /** A task id (the task registry's), or `difr` for the two DIFR rows. */
  task: string;
  label: string;
  /** The leaderboard column the task is scored in. */
  column: string;
  withGold: number;
  /** Records of the run (imaging: its exams). */
  total: number;
  unit: 'records' | 'exams';
  /** total − withGold: skipped for want of a gold answer (or, for triage, of a chief complaint). */
  skipped: number;
}

export interface DatasetView {
  records: number;
  tasks: DatasetTask[];
}

/** The rows of the table: each task (the DIFR rows as one, by their column), imaging last, counted by exams. */
export function datasetView(s: SupportCounts): DatasetView {
  const tasks: DatasetTask[] = [];
  for (const t of SCORED_TASKS) {
    if (t.partOf !== undefined) {
      if (tasks.some((x) => x.column === t.column)) continue;
      tasks.push({ task: t.column.toLowerCase(), label: DIFR_LABEL, column: t.column, withGold: s.triage, total: s.records, unit: 'records', skipped: s.records - s.triage });
    } else if (t.perExam) tasks.push({ task: t.id, label: t.label.en, column: t.column, withGold: s.scorableExams, total: s.exams, unit: 'exams', skipped: s.exams - s.scorableExams });
    else {
      const withGold = s.parts[t.gold!];
      tasks.push({ task: t.id, label: t.label.en, column: t.column, withGold, total: s.records, unit: 'records', skipped: s.records - withGold });
    }
  }
  return { records: s.records, tasks };
}

/** `task n, …` of the tasks something was skipped for; empty when the dataset supports every task everywhere. */
export function skippedText(d: DatasetView): string {
  return d.tasks
    .filter((t) => t.skipped > 0)
    .map((t) => `${t.column} ${t.skipped}${t.unit === 'exams' ? ' exams' : ''}`)
    .join(', ');
}
