/**
 * What the reader made of each answer, for the report: per model, how many answers were unread, refused or cut
 * off by the token limit (counted as the scorer counts them), and per case-browser row whether its answer was
 * read whole — so the case browser can show the unread and the cut-off answers only.
 */
import { scoredTask } from '../tasks/registry/index.js';
import { readingOf } from '../run/unread.js';
import type { CaseRow } from './types.js';

interface AnsweredJob {
  kind: string;
  status: string;
  parsed: unknown;
  finishReason: string | null;
}

export interface ReadingTallies {
  unreadable: Record<string, number>;
  refused: Record<string, number>;
  truncated: Record<string, number>;
}

const bump = (m: Record<string, number>, k: string): void => {
  m[k] = (m[k] ?? 0) + 1;
};

/** Per task label (`department`, `difr3`, `diagnosis`, `imaging` …): unread answers, refusals, answers cut off. */
export function readingTallies(jobs: readonly AnsweredJob[], labelOf: (kind: string) => string | undefined): ReadingTallies {
  const out: ReadingTallies = { unreadable: {}, refused: {}, truncated: {} };
  for (const j of jobs) {
    const label = labelOf(j.kind);
    if (j.status !== 'done' || label === undefined) continue;
    const { reading } = readingOf(j.kind, j.parsed);
    if (reading === 'refusal') bump(out.refused, label);
    else if (reading === 'truncated' || j.finishReason === 'length') bump(out.truncated, label);
    if (reading === 'unread') bump(out.unreadable, label);
  }
  return out;
}

/** Mark a case-browser row with how its answer was read (nothing when it was read whole and not cut off). */
export function markReading(row: CaseRow, job: AnsweredJob | undefined): void {
  if (!job || job.status !== 'done') return;
  const r = readingOf(job.kind, job.parsed);
  const found = ((job.parsed ?? {}) as { found?: string[] }).found;
  // a six-section answer read in part: only the rows of the sections not found are unread
  let reading: string = r.reading;
  const section = scoredTask(row.task)?.section;
  if (reading === 'partial' && section !== undefined) reading = found?.includes(section) ? 'read' : 'unread';
  if (reading !== 'read') {
    row.reading = reading;
    if (r.reason) row.readingReason = r.reason;
  }
  if (job.finishReason === 'length') row.cut = true;
}
