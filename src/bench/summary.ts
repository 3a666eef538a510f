/**
 * Splitting `clinical_case_summary` into its sections (PROTOCOL §1): patient basic information, chief complaint,
 * medical history, physical examination and the auxiliary examinations with their imaging / laboratory /
 * pathology parts. Labels are found in either language, with ASCII or full-width colons, at a line start or
 * inline (the authors' zh files put basic information and chief complaint on one line).
 */
import { escapeRegExp } from './text.js';

export interface AuxiliaryParts {
  imaging: string;
  laboratory: string;
  pathology: string;
}

export interface CaseSummary {
  /** The text as in the file. */
  raw: string;
  basicInformation: string;
  chiefComplaint: string;
  history: string;
  physicalExamination: string;
  /** The whole auxiliary-examination section. */
  auxiliaryExamination: string;
  auxiliary: AuxiliaryParts;
  /** Which section labels were found. */
  found: SummarySection[];
}

export type SummarySection = 'basicInformation' | 'chiefComplaint' | 'history' | 'physicalExamination' | 'auxiliaryExamination';

const SECTION_LABELS: readonly [SummarySection, string[]][] = [
  ['basicInformation', ['Patient Basic Information', 'Patient Basic Info', 'Basic Information', 'Patient Information', '患者基本信息', '基本信息', '一般资料']],
  ['chiefComplaint', ['Chief Complaints', 'Chief Complaint', '主诉']],
  ['history', ['History of Present Illness', 'Present Illness History', 'Medical History', 'Present Illness', '现病史', '病史']],
  ['physicalExamination', ['Physical Examinations', 'Physical Examination', 'Physical Exam', '体格检查', '查体']],
  ['auxiliaryExamination', ['Auxiliary Examinations', 'Auxiliary Examination', 'Ancillary Examinations', 'Ancillary Examination', 'Supplementary Examinations', 'Supplementary Examination', '辅助检查']],
];

const AUX_LABELS: readonly [keyof AuxiliaryParts, string[]][] = [
  ['imaging', ['Imaging Examinations', 'Imaging Examination', 'Imaging Studies', 'Imaging', '影像学检查', '影像检查']],
  ['laboratory', ['Laboratory Examinations', 'Laboratory Examination', 'Laboratory Tests', 'Laboratory Test', 'Laboratory', 'Lab Tests', '实验室检查', '化验检查']],
  ['pathology', ['Pathological Examinations', 'Pathological Examination', 'Pathology Examination', 'Pathology', '病理学检查', '病理检查']],
];

const COLON = '[ \\t]*[:：]';
const CJK = /\p{Script=Han}/u;

/** A label must be followed by a colon; Chinese labels must not be the tail of a longer Chinese word. */
function labelPattern(labels: string[]): RegExp {
  const alts = [...labels].sort((a, b) => b.length - a.length).map((l) => {
    const body = escapeRegExp(l).replace(/ /g, '\\s+');
    return CJK.test(l) ? `(?<!\\p{Script=Han})${body}` : `\\b${body}\\b`;
  });
  return new RegExp(`(?:${alts.join('|')})${COLON}`, 'giu');
}

/** Numbered sub-part labels: `(1) Imaging Examination:`, `（1）…：`, `1. 影像学检查`, `2.实验室检查：`. */
function auxPattern(labels: string[]): RegExp {
  const alts = [...labels].sort((a, b) => b.length - a.length).map((l) => escapeRegExp(l).replace(/ /g, '\\s+'));
  const numbered = `(?:[(（]\\s*\\d\\s*[)）]|\\b\\d\\s*[.、．](?!\\d))\\s*(?:${alts.join('|')})(?:${COLON})?`;
  const colonOnly = `(?:^|\\n)[ \\t]*(?:${alts.join('|')})${COLON}`;
  return new RegExp(`${numbered}|${colonOnly}`, 'giu');
}

const SECTION_PATTERNS = SECTION_LABELS.map(([k, l]) => [k, labelPattern(l)] as const);
const AUX_PATTERNS = AUX_LABELS.map(([k, l]) => [k, auxPattern(l)] as const);

interface Hit<K> {
  key: K;
  start: number;
  end: number;
}

/** Find labels in their expected order: each search starts after the previous label found. */
function findInOrder<K>(text: string, patterns: readonly (readonly [K, RegExp])[]): Hit<K>[] {
  const hits: Hit<K>[] = [];
  let from = 0;
  for (const [key, re] of patterns) {
    re.lastIndex = from;
    const m = re.exec(text);
    if (m) {
      hits.push({ key, start: m.index, end: m.index + m[0].length });
      from = m.index + m[0].length;
    }
  }
  return hits;
}

function slices<K extends string>(text: string, hits: Hit<K>[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  hits.forEach((h, i) => {
    const end = i + 1 < hits.length ? hits[i + 1]!.start : text.length;
    out[h.key] = cleanSection(text.slice(h.end, end));
  });
  return out;
}

function cleanSection(text: string): string {
  return text.replace(/^[\s:：]+/u, '').replace(/\s+$/u, '');
}

/** Split the auxiliary-examination text into imaging, laboratory and pathology parts. */
export function splitAuxiliary(text: string): AuxiliaryParts {
  const hits = findInOrder(text, AUX_PATTERNS);
  const parts = slices(text, hits);
  return { imaging: parts.imaging ?? '', laboratory: parts.laboratory ?? '', pathology: parts.pathology ?? '' };
}

/** Split a case summary into its sections. Missing sections are empty strings; `found` lists those present. */
export function parseCaseSummary(summary: string): CaseSummary {
  const text = summary.replace(/\r\n?/g, '\n');
  const hits = findInOrder(text, SECTION_PATTERNS);
  const parts = slices(text, hits);
  const auxiliaryExamination = parts.auxiliaryExamination ?? '';
  return {
    raw: summary,
    basicInformation: parts.basicInformation ?? '',
    chiefComplaint: parts.chiefComplaint ?? '',
    history: parts.history ?? '',
    physicalExamination: parts.physicalExamination ?? '',
    auxiliaryExamination,
    auxiliary: splitAuxiliary(auxiliaryExamination),
    found: hits.map((h) => h.key),
  };
}
