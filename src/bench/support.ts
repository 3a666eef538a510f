/**
 * Which tasks a case can be scored on. Imported datasets are often partial — AgentClinic has a final diagnosis
 * but no department, basis or treatment — and a task is run and scored only where its gold answer (and, for the
 * department guide, its input: a chief complaint) is there. Everything else is skipped and counted.
 */
import type { ClinicalCase } from './case.js';
import { isSentinel } from './text.js';

/** The gold parts of a case, named after the tasks they score (PROTOCOL §4). */
export const GOLD_PARTS = ['department', 'preliminary', 'basis', 'differential', 'principal', 'principle', 'plan', 'imaging'] as const;
export type GoldPart = (typeof GOLD_PARTS)[number];

export interface CaseSupport {
  /** A chief complaint to triage from: the department guide and the DIFR prompts can be asked. */
  triage: boolean;
  department: boolean;
  preliminary: boolean;
  basis: boolean;
  differential: boolean;
  principal: boolean;
  principle: boolean;
  plan: boolean;
  /** Exam keys that have findings to read and an impression to score against. */
  imaging: string[];
}

const has = (text: string): boolean => !isSentinel(text) && /[\p{L}\p{N}]/u.test(text);

export function caseSupport(c: ClinicalCase): CaseSupport {
  const g = c.gold;
  return {
    triage: has(c.summary.chiefComplaint),
    department: g.department !== null,
    preliminary: g.preliminaryDiagnosis.length > 0,
    basis: has(g.diagnosticBasis),
    differential: has(g.differentialDiagnosisText),
    principal: has(g.principalDiagnosis),
    principle: has(g.therapeuticPrinciple),
    plan: has(g.treatmentPlanText),
    imaging: c.imaging.filter((e) => e.findings !== '' && has(e.impression)).map((e) => e.key),
  };
}

/** Whether the six-section diagnosis has anything to be scored on. */
export function supportsDiagnosis(s: CaseSupport): boolean {
  return s.preliminary || s.basis || s.differential || s.principal || s.principle || s.plan;
}

export interface SupportCounts {
  records: number;
  /** Records with a chief complaint to triage from (DIFR). */
  triage: number;
  /** Per gold part: records that have it (imaging: records with at least one scorable exam). */
  parts: Record<GoldPart, number>;
  /** Imaging exams in all, and those with an impression to score against. */
  exams: number;
  scorableExams: number;
}

/** How many records support each task. */
export function countSupport(cases: readonly ClinicalCase[]): SupportCounts {
  const parts = Object.fromEntries(GOLD_PARTS.map((p) => [p, 0])) as Record<GoldPart, number>;
  let triage = 0;
  let exams = 0;
  let scorableExams = 0;
  for (const c of cases) {
    const s = caseSupport(c);
    if (s.triage) triage++;
    if (s.triage && s.department) parts.department++;
    for (const p of ['preliminary', 'basis', 'differential', 'principal', 'principle', 'plan'] as const) if (s[p]) parts[p]++;
    if (s.imaging.length > 0) parts.imaging++;
    exams += c.imaging.length;
    scorableExams += s.imaging.length;
  }
  return { records: cases.length, triage, parts, exams, scorableExams };
}

/**
 * The score rows (task and exam) an answer to one generation gets for a case: none where the case has no gold
 * answer for it (the department guide and DIFR also need a chief complaint to triage from). The one gating that
 * plans the prompts, scores the answers and tells a run scored to date from one answered since.
 */
export function scoredRows(kind: string, exam: string | null | undefined, c: ClinicalCase, s: CaseSupport = caseSupport(c)): { task: string; exam: string }[] {
  switch (kind) {
    case 'department-guide':
      return s.triage && s.department ? [{ task: 'department', exam: '' }] : [];
    case 'department-guide-3':
    case 'department-guide-5':
      return s.triage ? [{ task: kind === 'department-guide-3' ? 'difr3' : 'difr5', exam: '' }] : [];
    case 'clinical-diagnosis':
      return (['preliminary', 'principal', 'basis', 'differential', 'principle', 'plan'] as const).filter((t) => s[t]).map((task) => ({ task, exam: '' }));
    case 'imaging-diagnosis':
      return exam && s.imaging.includes(exam) ? [{ task: 'imaging', exam }] : [];
    default:
      return []; // agent steps (`agent-…`) and judges' ratings (`judge-…`) are not scored
  }
}

/**
 * The tasks a case cannot be scored on, as the scores count them: `department`, `difr3`, `difr5`, the six sections
 * and one `imaging` per exam without an impression to score against. Depends on the case alone, never on answers,
 * so every reader of a run (scores, leaderboard, report) counts the same skips.
 */
export function unsupportedTasks(c: ClinicalCase, s: CaseSupport = caseSupport(c)): string[] {
  const out: string[] = [];
  if (scoredRows('department-guide', '', c, s).length === 0) out.push('department');
  if (!s.triage) out.push('difr3', 'difr5');
  for (const t of ['preliminary', 'principal', 'basis', 'differential', 'principle', 'plan'] as const) if (!s[t]) out.push(t);
  for (const e of c.imaging) if (!s.imaging.includes(e.key)) out.push('imaging');
  return out;
}
