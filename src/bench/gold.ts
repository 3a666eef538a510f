/**
 * The gold parts of a ClinicalBench record as data: which record field each is, how to tell a record has it, and
 * what is skipped without it (for the loader's warnings). The task modules (src/tasks/registry/) name the gold
 * part they are scored against by its key here; nothing else in the pipeline lists gold parts.
 */
import type { ClinicalCase } from './case.js';
import { isSentinel } from './text.js';

/** Text that is neither empty nor a sentinel ("Not available.", "暂无。") and has a letter or digit. */
export const hasText = (text: string): boolean => !isSentinel(text) && /[\p{L}\p{N}]/u.test(text);

export interface GoldPartInfo {
  /** The field of the ClinicalBench record. */
  field: string;
  /** What the part scores, as the loader names it when records lack the part. */
  scores: string;
  /** Whether a record has it (imaging: per exam, see `scorableExams`). */
  present: (c: ClinicalCase) => boolean;
}

const parts = {
  department: { field: 'clinical_department', scores: 'Department Guide', present: (c) => c.gold.department !== null },
  preliminary: { field: 'preliminary_diagnosis', scores: 'Preliminary Diagnosis', present: (c) => c.gold.preliminaryDiagnosis.length > 0 },
  basis: { field: 'diagnostic_basis', scores: 'Diagnostic Basis', present: (c) => hasText(c.gold.diagnosticBasis) },
  differential: { field: 'differential_diagnosis', scores: 'Differential Diagnosis', present: (c) => hasText(c.gold.differentialDiagnosisText) },
  principal: { field: 'principal_diagnosis', scores: 'Final Diagnosis', present: (c) => hasText(c.gold.principalDiagnosis) },
  principle: { field: 'therapeutic_principle', scores: 'Principle of Treatment', present: (c) => hasText(c.gold.therapeuticPrinciple) },
  plan: { field: 'treatment_plan', scores: 'Treatment Plan', present: (c) => hasText(c.gold.treatmentPlanText) },
  imaging: { field: 'imageological_examination', scores: 'Imaging Diagnosis', present: (c) => scorableExams(c).length > 0 },
} satisfies Record<string, GoldPartInfo>;

export type GoldPart = keyof typeof parts;
/** The record-level gold parts (every part but imaging, which is per exam). */
export type RecordGoldPart = Exclude<GoldPart, 'imaging'>;
export const GOLD: Readonly<Record<GoldPart, GoldPartInfo>> = parts;
export const GOLD_PARTS = Object.keys(parts) as GoldPart[];
export const RECORD_GOLD_PARTS = GOLD_PARTS.filter((p): p is RecordGoldPart => p !== 'imaging');

/** Exam keys that have findings to read and an impression to score against. */
export function scorableExams(c: ClinicalCase): string[] {
  return c.imaging.filter((e) => e.findings !== '' && hasText(e.impression)).map((e) => e.key);
}

/** The gold text of a record-level part, as text scores compare with it (lists: as written in the record). */
export function goldText(c: ClinicalCase, part: RecordGoldPart): string {
  const g = c.gold;
  switch (part) {
    case 'department':
      return g.department?.id ?? '';
    case 'preliminary':
      return g.preliminaryDiagnosisText;
    case 'basis':
      return g.diagnosticBasis;
    case 'differential':
      return g.differentialDiagnosisText;
    case 'principal':
      return g.principalDiagnosis;
    case 'principle':
      return g.therapeuticPrinciple;
    case 'plan':
      return g.treatmentPlanText;
  }
}
