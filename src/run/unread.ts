/**
 * The answers of a run the reader did not read whole, for auditing the reader (`clinicallab show <run>
 * --unread`): per model and task, every answer that named no department or gave no section, was read as
 * ambiguous or partial, declined, or was cut off by the token limit — with the reason and an excerpt. This is how
 * a user finds an answer style the reader does not know yet. Answers stored before readings were recorded are
 * judged by their form (no department, no section).
 */
import { GENERATION_KINDS } from '../tasks/definitions.js';
import { READINGS, type AnswerReading } from '../tasks/reading.js';
import { isTaskAnswer, jobRecords, type JobRecord, type KindAnswer } from './records.js';
import { RunStore } from './store.js';

export interface UnreadAnswer {
  model: string;
  kind: string;
  caseUid: string;
  language: string;
  exam?: string;
  /** The reader's verdict (tasks/reading.ts). */
  reading: AnswerReading;
  /** The token limit cut the answer off (finish reason `length`). */
  cut: boolean;
  reason: string;
  finishReason: string | null;
  /** The start (and, for a long answer, the end) of the answer, whitespace collapsed. */
  excerpt: string;
}

/** The reader's verdict on a stored answer: as recorded, or — for answers stored before readings were — from its form. */
export function readingOf(job: KindAnswer): { reading: AnswerReading; reason?: string } {
  const p = isTaskAnswer(job) ? job.parsed : null;
  if (p && typeof p.reading === 'string') {
    const reading = READINGS.find((r) => r === p.reading);
    if (reading) return { reading, ...(typeof p.reason === 'string' ? { reason: p.reason } : {}) };
  }
  return formerReading(job);
}

/** The reading of an answer stored before readings were recorded, from its form. */
function formerReading(job: KindAnswer): { reading: AnswerReading; reason?: string } {
  if (job.parsed === null) return { reading: 'read' };
  switch (job.kind) {
    case 'department-guide':
      if (job.parsed.status === 'invalid') return { reading: 'unread', reason: 'no department of the list named' };
      if (job.parsed.status === 'ambiguous') return { reading: 'ambiguous', reason: `names ${job.parsed.named.join(', ')}; the first is taken` };
      break;
    case 'department-guide-3':
    case 'department-guide-5':
      if (job.parsed.count === 0) return { reading: 'unread', reason: 'no department named' };
      if (job.parsed.items.some((i) => i.department === null)) return { reading: 'partial', reason: 'some names are not departments of the list' };
      break;
    case 'clinical-diagnosis': {
      const found = job.parsed.found;
      if (found.length === 0) return { reading: 'unread', reason: 'no labelled section found' };
      if (found.length < 6) return { reading: 'partial', reason: `${6 - found.length} of the six sections not found` };
      break;
    }
    case 'imaging-diagnosis':
      if (job.parsed.impression.trim() === '') return { reading: 'unread', reason: 'no impression' };
      break;
  }
  return { reading: 'read' };
}

/** A short view of an answer: its start, and for a long one its end too (where a cut-off answer stopped). */
export function excerpt(text: string | null, max = 240): string {
  const t = String(text ?? '').replace(/\s+/gu, ' ').trim();
  if (t === '') return '(empty answer)';
  if (t.length <= max) return t;
  const clean = (s: string): string => s.replace(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/gu, '');
  return `${clean(t.slice(0, max - 70))} … ${clean(t.slice(-60))}`;
}

function unreadOf(j: JobRecord): UnreadAnswer | undefined {
  const r = readingOf(j);
  const cut = j.finishReason === 'length';
  if (r.reading === 'read' && !cut) return undefined;
  const reason = r.reason ?? (cut ? 'cut off by the token limit (finish reason length); read as far as it got' : r.reading);
  return {
    model: j.model,
    kind: j.kind,
    caseUid: j.caseUid,
    language: j.language,
    ...(j.exam !== null ? { exam: j.exam } : {}),
    reading: r.reading,
    cut,
    reason: cut && r.reading !== 'truncated' && r.reason ? `${r.reason}; cut off by the token limit (finish reason length)` : reason,
    finishReason: j.finishReason,
    excerpt: excerpt(j.response),
  };
}

const KIND_ORDER = new Map<string, number>(GENERATION_KINDS.map((k, i) => [k, i]));

/** Every answer of the run (benchmark tasks and the agent's final answers) that was not read whole. */
export function unreadAnswers(dir: string): UnreadAnswer[] {
  const store = RunStore.open(dir);
  try {
    return jobRecords(store, dir, { status: 'done' })
      .filter((j) => KIND_ORDER.has(j.kind))
      .flatMap((j) => unreadOf(j) ?? [])
      .sort((a, b) => a.model.localeCompare(b.model) || KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)! || a.reading.localeCompare(b.reading) || a.caseUid.localeCompare(b.caseUid) || a.language.localeCompare(b.language));
  } finally {
    store.close();
  }
}
