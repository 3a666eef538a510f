/**
 * A model's scores from its typed records: per record the case scores its score rows give (`caseScoresFromRows`)
 * and what its answers count instead (`planCase`: errors, pending answers, skips, unread, refused and cut-off
 * answers), then the leaderboard. `score` builds a model's result by this from the rows it has just computed; a
 * report reading a scored run builds it from the rows it reads back — so the two cannot disagree.
 */
import type { ClinicalCase } from '../bench/case.js';
import { isTaskAnswer, type JobRecord } from '../run/records.js';
import { GENERATION_LABEL, tasksOfGeneration } from '../tasks/registry/index.js';
import { leaderboard, type CaseScores, type Leaderboard, type MetricOptions } from './clinical.js';
import { planCase, type CaseTally } from './score-case.js';
import { caseScoresFromRows, type StoredScore } from './scorers.js';

export interface ModelScores {
  model: string;
  cases: CaseScores[];
  leaderboard: Leaderboard;
  /** Per task: how many answers ended in error, are still pending, or were skipped for lack of a gold answer. */
  errors: Record<string, number>;
  pending: Record<string, number>;
  skipped: Record<string, number>;
  /** Per task: answers scored as given although they lacked the requested form. */
  unreadable: Record<string, number>;
  /** Per task: answers in which the model declined to answer. */
  refused: Record<string, number>;
  /** Per task: answers cut off by the token limit. */
  truncated: Record<string, number>;
  /** The same counts record by record, so a breakdown (`groupCounts`) can show them per group. */
  outcomes: CaseCounts[];
  /** Answers set aside because their record was removed or edited after they were asked: counted, never scored. */
  orphaned: number;
}

/** What did not become a score on one record: task labels as scoreCase gives them. */
export interface CaseCounts extends CaseTally {
  uid: string;
  language: string;
  department: string;
}

/** One record of a model: its case (undefined when its case file could not be read), its jobs and its score rows. */
export interface RecordRows {
  uid: string;
  language: string;
  case: ClinicalCase | undefined;
  jobs: readonly JobRecord[];
  rows: readonly (StoredScore & { department?: string; exam: string })[];
}

/**
 * A record's case scores and counts from its jobs and score rows. Without its case (the case files could not be
 * read) only the jobs tell: a failed or pending answer is counted by its generation, a task of a done answer with
 * no score row as skipped for want of a gold answer.
 */
export function recordFromRows(r: RecordRows): { scores: CaseScores; counts: CaseCounts } {
  const department = r.case ? (r.case.gold.department?.id ?? '') : (r.rows[0]?.department ?? '');
  const base = { uid: r.uid, language: r.language, department };
  const { scores, errors: judged } = caseScoresFromRows(base, r.rows);
  let tally: CaseTally;
  if (r.case) {
    const { scorable: _, ...counts } = planCase(r.case, r.jobs);
    tally = counts;
  } else tally = tallyWithoutCase(r);
  return { scores, counts: { ...base, ...tally, errors: [...tally.errors, ...judged] } };
}

function tallyWithoutCase(r: RecordRows): CaseTally {
  const out: CaseTally = { errors: [], pending: [], skipped: [], unreadable: [], refused: [], truncated: [] };
  const has = (task: string, exam: string): boolean => r.rows.some((s) => s.task === task && s.exam === exam);
  for (const j of r.jobs) {
    const label = GENERATION_LABEL[j.kind];
    if (label === undefined) continue; // agent steps and ratings are not scored
    if (j.status === 'error') out.errors.push(label);
    else if (j.status !== 'done') out.pending.push(label);
    else {
      const reading = isTaskAnswer(j) ? j.parsed?.reading : undefined;
      if (reading === 'refusal') out.refused.push(label);
      else if (reading === 'truncated' || j.finishReason === 'length') out.truncated.push(label);
      if (reading === 'unread') out.unreadable.push(label);
      for (const t of tasksOfGeneration(j.kind)) {
        if (t.perExam ? !has(t.id, j.exam ?? '') : t.section !== undefined && !has(t.id, '')) out.skipped.push(t.id);
      }
    }
  }
  return out;
}

/** Group a model's cases by department or language, for the breakdowns. */
export function groupCases(cases: readonly CaseScores[], by: 'department' | 'language'): Map<string, CaseScores[]> {
  const out = new Map<string, CaseScores[]>();
  for (const c of cases) out.set(c[by], [...(out.get(c[by]) ?? []), c]);
  return out;
}

const COUNTED = ['errors', 'pending', 'skipped', 'unreadable', 'refused', 'truncated'] as const;
export type OutcomeCounts = Pick<ModelScores, (typeof COUNTED)[number]>;

function bump(map: Record<string, number>, key: string): void {
  const k = key.startsWith('imaging ') ? 'imaging' : key;
  map[k] = (map[k] ?? 0) + 1;
}

/** The error, pending, skipped, unreadable, refusal and truncation counts per task over some records' outcomes. */
export function countOutcomes(outcomes: readonly CaseCounts[]): OutcomeCounts {
  const out: OutcomeCounts = { errors: {}, pending: {}, skipped: {}, unreadable: {}, refused: {}, truncated: {} };
  for (const o of outcomes) for (const k of COUNTED) o[k].forEach((t) => bump(out[k], t));
  return out;
}

/** The same counts for each group of a breakdown (as ModelScores has them overall). */
export function groupCounts(outcomes: readonly CaseCounts[], by: 'department' | 'language'): Map<string, OutcomeCounts> {
  const groups = new Map<string, CaseCounts[]>();
  for (const o of outcomes) {
    const list = groups.get(o[by]);
    if (list) list.push(o);
    else groups.set(o[by], [o]);
  }
  return new Map([...groups].map(([g, list]) => [g, countOutcomes(list)]));
}

/** A model's scores over its records: the one function `score` and the report both make them with. */
export function modelScores(model: string, records: readonly RecordRows[], orphaned: number, opts: MetricOptions = {}): ModelScores {
  const cases: CaseScores[] = [];
  const outcomes: CaseCounts[] = [];
  for (const r of records) {
    const { scores, counts } = recordFromRows(r);
    cases.push(scores);
    outcomes.push(counts);
  }
  return { model, cases, leaderboard: leaderboard(cases, opts), ...countOutcomes(outcomes), outcomes, orphaned };
}
