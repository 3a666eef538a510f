/**
 * What a run's dataset supports: per task, how many of the run's records have a gold answer for it (from
 * `countSupport`, src/bench/support.ts), and so how many were skipped — not asked, or asked and not scored — for
 * want of one. Partial, imported datasets (no department, no treatment plan …) show here which columns of the
 * leaderboard rest on how many records.
 */
import type { SupportCounts } from '../bench/support.js';

export interface DatasetTask {
  /** department, difr, preliminary, basis, differential, principal, principle, plan, imaging. */
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

const TASKS: [task: string, label: string, column: string][] = [
  ['department', 'Department guide', 'Acc'],
  ['difr', 'Department instruction following (K = 3, 5)', 'DIFR'],
  ['preliminary', 'Preliminary diagnosis', 'PD'],
  ['basis', 'Diagnostic basis', 'DB'],
  ['differential', 'Differential diagnosis', 'DD'],
  ['principal', 'Final diagnosis', 'FD'],
  ['principle', 'Principle of treatment', 'PT'],
  ['plan', 'Treatment plan', 'TP'],
];

export function datasetView(s: SupportCounts): DatasetView {
  const tasks: DatasetTask[] = TASKS.map(([task, label, column]) => {
    const withGold = task === 'difr' ? s.triage : s.parts[task as keyof SupportCounts['parts']];
    return { task, label, column, withGold, total: s.records, unit: 'records', skipped: s.records - withGold };
  });
  tasks.push({ task: 'imaging', label: 'Imaging diagnosis', column: 'ID', withGold: s.scorableExams, total: s.exams, unit: 'exams', skipped: s.exams - s.scorableExams });
  return { records: s.records, tasks };
}

/** `task n, …` of the tasks something was skipped for; empty when the dataset supports every task everywhere. */
export function skippedText(d: DatasetView): string {
  return d.tasks
    .filter((t) => t.skipped > 0)
    .map((t) => `${t.column} ${t.skipped}${t.unit === 'exams' ? ' exams' : ''}`)
    .join(', ');
}
