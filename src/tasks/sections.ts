/**
 * Reading the six-section clinical-diagnosis answer. Models write the labels in many ways — markdown bold or
 * headers, numbering, ASCII or full-width colons, Chinese or English, a preamble before the first label, a
 * section left out — and this finds them all. A missing section is an empty answer, never an error. Never
 * throws, whatever the text.
 */
import type { Language } from '../bench/language.js';
import { escapeRegExp } from '../bench/text.js';
import { SECTION_IDS, type SectionId } from './definitions.js';

export type Sections = Record<SectionId, string>;

export interface ParsedSections {
  sections: Sections;
  /** Sections whose label was found, in the order they appear. */
  found: SectionId[];
  /** Text before the first label (model chatter), trimmed. */
  preamble: string;
}

/** Canonical labels, used when formatting. */
export const SECTION_LABELS: Record<Language, Record<SectionId, string>> = {
  en: {
    preliminary: 'Preliminary Diagnosis',
    basis: 'Diagnostic Basis',
    differential: 'Differential Diagnosis',
    principal: 'Principal Diagnosis',
    principle: 'Therapeutic Principle',
    plan: 'Treatment Plan',
  },
  zh: {
    preliminary: '初步诊断',
    basis: '诊断依据',
    differential: '鉴别诊断',
    principal: '主要诊断',
    principle: '治疗原则',
    plan: '治疗计划',
  },
};

/** Every way of writing each label that the parser accepts. */
const LABEL_VARIANTS: Record<SectionId, string[]> = {
  preliminary: ['Preliminary Diagnosis', 'Preliminary Diagnoses', 'Initial Diagnosis', 'Initial Diagnoses', 'Provisional Diagnosis', 'Provisional Diagnoses', '初步诊断'],
  basis: ['Diagnostic Basis', 'Basis for Diagnosis', 'Basis for the Diagnosis', 'Basis of Diagnosis', 'Diagnostic Evidence', 'Diagnostic Rationale', 'Diagnostic Bases', '诊断依据'],
  differential: ['Differential Diagnosis', 'Differential Diagnoses', 'Differentials', '鉴别诊断'],
  principal: ['Principal Diagnosis', 'Main Diagnosis', 'Primary Diagnosis', 'Final Diagnosis', '主要诊断', '最终诊断', '主诊断', '首要诊断'],
  principle: ['Therapeutic Principle', 'Therapeutic Principles', 'Treatment Principle', 'Treatment Principles', 'Principle of Treatment', 'Principles of Treatment', 'Principles of Therapy', '治疗原则'],
  plan: ['Treatment Plan', 'Therapeutic Plan', 'Management Plan', 'Treatment Regimen', '治疗计划', '治疗方案'],
};

const CJK = /\p{Script=Han}/u;

function labelAlternatives(variants: string[]): string {
  return [...variants]
    .sort((a, b) => b.length - a.length)
    .map((v) => {
      const body = escapeRegExp(v).replace(/ /g, '\\s+');
      return CJK.test(v) ? `(?<!\\p{Script=Han})${body}` : `\\b${body}\\b`;
    })
    .join('|');
}

/**
 * A label at the start of a line: optional markdown header/bullet/numbering/bold/brackets, the label, then a
 * colon or the end of the line (a header such as "## Treatment Plan").
 */
function lineLabel(id: SectionId): RegExp {
  const alts = labelAlternatives(LABEL_VARIANTS[id]);
  return new RegExp(
    `^[ \\t>]*(?:#{1,6}[ \\t]*)?(?:\\*\\*|__)?[ \\t]*(?:(?:\\d{1,2}|[一二三四五六])[ \\t]*[.)、．:：][ \\t]*|[(（]\\d{1,2}[)）][ \\t]*|[-*•][ \\t]+)?(?:\\*\\*|__)?[ \\t]*[【\\[]?[ \\t]*(?:${alts})[ \\t]*[】\\]]?[ \\t]*(?:\\*\\*|__)?[ \\t]*(?:[:：]|(?=\\n)|$)(?:[ \\t]*(?:\\*\\*|__))?`,
    'gimu',
  );
}

/** A label inside running text: only with a colon right after it. */
function inlineLabel(id: SectionId): RegExp {
  const alts = labelAlternatives(LABEL_VARIANTS[id]);
  return new RegExp(`(?:\\*\\*|__)?(?:${alts})(?:\\*\\*|__)?[ \\t]*[:：](?:[ \\t]*(?:\\*\\*|__))?`, 'giu');
}

const LINE_PATTERNS = SECTION_IDS.map((id) => [id, lineLabel(id)] as const);
const INLINE_PATTERNS = SECTION_IDS.map((id) => [id, inlineLabel(id)] as const);

interface Hit {
  id: SectionId;
  start: number;
  end: number;
}

/** Drop a reasoning block (`<think>…</think>`) that some models put before the answer. */
export function stripReasoning(text: string): string {
  return text.replace(/<think>[\s\S]*?<\/think>/gi, '').replace(/^[\s\S]*?<\/think>/i, '');
}

function overlaps(hits: Hit[], start: number, end: number): boolean {
  return hits.some((h) => start < h.end && end > h.start);
}

/** Split a clinical-diagnosis answer into its six sections. */
export function parseSections(answer: string): ParsedSections {
  const text = stripReasoning(String(answer ?? '')).replace(/\r\n?/g, '\n');
  const hits: Hit[] = [];
  // 1. Labels that start a line are the strongest evidence; take the first of each.
  for (const [id, re] of LINE_PATTERNS) {
    re.lastIndex = 0;
    const m = re.exec(text);
    if (m && !overlaps(hits, m.index, m.index + m[0].length)) hits.push({ id, start: m.index, end: m.index + m[0].length });
  }
  // 2. For sections still missing, a label with a colon inside running text.
  for (const [id, re] of INLINE_PATTERNS) {
    if (hits.some((h) => h.id === id)) continue;
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) {
      if (!overlaps(hits, m.index, m.index + m[0].length)) {
        hits.push({ id, start: m.index, end: m.index + m[0].length });
        break;
      }
    }
  }
  hits.sort((a, b) => a.start - b.start);
  const sections = Object.fromEntries(SECTION_IDS.map((id) => [id, ''])) as Sections;
  hits.forEach((h, i) => {
    const end = i + 1 < hits.length ? hits[i + 1]!.start : text.length;
    sections[h.id] = cleanContent(text.slice(h.end, end));
  });
  const preamble = cleanContent(hits.length > 0 ? text.slice(0, hits[0]!.start) : text);
  return { sections, found: hits.map((h) => h.id), preamble };
}

function cleanContent(text: string): string {
  return text
    .replace(/^[ \t]*(?:\*\*|__)?[ \t]*[:：]?/u, '')
    .replace(/^\s*(?:\*\*|__)\s*/u, '')
    .replace(/(?:\n[ \t]*(?:-{3,}|\*{3,}|_{3,}|#{1,6})?[ \t]*)+$/u, '')
    .replace(/\s*(?:\*\*|__)\s*$/u, '')
    .replace(/^["“「]|["”」]$/gu, '')
    .trim();
}

/** Write sections in the labelled form the prompt asks for (used by the baseline model and in tests). */
export function formatSections(sections: Partial<Sections>, lang: Language): string {
  const colon = lang === 'zh' ? '：' : ': ';
  return SECTION_IDS.map((id) => `${SECTION_LABELS[lang][id]}${colon}${sections[id] ?? ''}`).join('\n');
}
