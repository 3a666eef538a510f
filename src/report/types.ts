/**
 * The report view model: everything a report shows, as plain JSON (no class instances, no functions), built from
 * run directories by view-model.ts and rendered by the terminal table, the HTML report, the exports and the
 * viewer. Indices tie the parts together: a row names its model and case by position in `models` and `cases`.
 */
import type { InteractivePanel, TranscriptView } from './interactive-view.js';
import type { Column, ColumnScore, Leaderboard } from '../metrics/clinical.js';
import type { Interval } from '../metrics/compare.js';
import type { TextProfileName } from '../metrics/text/index.js';
import type { JobStatus } from '../run/store.js';
import { SCORED_TASKS, type ScoredTaskId } from '../tasks/registry/index.js';
import type { DatasetView } from './dataset.js';
import type { Gaps } from './gaps.js';
import type { JudgeRead } from './judge-read.js';
import type { ReferenceData } from './reference.js';

export const VIEW_MODEL_VERSION = 1;

/** What a per-case row scores: the eight tasks, and the two DIFR answers apart. */
export const ROW_TASKS = SCORED_TASKS.map((t) => t.id) as readonly ScoredTaskId[];
export type RowTask = ScoredTaskId;

/** scored: has a score; error: the job (or the judge) failed; pending: not answered yet; skipped: no gold answer. */
export type RowStatus = 'scored' | 'error' | 'pending' | 'skipped';

export type TextComponents = 'bleu+rouge+bertscore' | 'bleu+rouge';
export type LeaderboardKey = keyof Leaderboard;

export interface ModelUsage {
  jobs: number;
  done: number;
  error: number;
  pending: number;
  inputTokens: number;
  outputTokens: number;
  /** USD; null when some answered job has no price (unknown, never zero). */
  cost: number | null;
  /** Sum of the latencies of answered jobs, in ms. */
  latencyMs: number;
  cached: number;
}

export interface ModelView {
  index: number;
  /** Unique in the report: the model id, with the run's name when the same model appears in several runs. */
  label: string;
  model: string;
  run: number;
  leaderboard: Leaderboard;
  /**
   * The mean of the task columns that have a value, and which (meanOfScoredColumns): shown as "Avg (scored tasks)"
   * where Avg has no value, never ranked with full averages.
   */
  scoredMean: { value: number | null; columns: Column[] };
  /** Why each value without one (a column, CDA, Acceptability, Avg, WeightedAvg, DWR) has none (gaps.ts). */
  missing: Gaps;
  /** 95% bootstrap intervals of every column (null when not computed). */
  ci: Record<LeaderboardKey, Interval> | null;
  /** Department Win Rate across every model of the report; null with a single model. */
  dwr: number | null;
  /** 95% bootstrap interval of DWR (resampling records within departments), when intervals were asked for. */
  dwrCi: Interval | null;
  /** Records the model has at least one job for. */
  records: number;
  /**
   * The leaderboard on the records every model of the report shares, when the models' records differ (null when
   * they do not): the best value of a column is marked on it, and the report's warnings say how many are shared.
   */
  marked: Leaderboard | null;
  errors: Record<string, number>;
  pending: Record<string, number>;
  skipped: Record<string, number>;
  /** Per task: answers the reader found nothing in, answers that declined, answers cut off by the token limit. */
  unreadable?: Record<string, number>;
  refused?: Record<string, number>;
  truncated?: Record<string, number>;
  usage: ModelUsage;
  /** Which components its text scores have (null when it has none). */
  textComponents: TextComponents | null;
  /** The text-metric profile its text scores were computed with (null when it has none). */
  textProfile: TextProfileName | null;
}

export interface ManifestModelView {
  id: string;
  provider: string;
  model: string;
  /** Scheme, host, port and path only: user info and query strings are dropped. */
  baseURL?: string;
  params: Record<string, unknown>;
  concurrency: number;
  timeoutMs: number;
  maxRetries: number;
  price: { input: number; output: number } | null;
  /** The name of the variable the key came from (never the key). */
  apiKeyEnv?: string;
}

export interface ManifestView {
  tool: { name: string; version: string };
  node: string;
  createdAt: string;
  updatedAt: string;
  models: ManifestModelView[];
  kinds: string[];
  filters: Record<string, unknown>;
  cases: { file: string; sha256: string; records: number }[];
  records: number;
  templates: Record<string, { hash: string; source: string }>;
  departments: string[];
  /** Where the department list came from, with a hash of its content (runs made before it was kept: absent). */
  departmentList?: { source: string; sha256: string; count: number };
  invocations: number;
}

export interface RunView {
  index: number;
  /** The run directory's name. */
  name: string;
  /** The run directory as given. */
  dir: string;
  manifest: ManifestView | null;
  status: 'complete' | 'errors' | 'incomplete' | 'empty';
  jobs: { all: number; done: number; error: number; pending: number };
  errorsByKind: { kind: string; n: number }[];
  /** From the first start to the last update of the manifest, in ms (null without a manifest). */
  wallTimeMs: number | null;
  /** Whether this report had to score the run (its scores table did not cover its answers). */
  scoredNow: boolean;
  /** Per task, how many of the run's records have a gold answer for it; null when its case files could not be read. */
  dataset: DatasetView | null;
  /**
   * How the run's answers were scored for this report, in words; whether the run recorded those settings (older
   * runs did not: defaults apply); and each setting a command's flag changed.
   */
  scoring: { settings: string; recorded: boolean; overrides: string[] };
  /** Answers set aside because their record was removed or edited after they were asked: never scored. */
  orphaned: number;
}

export interface DepartmentView {
  id: string;
  /** Short English label. */
  label: string;
  zh: string;
}

export interface DepartmentCell {
  department: string;
  model: number;
  /** Records of the department the model has. */
  n: number;
  /** The authors' weighted average on the department's records (null when a column is missing). */
  weightedAvg: number | null;
  columns: Record<Column, number | null>;
  cda: number | null;
  /** The department's DWR share for this model (null with a single model). */
  winShare: number | null;
  /** Why each column, CDA or the weighted average without a value has none; absent when all have one. */
  missing?: Gaps;
}

export interface JobView {
  status: JobStatus;
  /** The raw answer, as the model wrote it. */
  raw: string | null;
  /** `kind: message` of a failed job. */
  error: string | null;
  latencyMs: number | null;
}

/** The answer of a generation the case browser has no view of its own for: its job, and the text read of it. */
export type GenerationAnswer = JobView & { text: string | null };

export interface AnswerSet {
  department?: JobView & { chosen: string | null };
  difr3?: JobView & { items: { text: string; department: string | null }[]; count: number | null; valid: number | null };
  difr5?: JobView & { items: { text: string; department: string | null }[]; count: number | null; valid: number | null };
  /** The six-section answer (tasks 2–7), section by section. */
  diagnosis?: JobView & { sections: Record<string, string> | null; found: string[] };
  imaging?: Record<string, JobView & { impression: string | null }>;
  /**
   * The answers of every other generation of the task registry (one a task added after the nine brought), by
   * the label it is counted under, then by exam ('' for one asked once per case): the raw answer, and the text its
   * tasks read of it (the generation's `text`), null when it has none or was not read.
   */
  other?: Record<string, Record<string, GenerationAnswer>>;
  /** For an agent model (Agent#k@m): every step of its workflow on this case, in order. */
  agent?: AgentStepView[];
  /** For an interactive model: the conversation turn by turn, with what each reply revealed. */
  interactive?: TranscriptView;
}

export interface CaseInputs {
  basicInformation: string;
  chiefComplaint: string;
  history: string;
  physicalExamination: string;
  auxiliaryExamination: string;
  /** The whole summary, when its sections could not be told apart. */
  raw: string | null;
  imaging: { key: string; name: string; findings: string }[];
  pathology: string;
}

export interface CaseGold {
  department: string;
  preliminary: string[];
  basis: string;
  differential: string;
  principal: string;
  principle: string;
  plan: string;
  imaging: { key: string; name: string; impression: string }[];
}

export interface CaseView {
  uid: string;
  /** The uid as the case browser lists it: long enough to tell apart every uid of the report (bench/uids.ts). */
  shortUid: string;
  language: string;
  department: string;
  /** Null when the run's case files could not be read. */
  inputs: CaseInputs | null;
  gold: CaseGold | null;
  /** Model index → its answers to this case. */
  answers: Record<string, AnswerSet>;
}

export interface CaseRow {
  model: number;
  case: number;
  task: RowTask;
  exam: string;
  status: RowStatus;
  /** As stored: 1/0 for yes/no tasks, 0–100 for text tasks, null for DIFR and unscored rows. */
  value: number | null;
  /** Yes/no tasks and DIFR answers (exactly K valid names); null for text tasks and unscored rows. */
  correct: boolean | null;
  predicted?: string | null;
  gold?: string;
  rule?: string;
  explanation?: string;
  text?: { bleu: number; rouge: number; bertscore: number | null; score: number };
  /** PD: the gold items and which prediction (if any) matched each. */
  items?: { gold: string; predicted: string | null; match: boolean; rule: string; explanation: string }[];
  share?: number;
  difr?: { k: number; count: number; valid: number };
  error?: string;
  /** How the answer was read, when not whole (tasks/reading.ts: unread, partial, ambiguous, refusal, truncated), and why. */
  reading?: string;
  readingReason?: string;
  /** The answer was cut off by the token limit (finish reason `length`). */
  cut?: boolean;
}

/** A run directory whose store could not be read: garbage bytes, a folder where the file should be … */
export interface UnreadableRun {
  name: string;
  dir: string;
  /** Why, in a line. */
  reason: string;
}

export interface ReportViewModel {
  version: number;
  generatedAt: string;
  tool: { name: string; version: string };
  /** Components of the text scores across the report; `mixed` when models differ. */
  textComponents: TextComponents | 'mixed' | 'none';
  textLabel: string;
  /** The text-metric profile across the report; `mixed` when models differ (then `textProfileLabel` is a warning). */
  textProfile: TextProfileName | 'mixed' | 'none';
  textProfileLabel: string;
  runs: RunView[];
  models: ModelView[];
  departments: DepartmentView[];
  byDepartment: DepartmentCell[];
  cases: CaseView[];
  rows: CaseRow[];
  /** The authors' published rows, when asked for. */
  reference: ReferenceData | null;
  warnings: string[];
  /** Runs that could not be read and are left out (the viewer's folder listing); absent when there are none. */
  unreadable?: UnreadableRun[];
  /** The interactive models (interactive ClinicalBench) of the report; absent when there are none. */
  interactive?: InteractivePanel[];
  /** The agent models (ClinicalAgent runs) of the report; absent when there are none. */
  agents?: AgentView[];
  /** The 4-dimension judge's ratings (`clinicallab judge`), per rated model; absent when no run was judged. */
  judge?: JudgeView[];
}

/** One model's ratings by the 4-dimension judge (Fluency, Relevance, Completeness, Proficiency; 0–100). */
export interface JudgeView extends JudgeRead {
  /** Index in `models`. */
  model: number;
  label: string;
}

/**
 * One step of ClinicalAgent on a case. `navigator`: the departments named; `consult`: a clinician's preliminary
 * diagnosis and orders; `laboratory` (no model): the lab panels released and the requests not performed;
 * `radiologist`: one ordered exam's findings and impression; `final`: a clinician's six-section opinion;
 * `chief`: the merged opinion (k·m > 1); `nurse`, `pharmacist`: their text; `answer`: the composed final answer.
 */
export type AgentStepKind = 'navigator' | 'consult' | 'laboratory' | 'radiologist' | 'final' | 'chief' | 'nurse' | 'pharmacist' | 'answer';

export interface AgentStepView {
  step: AgentStepKind;
  /** The role model that answered; null for the laboratory and the composed answer. */
  model: string | null;
  /** The clinician's department (English label) for `consult` and `final`; null otherwise or when unknown. */
  department: string | null;
  /** The stored job with its tokens and cost; for the laboratory (no model) its `agent-lab` job, null when rebuilt. */
  job: (JobView & { tokens: number | null; cost: number | null }) | null;
  /** laboratory: true when the run stored no laboratory step (older runs) and it was rebuilt from the consultations. */
  rebuilt?: boolean;
  /** navigator: the departments named (labels), in the navigator's order, those beyond k dropped. */
  departments?: string[];
  /** consult: the preliminary diagnosis. */
  preliminary?: string;
  /** consult: what this clinician ordered, by name; `unknown` requests are answered "not performed". */
  orders?: { labs: string[]; imaging: string[]; unknown: string[] };
  /** laboratory: the panels released (everything any clinician ordered). */
  released?: { name: string; result: string; abnormal: string }[];
  /** laboratory: requests the case has no such test for. */
  notPerformed?: string[];
  /** laboratory: the case's lab panels and imaging exams that nobody ordered. */
  notOrdered?: string[];
  /** radiologist: the exam's name and findings, and the impression written. */
  exam?: string;
  findings?: string;
  impression?: string | null;
  /** final, chief, answer: the six sections as parsed. */
  sections?: Record<string, string> | null;
  /** nurse, pharmacist: the answer. */
  text?: string | null;
}

export interface AgentRouteView {
  id: string;
  label: string;
  /** The top-m clinicians of the department, best first. */
  clinicians: { model: string; score: number | null; n: number }[];
  /** The department's ranking is the overall one (too few cases of its own). */
  fallback: boolean;
  /** Cases of this report the navigator sent to the department. */
  visits: number;
}

/** A model an agent may call (the same record the manifest has for a benchmark model), with its roles. */
export interface AgentModelView extends ManifestModelView {
  roles: string[];
}

export interface AgentView {
  /** Index in `models`. */
  model: number;
  label: string;
  /** `Agent#k@m`, or null when the run did not record the agent's configuration. */
  variant: string | null;
  k: number | null;
  m: number | null;
  roles: { navigator: string; radiologist: string; chief: string; nurse: string; pharmacist: string } | null;
  routing: { source: string[]; minCases: number; departments: AgentRouteView[] } | null;
  /** Every model the agent may call, as the run recorded it: roles, parameters, limits, price, key variable's name. */
  models: AgentModelView[];
  /** `<lang>/<template>` → hash and source of each template the agent used. */
  templates: Record<string, { hash: string; source: string }>;
  /** What the variant could not do as named (stored by the run); empty when there was nothing to warn about. */
  warnings: string[];
  /** Whether the run recorded the models and templates (runs made before it did read as not). */
  recorded: boolean;
  /** How often each model was consulted as a clinician (consultations), most first. */
  clinicians: { model: string; consults: number }[];
  stats: {
    cases: number;
    /** Mean examinations (lab panels + imaging exams) ordered per case. */
    ordersPerCase: number;
    /** Mean share (0–100) of the case's available examinations ordered; null when the cases could not be read. */
    orderedShare: number | null;
    tokensPerCase: number;
    /** USD per case; null when some step had no known price. */
    costPerCase: number | null;
    /** Cases a failed step stopped (recorded as errors, never as wrong answers). */
    stopped: number;
  };
}

export type { ColumnScore, Interval, DatasetView, JudgeRead };
