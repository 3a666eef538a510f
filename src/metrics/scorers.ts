/**
 * One scorer per kind of scoring a task module declares (src/tasks/registry/types.ts ScoringKind): how one answer
 * becomes a score row, and how a stored score row becomes a case score again (for a report reading a scored run).
 * Which task uses which scorer, and on which gold part and section, is the task module's; nothing here names a task.
 */
import type { ClinicalCase, ImagingExam } from '../bench/case.js';
import { goldText, type RecordGoldPart } from '../bench/gold.js';
import type { Language } from '../bench/language.js';
import { splitDiagnoses } from '../bench/lists.js';
import { principalForMatch } from '../tasks/diagnosis-names.js';
import type { GenerationKind } from '../tasks/definitions.js';
import { generationOf, scoredTask, type ScoringKind, type TaskModule } from '../tasks/registry/index.js';
import type { DepartmentAnswer, DepartmentListAnswer, DiagnosisAnswer, TaskAnswers } from '../run/records.js';
import type { KindDetail } from './score-detail.js';
import type { CaseScores } from './clinical.js';
import { matchList, pdVerdict, principalIndex, type JudgedMatchResult, type Matcher } from './matcher/index.js';
import { textSimilarity, type BertScore, type BertScorer, type SimilarityOptions, type TextProfileName } from './text/index.js';

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

/** A generation's answer, as stored and decoded (run/records.ts): narrowing on `kind` types `parsed`. */
export type GenerationAnswer = { [K in GenerationKind]: { kind: K; parsed: TaskAnswers[K] } }[GenerationKind];

export interface ScoreInput {
  task: TaskModule;
  case: ClinicalCase;
  answer: GenerationAnswer;
  /** The exam, for a per-exam task. */
  exam?: ImagingExam;
  ctx: ScoringContext;
}

/** One scored answer: the row's value and typed detail, what it gives the case's scores, and any error it counts. */
export type Scored = KindDetail & {
  value: number | null;
  /** The case score (undefined: none, e.g. a judge that could not decide). */
  score?: boolean | number | { count: number; valid: number } | undefined;
  /** Extra case-score fields (PD's share of gold items recovered). */
  extra?: Partial<CaseScores>;
  error?: string;
};

type Scorer = (i: ScoreInput) => Promise<Scored>;

const lang = (c: ClinicalCase): Language => c.language as Language;

/** A registry whose task reads another generation's answer than it scores is a bug: said, never scored. */
const mismatch = (i: ScoreInput, kind: string): Error => new Error(`task ${i.task.id} (${i.task.scoring}) reads a ${kind} answer, not a ${i.answer.kind} one: its module and its scoring disagree`);
function departmentAnswer(i: ScoreInput): DepartmentAnswer {
  if (i.answer.kind === 'department-guide') return i.answer.parsed;
  throw mismatch(i, 'department-guide');
}
function departmentListAnswer(i: ScoreInput): DepartmentListAnswer {
  if (i.answer.kind === 'department-guide-3' || i.answer.kind === 'department-guide-5') return i.answer.parsed;
  throw mismatch(i, 'department-guide-3 or department-guide-5');
}
function diagnosisAnswer(i: ScoreInput): DiagnosisAnswer {
  if (i.answer.kind === 'clinical-diagnosis') return i.answer.parsed;
  throw mismatch(i, 'clinical-diagnosis');
}
const section = (i: ScoreInput): string => (i.task.section ? (diagnosisAnswer(i).sections[i.task.section] ?? '') : '');
/** The text a text-similarity task scores: what its answer's generation gives (a section, an impression …). */
function answerText(i: ScoreInput): string {
  const text = generationOf(i.answer.kind)?.text;
  if (!text) throw new Error(`task ${i.task.id} is scored by text similarity, but the generation it reads (${i.answer.kind}) declares no text to score`);
  return text(i.answer.parsed, i.task.section);
}

const SCORERS: Record<ScoringKind, Scorer> = {
  'department-match': async (i) => {
    const answer = departmentAnswer(i);
    const gold = i.case.gold.department!.id;
    const right = answer.department === gold;
    return { value: right ? 1 : 0, score: right, scoring: 'department-match', detail: { predicted: answer.department, gold, status: answer.status } };
  },
  'department-count': async (i) => {
    const answer = departmentListAnswer(i);
    const counts = { count: answer.count, valid: answer.valid };
    return { value: null, score: counts, scoring: 'department-count', detail: { ...counts, items: answer.items } };
  },
  'diagnosis-list': async (i) => {
    const { case: c, ctx } = i;
    const gold = c.gold;
    const named = diagnosisAnswer(i).diagnosis;
    const predicted = named ? named.preliminary : splitDiagnoses(section(i));
    const list = matchList(predicted, gold.preliminaryDiagnosis, ctx.matcher, lang(c));
    // PD is about one gold item: the one naming the principal diagnosis (list.ts principalIndex), else the first
    const principal = principalIndex(gold.preliminaryDiagnosis, gold.principalDiagnosis, ctx.matcher, lang(c));
    let verdict: boolean | undefined = pdVerdict(list, principal).correct;
    let judged: ({ predicted: string } & JudgedMatchResult)[] | undefined;
    if (!verdict && ctx.useJudge && predicted.length > 0 && gold.preliminaryDiagnosis[principal] !== undefined) {
      // the rules found no prediction naming the principal item: let the judge look at each
      const answers: ({ predicted: string } & JudgedMatchResult)[] = [];
      for (const p of predicted.slice(0, 8)) {
        const r = await ctx.matcher.matchWithJudge(p, gold.preliminaryDiagnosis[principal]!, lang(c));
        answers.push({ predicted: p, ...r });
        if (r.match === true) break;
      }
      verdict = answers.some((a) => a.match === true) ? true : answers.some((a) => a.match === null) ? undefined : false;
      judged = answers;
    }
    const detail = { ...list, principalIndex: principal, ...(judged ? { judge: judged } : {}) };
    if (verdict === undefined) return { value: null, scoring: 'diagnosis-list', detail, error: `${i.task.id} (judge)` };
    return { value: verdict ? 1 : 0, score: verdict, extra: { pdShare: list.share }, scoring: 'diagnosis-list', detail };
  },
  'diagnosis-name': async (i) => {
    const { case: c, ctx } = i;
    const gold = goldText(c, i.task.gold as RecordGoldPart);
    const named = diagnosisAnswer(i).diagnosis;
    const predicted = named ? principalForMatch(named.principal) : section(i);
    const r = ctx.useJudge ? await ctx.matcher.matchWithJudge(predicted, gold, lang(c)) : ctx.matcher.match(predicted, gold, lang(c));
    const detail = { predicted, gold, ...r };
    if (r.match === null) return { value: null, scoring: 'diagnosis-name', detail, error: `${i.task.id} (judge)` };
    return { value: r.match ? 1 : 0, score: r.match, scoring: 'diagnosis-name', detail };
  },
  'text-similarity': async (i) => {
    const { task, case: c, ctx } = i;
    const predicted = answerText(i);
    const reference = task.perExam ? i.exam!.impression : goldText(c, task.gold as RecordGoldPart);
    const sim = await textSimilarity(predicted, reference, lang(c), similarityOptions(ctx, lang(c)));
    return { value: sim.score, score: sim.score, scoring: 'text-similarity', detail: sim };
  },
};

/** Score one answer on one task. */
export function scoreAnswer(i: ScoreInput): Promise<Scored> {
  return SCORERS[i.task.scoring](i);
}

/** A case's scores by field name (a task module's `field`). */
const fields = (cs: CaseScores): Record<string, unknown> => cs as unknown as Record<string, unknown>;

/** Put a task's score into a case's scores (a per-exam task's scores are collected, one per exam). */
export function setCaseScore(cs: CaseScores, task: Pick<TaskModule, 'field' | 'perExam'>, score: Scored['score']): void {
  if (score === undefined) return;
  const f = fields(cs);
  if (task.perExam) ((f[task.field] ??= []) as number[]).push(score as number);
  else f[task.field] = score;
}

/** A score row as the scorer made it or as it was read back (metrics/score-detail.ts): its task, value and typed detail. */
export type StoredScore = KindDetail & { task: string; value: number | null };

/**
 * A score row back into the case's scores, exactly as scoring the answer put it there; returns the error it
 * counts (a judge that could not decide), if any.
 */
export function restoreCaseScore(task: TaskModule, row: StoredScore, cs: CaseScores): string | undefined {
  switch (row.scoring) {
    case 'department-match':
      setCaseScore(cs, task, row.value === 1);
      return undefined;
    case 'department-count':
      setCaseScore(cs, task, { count: row.detail.count, valid: row.detail.valid });
      return undefined;
    case 'diagnosis-list':
    case 'diagnosis-name':
      if (row.value === null) return `${task.id} (judge)`;
      setCaseScore(cs, task, row.value === 1);
      if (row.scoring === 'diagnosis-list') cs.pdShare = row.detail.share;
      return undefined;
    case 'text-similarity':
      if (task.perExam) {
        if (row.value !== null) setCaseScore(cs, task, row.value);
      } else fields(cs)[task.field] = row.value ?? undefined;
      return undefined;
  }
}

/**
 * A record's case scores from its score rows: the one function that turns rows into what the leaderboard counts,
 * for `score` (rows just computed) and for the report (rows read back from the store, decoded under the task's id
 * now). Returns the errors the rows count (a judge that could not decide), by task.
 */
export function caseScoresFromRows(base: Pick<CaseScores, 'uid' | 'language' | 'department'>, rows: readonly StoredScore[]): { scores: CaseScores; errors: string[] } {
  const scores: CaseScores = { ...base };
  const errors: string[] = [];
  for (const r of rows) {
    const task = scoredTask(r.task);
    if (!task) throw new Error(`a score row of task "${r.task}", which this version does not score`);
    const error = restoreCaseScore(task, r, scores);
    if (error) errors.push(error);
  }
  return { scores, errors };
}
