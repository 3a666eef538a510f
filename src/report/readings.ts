/**
 * What the reader made of an answer, for the report's case browser: per row whether its answer was read whole —
 * so the case browser can show the unread and the cut-off answers only. (The per-model counts of unread, refused
 * and cut-off answers are the scorer's: metrics/model-scores.ts.)
 */
import type { JobRecord } from '../run/records.js';
import { readingOf } from '../run/unread.js';
import { scoredTask } from '../tasks/registry/index.js';
import type { CaseRow } from './types.js';

/** Mark a case-browser row with how its answer was read (nothing when it was read whole and not cut off). */
export function markReading(row: CaseRow, job: JobRecord | undefined): void {
  if (!job || job.status !== 'done') return;
  const r = readingOf(job);
  // a six-section answer read in part: only the rows of the sections not found are unread
  let reading: string = r.reading;
  const section = scoredTask(row.task)?.section;
  if (reading === 'partial' && section !== undefined && job.kind === 'clinical-diagnosis') reading = job.parsed?.found.includes(section) ? 'read' : 'unread';
  if (reading !== 'read') {
    row.reading = reading;
    if (r.reason) row.readingReason = r.reason;
  }
  if (job.finishReason === 'length') row.cut = true;
}
