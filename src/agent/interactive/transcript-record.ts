/**
 * The stored records of an interactive run, typed: each case's transcript (a job of kind
 * `interactive-transcript`, written by run-interactive.ts as `storedTranscript` gives it) and the settings the run
 * recorded beside the manifest (`interactive:<name>`). They are decoded here, once, field by field (run/decode.ts),
 * and every reader — the terminal, the report, its case browser — takes the typed records. A transcript or a
 * settings record not in the form clinicallab writes is refused with an error naming the run, the job (or the
 * record) and the field: never skipped, never read as a case with no turns.
 */
import { Fields, RecordError } from '../../run/decode.js';
import { metaWhere } from '../../run/meta-records.js';
import { jobWhere, type JobRecord } from '../../run/records.js';
import type { Action } from './actions.js';
import type { InteractiveBudget, InteractiveRoles, Reply, Turn } from './protocol.js';
import type { Resolved } from './reveal.js';
import { ExamPricesSchema, type ExamPrices, type StoredTranscript } from './scores.js';

/** The kind of job a case's transcript is stored as. */
export const TRANSCRIPT_KIND = 'interactive-transcript' as const;

const ACTIONS = ['ask', 'examine', 'order', 'final', 'unreadable'] as const satisfies readonly Action['type'][];
const REPLIERS = ['patient', 'examiner', 'laboratory', 'radiology', 'system'] as const satisfies readonly Reply['by'][];
const SYSTEM_REASONS = ['questions-used', 'exams-used', 'unreadable'] as const satisfies readonly Extract<Reply, { by: 'system' }>['reason'][];
const EXAM_KINDS = ['lab', 'imaging', 'unknown'] as const satisfies readonly Resolved['kind'][];

function action(f: Fields): Action {
  const type = f.oneOf('type', ACTIONS);
  switch (type) {
    case 'ask':
      return { type, question: f.string('question') };
    case 'examine':
      return { type, item: f.string('item') };
    case 'order':
      return { type, exam: f.string('exam') };
    case 'final':
      return { type, answer: f.string('answer') };
    case 'unreadable':
      return { type, reason: f.string('reason') };
  }
}

const resolved = (f: Fields): Resolved => ({ kind: f.oneOf('kind', EXAM_KINDS), key: f.string('key'), name: f.string('name'), done: f.boolean('done') });

function reply(f: Fields): Reply {
  const by = f.oneOf('by', REPLIERS);
  const text = f.string('text');
  switch (by) {
    case 'patient':
      return { by, text, withheld: f.number('withheld') };
    case 'examiner':
      return { by, text, found: f.boolean('found') };
    case 'laboratory':
    case 'radiology':
      return { by, text, order: resolved(f.object('order')) };
    case 'system':
      return { by, text, reason: f.oneOf('reason', SYSTEM_REASONS) };
  }
}

function turn(f: Fields): Turn {
  return { turn: f.number('turn'), action: action(f.object('action')), ...(f.has('reply') ? { reply: reply(f.object('reply')) } : {}) };
}

/** One stored transcript, decoded; `where` names the job in errors. */
export function decodeTranscript(where: string, value: unknown): StoredTranscript {
  const f = Fields.of(where, 'parsed', value);
  return {
    turns: f.list('turns', turn),
    final: f.string('final'),
    forced: f.boolean('forced'),
    questions: f.number('questions'),
    exams: f.number('exams'),
    orders: f.list('orders', resolved),
    uid: f.string('uid'),
    language: f.string('language'),
    department: f.string('department'),
    available: f.number('available'),
  };
}

/**
 * The transcripts among a run's decoded jobs (answered `interactive-transcript` jobs), typed, with the model each
 * belongs to; `dir` names the run in errors. A transcript of another case than its job's is refused too.
 */
export function transcriptRecords(dir: string, jobs: readonly JobRecord[]): { model: string; transcript: StoredTranscript }[] {
  return jobs
    .filter((j) => j.kind === TRANSCRIPT_KIND && j.status === 'done')
    .map((j) => {
      const where = jobWhere(dir, j);
      const t = decodeTranscript(where, j.parsed);
      if (t.uid !== j.caseUid || t.language !== j.language) throw new RecordError(`${where}: parsed.uid and parsed.language are ${t.uid} ${t.language}, not the job's case ${j.caseUid} ${j.language}`);
      return { model: j.model, transcript: t };
    });
}

/** What a reader takes of the settings an interactive run recorded (run-interactive.ts `InteractiveRecord`). */
export interface InteractiveSettings {
  roles: InteractiveRoles;
  budget: InteractiveBudget;
  tools: boolean;
  /** The exam price table the run was made with (runs made before it was recorded have none). */
  prices?: ExamPrices;
  /** What decides the run's answers, hashed (a resumed run compares it); runs made before it was kept have none. */
  fingerprint?: string;
}

/** The key the settings of the interactive model `name` are stored under, beside the manifest. */
export const settingsKey = (name: string): string => `interactive:${name}`;

/** The stored settings of an interactive model, decoded; `where` names the run and the record in errors. */
export function decodeInteractiveSettings(where: string, value: unknown): InteractiveSettings {
  const f = Fields.of(where, 'settings', value);
  const roles = f.object('roles');
  const budget = f.object('budget');
  let prices: ExamPrices | undefined;
  if (f.has('prices')) {
    const p = ExamPricesSchema.safeParse(f.raw.prices);
    if (!p.success) {
      const issue = p.error.issues[0]!;
      throw new RecordError(`${where}: settings.prices${issue.path.map((k) => `.${String(k)}`).join('')} is not a price table's (${issue.message})`);
    }
    prices = p.data;
  }
  const fingerprint = f.optional('fingerprint', (k) => f.string(k));
  return {
    roles: { doctor: roles.string('doctor'), patient: roles.string('patient') },
    budget: { questions: budget.number('questions'), exams: budget.number('exams'), turns: budget.number('turns') },
    tools: f.boolean('tools'),
    ...(prices ? { prices } : {}),
    ...(fingerprint !== undefined ? { fingerprint } : {}),
  };
}

/**
 * The settings of the interactive model `name` as `meta` (a run store's `getMeta`) gives them, decoded; undefined
 * when the run recorded none. Stored text that is not JSON is refused like a malformed record.
 */
export function interactiveSettingsOf(dir: string, name: string, meta: (key: string) => unknown): InteractiveSettings | undefined {
  const key = settingsKey(name);
  const value = meta(key);
  return value === undefined ? undefined : decodeInteractiveSettings(metaWhere(dir, key), value);
}
