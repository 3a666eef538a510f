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
import { GENERATIONS, tasksOfGeneration, type ScoredTaskId, type TaskModule } from '../tasks/registry/index.js';
import type { CaseScores } from './clinical.js';
import { scoreAnswer, setCaseScore, type ScoringContext, type StoredAnswer } from './scorers.js';

/** What the store holds for one job, as far as scoring needs it. */
export interface AnsweredJob {
  kind: string;
  exam?: string;
  status: string;
  /** The parsed answer (see run/answers.ts), when done. */
  parsed: unknown;
  /** The finish reason the provider reported (`length`: cut off by the token limit). */
  finishReason?: string | null;
}

export interface ScoreRow {
  task: ScoredTaskId;
  exam: string;
  /** 1/0 for yes/no tasks, 0–100 for text tasks, null for DIFR rows (see detail). */
  value: number | null;
  detail: unknown;
}

export interface CaseOutcome {
  scores: CaseScores;
  rows: ScoreRow[];
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

export type { ScoringContext } from './scorers.js';

/**
 * Count an answered job by what the reader made of it (tasks/reading.ts): declined, cut off by the token limit
 * (read or not), or unread. Answers stored before readings were recorded are counted by their form (below).
 */
function tally(out: CaseOutcome, job: AnsweredJob, label: string): void {
  const reading = (job.parsed as { reading?: string } | null)?.reading;
  if (reading === 'refusal') out.refused.push(label);
  else if (reading === 'truncated' || job.finishReason === 'length') out.truncated.push(label);
  if (reading === 'unread') out.unreadable.push(label);
}

/** Answers stored before readings were recorded: unread when they lacked the requested form. */
function unreadOfOldForm(kind: string, parsed: { reading?: string; status?: string; found?: string[] }): boolean {
  if (parsed.reading !== undefined) return false;
  if (kind === 'department-guide') return parsed.status === 'invalid';
  if (kind === 'clinical-diagnosis') return (parsed.found ?? []).length === 0;
  return false;
}

export async function scoreCase(c: ClinicalCase, jobs: readonly AnsweredJob[], ctx: ScoringContext): Promise<CaseOutcome> {
  const out: CaseOutcome = { scores: { uid: c.uid, language: c.language, department: c.gold.department?.id ?? '' }, rows: [], errors: [], pending: [], skipped: [], unreadable: [], refused: [], truncated: [] };
  const find = (kind: string, exam?: string): AnsweredJob | undefined => jobs.find((j) => j.kind === kind && (exam === undefined || j.exam === exam));
  const usable = (job: AnsweredJob | undefined, label: string): boolean => {
    if (!job) return false;
    if (job.status === 'error') out.errors.push(label);
    else if (job.status !== 'done') out.pending.push(label);
    else tally(out, job, label);
    return job.status === 'done';
  };
  const score = async (task: TaskModule, job: AnsweredJob, exam?: ImagingExam): Promise<void> => {
    const r = await scoreAnswer({ task, case: c, answer: (job.parsed ?? {}) as StoredAnswer, ...(exam ? { exam } : {}), ctx });
    if (r.error) out.errors.push(r.error);
    setCaseScore(out.scores, task.field, r.score);
    if (r.extra) Object.assign(out.scores, r.extra);
    out.rows.push({ task: task.id as ScoredTaskId, exam: exam?.key ?? '', value: r.value, detail: r.detail });
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
        for (const t of wanted) await score(t, job!, exam);
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
    if (job!.parsed && unreadOfOldForm(g.kind, job!.parsed as object)) out.unreadable.push(g.label);
    for (const t of tasks) {
      if (wanted.includes(t)) await score(t, job!);
      else out.skipped.push(t.id);
    }
  }
  return out;
}
