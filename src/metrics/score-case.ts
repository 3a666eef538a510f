/**
 * Scoring one model's answers to one case: each task against its gold field, with a record of how each verdict
 * was reached (the matcher's rule, the text-metric components) so a user can audit it. Only answered jobs are
 * scored; a job that ended in error is counted as an error, never as a wrong answer; a gold field that is empty
 * or a sentinel is skipped. PD and FD are scored on the diagnoses as the reader named them (explanations,
 * hedges and notes left out). Refusals, answers cut off by the token limit and answers the reader could not read
 * are scored as what they gave (nothing, when they gave nothing) and counted apart.
 */
import type { ClinicalCase, ImagingExam } from '../bench/case.js';
import { caseSupport } from '../bench/support.js';
import { isTaskAnswer, type KindAnswer } from '../run/records.js';
import { GENERATIONS, generationOf, tasksOfGeneration, type ScoredTaskId, type TaskModule } from '../tasks/registry/index.js';
import type { CaseScores } from './clinical.js';
import type { KindDetail } from './score-detail.js';
import { scoreAnswer, setCaseScore, type GenerationAnswer, type ScoringContext } from './scorers.js';

/** What the store holds for one job, as far as scoring needs it: its kind with its decoded answer (run/records.ts). */
export type AnsweredJob = KindAnswer & {
  exam?: string | null;
  status: string;
  /** The finish reason the provider reported (`length`: cut off by the token limit). */
  finishReason?: string | null;
};

export type ScoreRow = KindDetail & {
  task: ScoredTaskId;
  exam: string;
  /** 1/0 for yes/no tasks, 0–100 for text tasks, null for DIFR rows (see detail). */
  value: number | null;
};

/** What did not become a score on one record, by task label (`imaging <exam>` for an exam's answer). */
export interface CaseTally {
  /** Tasks whose job ended in error, or is not answered yet. */
  errors: string[];
  pending: string[];
  /** Tasks skipped because the gold answer is empty or a sentinel. */
  skipped: string[];
  /** Answers scored as given although they did not have the requested form (no labelled section, no department). */
  unreadable: string[];
  /** Answers in which the model declined to answer (scored as no answer). */
  refused: string[];
  /** Answers cut off by the token limit (scored as far as they got; with no answer when cut before it). */
  truncated: string[];
}

export interface CaseOutcome extends CaseTally {
  scores: CaseScores;
  rows: ScoreRow[];
}

/** What a record's answers give to score: each task with the answer it reads (and its exam), and the tally. */
export interface CasePlan extends CaseTally {
  scorable: { task: TaskModule; answer: GenerationAnswer; exam?: ImagingExam }[];
}

export type { ScoringContext } from './scorers.js';

/**
 * Count an answered job by what the reader made of it (tasks/reading.ts): declined, cut off by the token limit
 * (read or not), or unread. Answers stored before readings were recorded are counted by their form (below).
 */
function tally(out: CaseTally, job: AnsweredJob, label: string): void {
  const reading = isTaskAnswer(job) ? job.parsed?.reading : undefined;
  if (reading === 'refusal') out.refused.push(label);
  else if (reading === 'truncated' || job.finishReason === 'length') out.truncated.push(label);
  if (reading === 'unread') out.unreadable.push(label);
}

/** Answers stored before readings were recorded: unread when they lacked the requested form. */
function unreadOfOldForm(job: AnsweredJob): boolean {
  if (!isTaskAnswer(job) || job.parsed === null || job.parsed.reading !== undefined) return false;
  if (job.kind === 'department-guide') return job.parsed.status === 'invalid';
  if (job.kind === 'clinical-diagnosis') return job.parsed.found.length === 0;
  return false;
}

/** A done job's answer as the scorers take it; a done job without one is refused (run/records.ts never gives one). */
function answerOf(job: AnsweredJob): GenerationAnswer {
  // a generation's job (not an agent's or judge's step) decoded by its generation (run/records.ts)
  if (job.parsed && generationOf(job.kind)) return { kind: job.kind, parsed: job.parsed } as GenerationAnswer;
  throw new Error(`a ${job.kind} job answered without a parsed answer cannot be scored`);
}

/**
 * Which of a record's tasks its answers are scored on, and what is counted instead: errors and pending answers,
 * tasks without a gold answer, unread, refused and cut-off answers. Scoring (`scoreCase`) and reading a scored
 * run back (`recordFromRows`, metrics/model-scores.ts) both count a record by this, so they agree.
 */
export function planCase(c: ClinicalCase, jobs: readonly AnsweredJob[]): CasePlan {
  const out: CasePlan = { scorable: [], errors: [], pending: [], skipped: [], unreadable: [], refused: [], truncated: [] };
  const find = (kind: string, exam?: string): AnsweredJob | undefined => jobs.find((j) => j.kind === kind && (exam === undefined || j.exam === exam));
  const usable = (job: AnsweredJob | undefined, label: string): job is AnsweredJob => {
    if (!job) return false;
    if (job.status === 'error') out.errors.push(label);
    else if (job.status !== 'done') out.pending.push(label);
    else tally(out, job, label);
    return job.status === 'done';
  };

  // which rows each answer gets: none where the case has no gold answer for it (the task registry)
  const support = caseSupport(c);
  for (const g of GENERATIONS) {
    const tasks = tasksOfGeneration(g.kind);
    if (g.perExam) {
      for (const exam of c.imaging) {
        const label = `${g.label} ${exam.key}`;
        const wanted = tasks.filter((t) => t.supports(support, exam.key));
        if (wanted.length === 0) {
          out.skipped.push(label);
          continue;
        }
        const job = find(g.kind, exam.key);
        if (!usable(job, label)) continue;
        const answer = answerOf(job);
        for (const task of wanted) out.scorable.push({ task, answer, exam });
      }
      continue;
    }
    const wanted = tasks.filter((t) => t.supports(support));
    if (wanted.length === 0) {
      out.skipped.push(...tasks.map((t) => t.id));
      continue;
    }
    const job = find(g.kind);
    if (!usable(job, g.label)) continue;
    if (unreadOfOldForm(job)) out.unreadable.push(g.label);
    const answer = answerOf(job);
    for (const task of tasks) {
      if (wanted.includes(task)) out.scorable.push({ task, answer });
      else out.skipped.push(task.id);
    }
  }
  return out;
}

export async function scoreCase(c: ClinicalCase, jobs: readonly AnsweredJob[], ctx: ScoringContext): Promise<CaseOutcome> {
  const { scorable, ...counts } = planCase(c, jobs);
  const out: CaseOutcome = { scores: { uid: c.uid, language: c.language, department: c.gold.department?.id ?? '' }, rows: [], ...counts };
  for (const { task, answer, exam } of scorable) {
    const r = await scoreAnswer({ task, case: c, answer, ...(exam ? { exam } : {}), ctx });
    if (r.error) out.errors.push(r.error);
    setCaseScore(out.scores, task, r.score);
    if (r.extra) Object.assign(out.scores, r.extra);
    const typed: KindDetail = r;
    out.rows.push({ task: task.id as ScoredTaskId, exam: exam?.key ?? '', value: r.value, ...kindDetail(typed) });
  }
  return out;
}

/** The kind of scoring and detail of a scored answer, alone (the row keeps nothing else of it). */
function kindDetail(k: KindDetail): KindDetail {
  switch (k.scoring) {
    case 'department-match':
      return { scoring: k.scoring, detail: k.detail };
    case 'department-count':
      return { scoring: k.scoring, detail: k.detail };
    case 'diagnosis-list':
      return { scoring: k.scoring, detail: k.detail };
    case 'diagnosis-name':
      return { scoring: k.scoring, detail: k.detail };
    case 'text-similarity':
      return { scoring: k.scoring, detail: k.detail };
  }
}
