/**
 * Which gold parts a case has. Imported datasets are often partial — AgentClinic has a final diagnosis but no
 * department, basis or treatment — and a task is run and scored only where its gold answer (and, for the
 * department guide, its input: a chief complaint) is there. The parts are listed in gold.ts; which task needs
 * which part is the task registry's (src/tasks/registry/), which turns this into score rows.
 */
import type { ClinicalCase } from './case.js';
import { GOLD, GOLD_PARTS, RECORD_GOLD_PARTS, hasText, scorableExams, type GoldPart, type RecordGoldPart } from './gold.js';

export { GOLD_PARTS, type GoldPart } from './gold.js';

export type CaseSupport = {
  /** A chief complaint to triage from: the department guide and the DIFR prompts can be asked. */
  triage: boolean;
  /** Exam keys that have findings to read and an impression to score against. */
  imaging: string[];
} & Record<RecordGoldPart, boolean>;

export function caseSupport(c: ClinicalCase): CaseSupport {
  const parts = Object.fromEntries(RECORD_GOLD_PARTS.map((p) => [p, GOLD[p].present(c)])) as Record<RecordGoldPart, boolean>;
  return { triage: hasText(c.summary.chiefComplaint), ...parts, imaging: scorableExams(c) };
}

export interface SupportCounts {
  records: number;
  /** Records with a chief complaint to triage from (DIFR). */
  triage: number;
  /** Per gold part: records that have it (department: with a chief complaint; imaging: with a scorable exam). */
  parts: Record<GoldPart, number>;
  /** Imaging exams in all, and those with an impression to score against. */
  exams: number;
  scorableExams: number;
}

/** How many records have each gold part. */
export function countSupport(cases: readonly ClinicalCase[]): SupportCounts {
  const parts = Object.fromEntries(GOLD_PARTS.map((p) => [p, 0])) as Record<GoldPart, number>;
  let triage = 0;
  let exams = 0;
  let scorable = 0;
  for (const c of cases) {
    const s = caseSupport(c);
    if (s.triage) triage++;
    for (const p of RECORD_GOLD_PARTS) if (s[p] && (p !== 'department' || s.triage)) parts[p]++;
    if (s.imaging.length > 0) parts.imaging++;
    exams += c.imaging.length;
    scorable += s.imaging.length;
  }
  return { records: cases.length, triage, parts, exams, scorableExams: scorable };
}
