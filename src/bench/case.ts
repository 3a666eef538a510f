/**
 * The typed view of one ClinicalBench record: every section, exam and gold field reachable by name, in the
 * record's language. Built once at load time from a validated `ClinicalBenchRecord`.
 */
import type { Department } from './departments.js';
import type { Language } from './language.js';
import { labPanelName, labPanelOf } from './lab-tests.js';
import { parseLabResult, type LabItem } from './labs.js';
import { splitDiagnoses, splitDifferential, splitNumbered, type DifferentialItem } from './lists.js';
import { modalityName, modalityOf } from './modalities.js';
import type { ClinicalBenchRecord } from './schema.js';
import { parseCaseSummary, type CaseSummary } from './summary.js';
import { valueOrEmpty } from './text.js';

export interface ImagingExam {
  /** Modality key as in the file, e.g. `plain_computed_tomography_scan`. */
  key: string;
  /** Display name in the case's language (humanised for keys the table does not know). */
  name: string;
  /** Whether the key is in the modality table of PROTOCOL §3. */
  known: boolean;
  findings: string;
  /** Gold for task 8. */
  impression: string;
}

export interface LabTest {
  key: string;
  name: string;
  known: boolean;
  /** Full result line list as in the file. */
  result: string;
  /** The abnormal items as in the file ("" when the file has a sentinel). */
  abnormal: string;
  /** The result lines read into items. */
  items: LabItem[];
}

export interface GoldAnswers {
  /** Task 1; null when the dataset names no department (Department Guide is then skipped). */
  department: Department | null;
  /** The department as the file writes it. */
  departmentText: string;
  /** Task 2, as items in order (principal problem first). */
  preliminaryDiagnosis: string[];
  preliminaryDiagnosisText: string;
  /** Task 3. */
  diagnosticBasis: string;
  /** Task 4, as disease + reason items. */
  differentialDiagnosis: DifferentialItem[];
  differentialDiagnosisText: string;
  /** Task 5. */
  principalDiagnosis: string;
  /** Task 6. */
  therapeuticPrinciple: string;
  /** Task 7, as numbered steps. */
  treatmentPlan: string[];
  treatmentPlanText: string;
}

export interface CaseSource {
  file: string;
  /** 1-based position of the record in its file. */
  record: number;
  /** 1-based line where the record starts. */
  line: number;
}

export interface ClinicalCase {
  uid: string;
  id?: number | string;
  language: Language;
  summary: CaseSummary;
  imaging: ImagingExam[];
  labs: LabTest[];
  /** Pathology report, "" when the file has a sentinel. */
  pathology: string;
  gold: GoldAnswers;
  source: CaseSource;
  /** The canonical record, for exports and importers. */
  record: ClinicalBenchRecord;
}

/** Build the typed view. `department` is the already-normalised gold department (null when there is none); `summary` the summary's sections when the caller has read them already. */
export function buildCase(record: ClinicalBenchRecord, language: Language, department: Department | null, source: CaseSource, summary: CaseSummary = parseCaseSummary(record.clinical_case_summary)): ClinicalCase {
  const imaging: ImagingExam[] = Object.entries(record.imageological_examination).map(([key, e]) => ({
    key,
    name: modalityName(key, language),
    known: modalityOf(key) !== undefined,
    findings: valueOrEmpty(e.findings),
    impression: valueOrEmpty(e.impression),
  }));
  const labs: LabTest[] = Object.entries(record.laboratory_examination).map(([key, e]) => ({
    key,
    name: labPanelName(key, language),
    known: labPanelOf(key) !== undefined,
    result: valueOrEmpty(e.result),
    abnormal: valueOrEmpty(e.abnormal),
    items: parseLabResult(valueOrEmpty(e.result)),
  }));
  const gold: GoldAnswers = {
    department,
    departmentText: record.clinical_department,
    preliminaryDiagnosis: splitDiagnoses(valueOrEmpty(record.preliminary_diagnosis)),
    preliminaryDiagnosisText: valueOrEmpty(record.preliminary_diagnosis),
    diagnosticBasis: valueOrEmpty(record.diagnostic_basis),
    differentialDiagnosis: splitDifferential(valueOrEmpty(record.differential_diagnosis)),
    differentialDiagnosisText: valueOrEmpty(record.differential_diagnosis),
    principalDiagnosis: valueOrEmpty(record.principal_diagnosis).replace(/[。.;；]+$/u, '').trim(),
    therapeuticPrinciple: valueOrEmpty(record.therapeutic_principle),
    treatmentPlan: splitNumbered(valueOrEmpty(record.treatment_plan)),
    treatmentPlanText: valueOrEmpty(record.treatment_plan),
  };
  return {
    uid: record.clinical_case_uid,
    ...(record.id !== undefined ? { id: record.id } : {}),
    language,
    summary,
    imaging,
    labs,
    pathology: valueOrEmpty(record.pathological_examination),
    gold,
    source,
    record,
  };
}

/** A short label for messages: `uid 2e4f…61e3 (zh)`. */
export function caseLabel(c: Pick<ClinicalCase, 'uid' | 'language'>): string {
  return `${c.uid} (${c.language})`;
}
