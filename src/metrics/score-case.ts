/**
 * Scoring one model's answers to one case: each task against its gold field, with a record of how each verdict
 * was reached (the matcher's rule, the text-metric components) so a user can audit it. Only answered jobs are
 * scored; a job that ended in error is counted as an error, never as a wrong answer; a gold field that is empty
 * or a sentinel is skipped. PD and FD are scored on the diagnoses as the reader named them (explanations,
 * hedges and notes left out). Refusals, answers cut off by the token limit and answers the reader could not read
 * are scored as what they gave (nothing, when they gave nothing) and counted apart.
 */
import type { ClinicalCase } from '../bench/case.js';
import { splitDiagnoses } from '../bench/lists.js';
import { caseSupport, scoredRows } from '../bench/support.js';
import type { Language } from '../bench/language.js';
import type { TaskId } from '../tasks/definitions.js';
import { principalForMatch, type PrincipalName } from '../tasks/diagnosis-names.js';
import type { CaseScores } from './clinical.js';
import { matchList, pdVerdict, principalIndex, type Matcher } from './matcher/index.js';
import { textSimilarity, type BertScore, type BertScorer, type SimilarityOptions, type TextProfileName } from './text/index.js';

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
  task: TaskId | 'difr3' | 'difr5';
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

export interface ScoringContext {
  /** With a judge (createMatcher({ judge })), pairs the rules leave undecided are put to it. */
  matcher: Matcher;
  useJudge?: boolean;
  /** BERTScore model for every language (without one, and without `bertByLanguage`, text scores are BLEU + ROUGE). */
  bert?: BertScorer;
  /** A BERTScore model per language (bert-score uses bert-base-chinese for zh and roberta-large for en), with an optional baseline to rescale by; wins over `bert`. */
  bertByLanguage?: Partial<Record<Language, { scorer: BertScorer; baseline?: BertScore }>>;
  /** The text-metric profile (default clinicallab; see metrics/text/profiles.ts). */
  profile?: TextProfileName;
}

/** The text-similarity options of a case's language. */
export function similarityOptions(ctx: ScoringContext, lang: Language): SimilarityOptions {
  const own = ctx.bertByLanguage?.[lang];
  const bert = own?.scorer ?? ctx.bert;
  return { ...(bert ? { bert } : {}), ...(own?.baseline ? { baseline: own.baseline } : {}), ...(ctx.profile ? { profile: ctx.profile } : {}) };
}

type Sections = Record<'preliminary' | 'basis' | 'differential' | 'principal' | 'principle' | 'plan', string>;
type NamedDiagnoses = { preliminary: string[]; principal: PrincipalName };

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

export async function scoreCase(c: ClinicalCase, jobs: readonly AnsweredJob[], ctx: ScoringContext): Promise<CaseOutcome> {
  const lang = c.language as Language;
  const textOptions = similarityOptions(ctx, lang);
  const out: CaseOutcome = { scores: { uid: c.uid, language: c.language, department: c.gold.department?.id ?? '' }, rows: [], errors: [], pending: [], skipped: [], unreadable: [], refused: [], truncated: [] };
  const find = (kind: string, exam?: string): AnsweredJob | undefined => jobs.find((j) => j.kind === kind && (exam === undefined || j.exam === exam));
  const usable = (job: AnsweredJob | undefined, label: string): boolean => {
    if (!job) return false;
    if (job.status === 'error') out.errors.push(label);
    else if (job.status !== 'done') out.pending.push(label);
    else tally(out, job, label);
    return job.status === 'done';
  };

  // which rows each answer gets: none where the case has no gold answer for it (bench/support.ts)
  const support = caseSupport(c);
  const wanted = (kind: string, exam?: string): Set<string> => new Set(scoredRows(kind, exam, c, support).map((r) => r.task));
  const guide = find('department-guide');
  const goldDepartment = c.gold.department;
  if (!goldDepartment || !wanted('department-guide').has('department')) out.skipped.push('department');
  else if (usable(guide, 'department')) {
    const p = guide!.parsed as { department: string | null; status: string; reading?: string };
    if (p.reading === undefined && p.status === 'invalid') out.unreadable.push('department');
    out.scores.acc = p.department === goldDepartment.id;
    out.rows.push({ task: 'department', exam: '', value: out.scores.acc ? 1 : 0, detail: { predicted: p.department, gold: goldDepartment.id, status: p.status } });
  }
  for (const k of [3, 5] as const) {
    const job = find(`department-guide-${k}`);
    if (wanted(`department-guide-${k}`).size === 0) out.skipped.push(`difr${k}`);
    else if (usable(job, `difr${k}`)) {
      const p = job!.parsed as { count: number; valid: number; items?: unknown };
      out.scores[k === 3 ? 'difr3' : 'difr5'] = { count: p.count, valid: p.valid };
      out.rows.push({ task: `difr${k}`, exam: '', value: null, detail: { count: p.count, valid: p.valid, items: p.items } });
    }
  }

  const diagnosis = find('clinical-diagnosis');
  const sections = wanted('clinical-diagnosis');
  if (sections.size === 0) out.skipped.push('preliminary', 'principal', 'basis', 'differential', 'principle', 'plan');
  else if (usable(diagnosis, 'diagnosis')) {
    const parsed = diagnosis!.parsed as { sections: Sections; found?: string[]; reading?: string; diagnosis?: NamedDiagnoses };
    const s = parsed.sections;
    if (parsed.reading === undefined && (parsed.found ?? []).length === 0) out.unreadable.push('diagnosis');
    const gold = c.gold;
    // the diagnoses as the reader named them (answers stored before it did: read from the sections as they were)
    const named = parsed.diagnosis;
    if (sections.has('preliminary')) {
      const predicted = named ? named.preliminary : splitDiagnoses(s.preliminary);
      const list = matchList(predicted, gold.preliminaryDiagnosis, ctx.matcher, lang);
      // PD is about one gold item: the one naming the principal diagnosis (list.ts principalIndex), else the first
      const principal = principalIndex(gold.preliminaryDiagnosis, gold.principalDiagnosis, ctx.matcher, lang);
      let verdict: boolean | undefined = pdVerdict(list, principal).correct;
      let judged: unknown;
      if (!verdict && ctx.useJudge && predicted.length > 0 && gold.preliminaryDiagnosis[principal] !== undefined) {
        // the rules found no prediction naming the principal item: let the judge look at each
        const answers = [];
        for (const p of predicted.slice(0, 8)) {
          const r = await ctx.matcher.matchWithJudge(p, gold.preliminaryDiagnosis[principal]!, lang);
          answers.push({ predicted: p, ...r });
          if (r.match === true) break;
        }
        verdict = answers.some((a) => a.match === true) ? true : answers.some((a) => a.match === null) ? undefined : false;
        judged = answers;
      }
      if (verdict === undefined) out.errors.push('preliminary (judge)');
      else {
        out.scores.pd = verdict;
        out.scores.pdShare = list.share;
      }
      out.rows.push({ task: 'preliminary', exam: '', value: verdict === undefined ? null : verdict ? 1 : 0, detail: { ...list, principalIndex: principal, ...(judged ? { judge: judged } : {}) } });
    } else out.skipped.push('preliminary');
    if (sections.has('principal')) {
      const principal = named ? principalForMatch(named.principal) : s.principal;
      const r = ctx.useJudge ? await ctx.matcher.matchWithJudge(principal, gold.principalDiagnosis, lang) : ctx.matcher.match(principal, gold.principalDiagnosis, lang);
      if (r.match === null) out.errors.push('principal (judge)');
      else out.scores.fd = r.match;
      out.rows.push({ task: 'principal', exam: '', value: r.match === null ? null : r.match ? 1 : 0, detail: { predicted: principal, gold: gold.principalDiagnosis, ...r } });
    } else out.skipped.push('principal');
    const text: [TaskId, 'db' | 'dd' | 'pt' | 'tp', string, string][] = [
      ['basis', 'db', s.basis, gold.diagnosticBasis],
      ['differential', 'dd', s.differential, gold.differentialDiagnosisText],
      ['principle', 'pt', s.principle, gold.therapeuticPrinciple],
      ['plan', 'tp', s.plan, gold.treatmentPlanText],
    ];
    for (const [task, field, predicted, reference] of text) {
      if (!sections.has(task)) {
        out.skipped.push(task);
        continue;
      }
      const sim = await textSimilarity(predicted, reference, lang, textOptions);
      out.scores[field] = sim.score;
      out.rows.push({ task, exam: '', value: sim.score, detail: sim });
    }
  }

  const imaging: number[] = [];
  for (const exam of c.imaging) {
    if (wanted('imaging-diagnosis', exam.key).size === 0) {
      out.skipped.push(`imaging ${exam.key}`);
      continue;
    }
    const job = find('imaging-diagnosis', exam.key);
    if (!usable(job, `imaging ${exam.key}`)) continue;
    const sim = await textSimilarity((job!.parsed as { impression: string }).impression, exam.impression, lang, textOptions);
    imaging.push(sim.score);
    out.rows.push({ task: 'imaging', exam: exam.key, value: sim.score, detail: sim });
  }
  if (imaging.length > 0) out.scores.id = imaging;
  return out;
}
