/**
 * Putting an imported case together as a ClinicalBench record: the sectioned `clinical_case_summary` written
 * under the labels the loader reads (in the record's language), with the auxiliary examinations repeated in it as
 * the authors' files do, and every gold field the source lacks left empty — so the tasks that need it are
 * skipped and counted, never scored as wrong.
 */
import { createHash } from 'node:crypto';
import { labPanelName } from '../lab-tests.js';
import type { Language } from '../language.js';
import { modalityName } from '../modalities.js';
import type { ClinicalBenchRecord } from '../schema.js';

/** Parts of `clinical_case_summary`; a part left empty is written as "Not available." / "暂无。". */
export interface SummaryParts {
  basicInformation: string;
  chiefComplaint: string;
  history: string;
  physicalExamination: string;
  /** Text for the auxiliary examinations; when empty, written from the exams, lab panels and pathology. */
  auxiliary?: string;
}

export interface ImportedCase {
  uid: string;
  id?: number | string;
  language: Language;
  department: string;
  principalDiagnosis: string;
  preliminaryDiagnosis: string;
  diagnosticBasis: string;
  differentialDiagnosis: string;
  therapeuticPrinciple: string;
  treatmentPlan: string;
  /** A whole summary as the source has it (used as is), or its parts. */
  summary: string | SummaryParts;
  imaging: Record<string, { findings: string; impression: string }>;
  labs: Record<string, { result: string; abnormal: string }>;
  pathology: string;
}

const LABELS = {
  en: {
    title: 'Case Summary',
    basic: 'Patient Basic Information:',
    complaint: 'Chief Complaint:',
    history: 'Medical History:',
    exam: 'Physical Examination:',
    aux: 'Auxiliary Examination:',
    imaging: '(1) Imaging Examination:',
    lab: '(2) Laboratory Examination:',
    pathology: '(3) Pathological Examination:',
    none: 'Not available.',
  },
  zh: {
    title: '病例摘要',
    basic: '患者基本信息：',
    complaint: '主诉：',
    history: '病史：',
    exam: '体格检查：',
    aux: '辅助检查：',
    imaging: '1. 影像学检查：',
    lab: '2. 实验室检查：',
    pathology: '3. 病理学检查：',
    none: '暂无。',
  },
} as const;

/** The "no data" sentinel of a language. */
export function sentinelFor(language: Language): string {
  return LABELS[language].none;
}

function orNone(text: string, language: Language): string {
  return text.trim() === '' ? LABELS[language].none : text.trim();
}

/** The auxiliary-examination text written from the exams: each exam's impression (or findings), each panel's abnormal items (or results). */
export function auxiliaryText(c: Pick<ImportedCase, 'imaging' | 'labs' | 'pathology' | 'language'>): string {
  const L = LABELS[c.language];
  const sep = c.language === 'zh' ? '：' : ': ';
  const imaging = Object.entries(c.imaging).map(([k, e]) => `${modalityName(k, c.language)}${sep}${(e.impression || e.findings).trim()}`);
  const labs = Object.entries(c.labs).map(([k, e]) => `${labPanelName(k, c.language)}${sep}${(e.abnormal || e.result).trim()}`);
  return [
    `${L.imaging} ${imaging.length ? imaging.join('\n') : L.none}`,
    `${L.lab} ${labs.length ? labs.join('\n') : L.none}`,
    `${L.pathology} ${orNone(c.pathology, c.language)}`,
  ].join('\n');
}

/** The sectioned summary under the loader's labels. */
export function composeSummary(c: ImportedCase): string {
  if (typeof c.summary === 'string') return c.summary;
  const L = LABELS[c.language];
  const s = c.summary;
  const gap = c.language === 'zh' ? '' : ' ';
  return [
    L.title,
    `${L.basic}${gap}${orNone(s.basicInformation, c.language)}`,
    `${L.complaint}${gap}${orNone(s.chiefComplaint, c.language)}`,
    `${L.history}${gap}${orNone(s.history, c.language)}`,
    `${L.exam}${gap}${orNone(s.physicalExamination, c.language)}`,
    `${L.aux}\n${s.auxiliary && s.auxiliary.trim() !== '' ? s.auxiliary.trim() : auxiliaryText(c)}`,
  ].join('\n');
}

/** The ClinicalBench record, field order as in the authors' files. */
export function toRecord(c: ImportedCase): ClinicalBenchRecord {
  return {
    ...(c.id !== undefined ? { id: c.id } : {}),
    clinical_case_uid: c.uid,
    language: c.language,
    clinical_department: c.department,
    principal_diagnosis: c.principalDiagnosis,
    preliminary_diagnosis: c.preliminaryDiagnosis,
    diagnostic_basis: c.diagnosticBasis,
    differential_diagnosis: c.differentialDiagnosis,
    therapeutic_principle: c.therapeuticPrinciple,
    treatment_plan: c.treatmentPlan,
    clinical_case_summary: composeSummary(c),
    imageological_examination: c.imaging,
    laboratory_examination: c.labs,
    pathological_examination: c.pathology.trim() === '' ? sentinelFor(c.language) : c.pathology.trim(),
  };
}

/** A stable 32-hex uid from a record's source: the same source record always gets the same uid. */
export function uidFrom(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32);
}

/** `Chest_CT` → `chest_ct`; `Cytospin Stained (Hansel's)` → `cytospin_stained_hansel_s`. */
export function snakeKey(name: string): string {
  const k = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+]+/gu, '_')
    .replace(/^_+|_+$/g, '');
  return k === '' ? 'item' : k;
}

/** Add an entry under a key, numbering repeats (`x`, `x_2`, `x_3`) instead of overwriting. */
export function addKeyed<T>(into: Record<string, T>, key: string, value: T): string {
  let k = key;
  for (let n = 2; k in into; n++) k = `${key}_${n}`;
  into[k] = value;
  return k;
}
