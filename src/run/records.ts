/**
 * The typed records of a run store. A job's parsed answer is stored as JSON (run/answers.ts writes it); here it is
 * decoded, once, into a discriminated union keyed by the generation the job answers: the department guide's
 * department, the departments of a K-department answer, the six sections and the diagnoses they name, an imaging
 * impression — the answers the task registry's tasks read (a generation's answer serves every task it feeds) —,
 * ClinicalAgent's own steps (run/step-records.ts), or, for the 4-dimension rater and interactive runs, the object
 * their own decoders read.
 * Every reader of a run (scoring, the report, the unread-answer audit) takes these records; none parses or casts a
 * stored answer itself. A row that is not in the form clinicallab writes is refused with an error naming the run,
 * the job and the field (run/decode.ts).
 */
import type { GenerationKind } from '../tasks/definitions.js';
import { READINGS, type ReadVerdict } from '../tasks/reading.js';
import { generationOf, GENERATIONS, type StoredOf } from '../tasks/registry/index.js';
import { Fields, RecordError } from './decode.js';
import { AGENT_STEP_KINDS, decodeAgentStep, isAgentStepName, type AgentStepAnswers, type AgentStepName } from './step-records.js';
import type { JobStatus, RunStore, StoredJob } from './store.js';

/**
 * How well the answer was read (answers stored before readings were recorded have none), and, for an answer
 * ClinicalAgent's workflow gave (its navigator, radiologist), the role and the model that gave it.
 */
type Verdict = Partial<ReadVerdict> & { role?: string; model?: string | null };

/**
 * A step of the 4-dimension rater or an interactive run: an object its own decoder reads (metrics/rating-record.ts,
 * agent/interactive/transcript-record.ts). ClinicalAgent's steps are typed here (run/step-records.ts).
 */
export type StepAnswer = Readonly<Record<string, unknown>>;

/** The kinds of the 4-dimension rater's and interactive runs' jobs. */
export type OtherStepKind = `judge-${string}` | `interactive-${string}`;

/** The answer each generation stores: its reading as its generation module decodes it, with how well it was read. */
export type TaskAnswers = { [K in GenerationKind]: StoredOf<K> & Verdict };

/** The department guide's answer (task 1). */
export type DepartmentAnswer = TaskAnswers['department-guide'];
/** A K-department answer (DIFR). */
export type DepartmentListAnswer = TaskAnswers['department-guide-3'];
/** The six-section answer (tasks 2–7); `diagnosis` is missing in answers stored before the reader named them. */
export type DiagnosisAnswer = TaskAnswers['clinical-diagnosis'];
/** An imaging exam's impression (task 8). */
export type ImpressionAnswer = TaskAnswers['imaging-diagnosis'];

/** The answer of a job of this kind. */
export type AnswerOf<K extends string> = K extends GenerationKind ? TaskAnswers[K] : K extends AgentStepName ? AgentStepAnswers[K] : StepAnswer;

/** A job's kind with its parsed answer (null until it is answered): narrowing on `kind` types `parsed`. */
export type KindAnswer =
  | { [K in GenerationKind]: { kind: K; parsed: TaskAnswers[K] | null } }[GenerationKind]
  | { [K in AgentStepName]: { kind: K; parsed: AgentStepAnswers[K] | null } }[AgentStepName]
  | { kind: OtherStepKind; parsed: StepAnswer | null };

/** A job as its readers take it: everything but the prompt, its answer decoded. */
export type JobRecord = KindAnswer & {
  key: string;
  templateHash: string;
  model: string;
  caseUid: string;
  language: string;
  exam: string | null;
  status: JobStatus;
  response: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  latencyMs: number | null;
  cost: number | null;
  errorKind: string | null;
  error: string | null;
  cached: boolean;
  finishReason: string | null;
};

const verdict = (f: Fields): Verdict => {
  const reading = f.optional('reading', (k) => f.oneOf(k, READINGS));
  const reason = f.optional('reason', (k) => f.string(k));
  const role = f.optional('role', (k) => f.string(k));
  const model = f.optional('model', (k) => f.stringOrNull(k));
  return { ...(reading !== undefined ? { reading } : {}), ...(reason !== undefined ? { reason } : {}), ...(role !== undefined ? { role } : {}), ...(model !== undefined ? { model } : {}) };
};

/** A generation's stored answer decoded: what its module decodes, and the verdict every answer carries. */
function decodeStored<K extends GenerationKind>(kind: K, f: Fields): TaskAnswers[K] {
  return { ...generationOf(kind)!.decode(f), ...verdict(f) } as TaskAnswers[K];
}

const OTHER_STEP = /^(?:judge|interactive)-/;

/** How a job is named in an error: its run, key, model, kind and record. */
export function jobWhere(dir: string, j: Pick<StoredJob, 'key' | 'model' | 'kind' | 'caseUid' | 'language'> & { exam?: string | null }): string {
  return `run ${dir}, job ${j.key} (${j.model}, ${j.kind}, case ${j.caseUid} ${j.language}${j.exam ? `, exam ${j.exam}` : ''})`;
}

/** Decode one stored job of a run; a malformed answer is an error naming the run, the job and the field. */
export function jobRecord(dir: string, j: StoredJob): JobRecord {
  const where = jobWhere(dir, j);
  if (j.status === 'done' && j.parsed === null) throw new RecordError(`${where}: answered, but its parsed answer is missing`);
  const f = j.parsed === null ? null : Fields.parse(where, 'parsed', j.parsed);
  const base = {
    key: j.key,
    templateHash: j.templateHash,
    model: j.model,
    caseUid: j.caseUid,
    language: j.language,
    exam: j.exam ?? null,
    status: j.status,
    response: j.response,
    inputTokens: j.inputTokens,
    outputTokens: j.outputTokens,
    latencyMs: j.latencyMs,
    cost: j.cost,
    errorKind: j.errorKind,
    error: j.error,
    cached: j.cached,
    finishReason: j.finishReason,
  };
  const kind: string = j.kind;
  if (generationOf(kind)) return { ...base, kind, parsed: f && decodeStored(kind as GenerationKind, f) } as JobRecord;
  if (isAgentStepName(kind)) return { ...base, kind, parsed: f && decodeAgentStep(kind, f) } as JobRecord;
  if (!OTHER_STEP.test(kind)) throw new RecordError(`${where}: its kind "${kind}" is none clinicallab writes (${[...GENERATIONS.map((g) => g.kind), ...AGENT_STEP_KINDS].join(', ')}, or judge- and interactive- steps)`);
  return { ...base, kind: kind as OtherStepKind, parsed: f && f.raw };
}

/** Whether a job answers one of the task registry's generations (its answer carries the reader's verdict). */
export function isTaskAnswer<J extends KindAnswer>(j: J): j is Extract<J, { kind: GenerationKind }> {
  return generationOf(j.kind) !== undefined;
}

/** Whether a job is one of ClinicalAgent's own steps (run/step-records.ts). */
export function isAgentStep<J extends KindAnswer>(j: J): j is Extract<J, { kind: AgentStepName }> {
  return isAgentStepName(j.kind);
}

/** A stored answer of a generation, decoded (for callers holding the JSON text of one answer). */
export function decodeAnswer<K extends GenerationKind>(where: string, kind: K, text: string): TaskAnswers[K] {
  return decodeStored(kind, Fields.parse(where, 'parsed', text));
}

const decodes = new Map<string, number>();

/**
 * How many times this process has decoded the jobs of the run `dir` (a command decodes each run's jobs once and
 * hands the records on: test/run/session.test.ts).
 */
export function jobDecodes(dir: string): number {
  return decodes.get(dir) ?? 0;
}

/**
 * The jobs of a run store as typed records, in insertion order (without the prompts): the one place a stored
 * answer is decoded. `dir` names the run in errors.
 */
export function jobRecords(store: RunStore, dir: string, filter: { status?: JobStatus; model?: string } = {}): JobRecord[] {
  decodes.set(dir, (decodes.get(dir) ?? 0) + 1);
  return store.jobs({ ...filter, prompts: false }).map((j) => jobRecord(dir, j));
}
