/**
 * Why a leaderboard or heatmap value is a dash. A column has no value when none of the records behind it could be
 * scored on its task: the records have no gold answer for it (an imported dataset without departments, say, or
 * without imaging exams), the run did not ask the task, every answer failed or is still pending. The metrics built
 * on the columns (CDA, Acceptability, Avg, the weighted average) have none when a column they need has none.
 * Pure: from a model's leaderboard over some records, those records and the model's jobs on them.
 */
import type { ClinicalCase } from '../bench/case.js';
import { caseSupport, type CaseSupport } from '../bench/support.js';
import { AVERAGED_COLUMNS, COLUMNS, type Column, type Leaderboard } from '../metrics/clinical.js';
import { generationOf, tasksOfColumn } from '../tasks/registry/index.js';
import type { JobRecord } from '../run/records.js';
import { ALL_TASK_COLUMNS } from './dash-notes.js';

/** The values a dash can stand for: the nine columns and the metrics built on them. */
export const GAP_KEYS = [...COLUMNS, 'CDA', 'Acceptability', 'Avg', 'WeightedAvg'] as const;
export type GapKey = (typeof GAP_KEYS)[number];
/** Value → why it has none; only values without one are listed. */
export type Gaps = Partial<Record<GapKey | 'DWR', string>>;

export interface GapGroup {
  leaderboard: Leaderboard;
  /** The records behind the values, as the case files hold them; undefined for one whose files could not be read. */
  records: readonly (ClinicalCase | undefined)[];
  /** The model's jobs on those records. */
  jobs: readonly JobRecord[];
  /** The generation kinds the run asked for; null when unknown (no manifest). */
  kinds: readonly string[] | null;
  /** A ClinicalAgent model (it answers no DIFR prompts). */
  agent?: boolean;
}

interface TaskOf {
  kinds: string[];
  /** What the task is called in a sentence. */
  name: string;
  /** Whether a record has what the task is scored against. */
  supports: (s: CaseSupport) => boolean;
  /** Why no record has it (when none has). */
  noGold: (records: readonly ClinicalCase[], s: readonly CaseSupport[]) => string;
}

/** The same words for every column, so that the columns a dataset lacks read as one line under a table. */
const noGold = (): string => 'no gold answer for this task in these records, so nothing to score against';

/** Words of their own for the columns whose gold is more than one field (or per exam). */
const OWN: Partial<Record<Column, Pick<TaskOf, 'noGold'> & { name?: string }>> = {
  Acc: {
    noGold: (_r, s) =>
      !s.some((x) => x.department)
        ? 'these records name no department, so the department guide has no gold answer'
        : !s.some((x) => x.triage)
          ? 'these records have no chief complaint to triage from'
          : 'no record has both a chief complaint and a department',
  },
  DIFR: { name: 'DIFR (3 and 5 departments)', noGold: () => 'these records have no chief complaint to triage from' },
  ID: {
    noGold: (records) => {
      const exams = records.reduce((n, c) => n + c.imaging.length, 0);
      return exams === 0 ? 'these records have no imaging exams' : `none of the ${exams} imaging exams of these records has a gold impression to score against`;
    },
  },
};

/** Per column, from the task registry: the generations that answer it, its name, what it needs. */
const TASKS = Object.fromEntries(
  COLUMNS.map((col): [Column, TaskOf] => {
    const tasks = tasksOfColumn(col);
    return [
      col,
      {
        kinds: tasks.map((t) => t.generation.kind),
        name: OWN[col]?.name ?? tasks[0]!.label.en.toLowerCase(),
        supports: (s) => tasks[0]!.supports(s),
        noGold: OWN[col]?.noGold ?? noGold,
      },
    ];
  }),
) as Record<Column, TaskOf>;

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** Why one task column has no value. */
function columnGap(col: Column, g: GapGroup): string {
  const t = TASKS[col];
  if (g.records.length === 0) return 'no records';
  if (g.kinds && !t.kinds.some((k) => g.kinds!.includes(k))) return `not asked: the run left out the ${t.name} task`;
  const known = g.records.every((c) => c !== undefined);
  const records = g.records.filter((c): c is ClinicalCase => c !== undefined);
  const support = records.map(caseSupport);
  if (known && !support.some(t.supports)) return t.noGold(records, support);
  // the answers that could have been scored: on records with a gold answer (imaging: on exams with an impression)
  const scorable = new Map(records.map((c, i) => [`${c.uid}\u0000${c.language}`, support[i]!]));
  const jobs = g.jobs.filter((j) => {
    if (!t.kinds.includes(j.kind)) return false;
    const s = scorable.get(`${j.caseUid}\u0000${j.language}`);
    if (!s) return !known;
    return t.supports(s) && (!generationOf(j.kind)?.perExam || s.imaging.includes(j.exam ?? ''));
  });
  if (jobs.length === 0) return g.agent ? `ClinicalAgent does not answer the ${t.name} task` : `this model has no answers for the ${t.name} task`;
  const failed = jobs.filter((j) => j.status === 'error').length;
  const pending = jobs.filter((j) => j.status !== 'error' && j.status !== 'done').length;
  const done = jobs.length - failed - pending;
  if (done === 0) {
    if (pending === 0) return `every answer failed (${plural(failed, 'error')}, excluded from scores)`;
    return `not answered yet (${plural(pending, 'answer')} pending${failed ? `, ${plural(failed, 'error')}` : ''})`;
  }
  if (col === 'DIFR') {
    const missing = t.kinds.filter((k) => !jobs.some((j) => j.kind === k && j.status === 'done'));
    if (missing.length) return `needs both the 3- and the 5-department answers; the ${missing[0] === 'department-guide-3' ? '3' : '5'}-department ones all failed or are pending`;
  }
  return `${plural(done, 'answer')}, none of them scored (a judge that could not score counts as an error)`;
}

const none = (lb: Leaderboard, keys: readonly GapKey[]): GapKey[] => keys.filter((k) => lb[k].value === null);
const list = (keys: readonly string[]): string => keys.join(', ');

/** Per value without one (the nine columns, CDA, Acceptability, Avg, WeightedAvg), why it has none. */
export function whyNoValue(g: GapGroup): Gaps {
  const lb = g.leaderboard;
  const out: Gaps = {};
  for (const c of COLUMNS) if (lb[c].value === null) out[c] = columnGap(c, g);
  if (lb.CDA.value === null) {
    const missing = none(lb, ['Acc', 'FD']);
    out.CDA = missing.length ? `needs Acc and FD; no value for ${missing.join(' or ')}` : 'no record has both Acc and FD scored';
  }
  if (lb.Acceptability.value === null) out.Acceptability = `needs CDA and the five text scores (DB, DD, PT, TP, ID); no value for ${list(none(lb, ['CDA', 'DB', 'DD', 'PT', 'TP', 'ID']))}`;
  const missing = none(lb, AVERAGED_COLUMNS);
  // the same words for both, so they read as one line
  const all = `needs ${ALL_TASK_COLUMNS}; no value for ${list(missing)}`;
  if (lb.Avg.value === null) out.Avg = all;
  if (lb.WeightedAvg.value === null) out.WeightedAvg = all;
  return out;
}
