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
/** Han characters of the basic plane, as a class usable without the `u` flag (which makes these patterns slow). */
const HAN = '[\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff]';

function labelAlternatives(variants: string[]): string {
  return [...variants]
    .sort((a, b) => b.length - a.length)
    .map((v) => {
      const body = escapeRegExp(v).replace(/ /g, '\\s{1,3}');
      return CJK.test(v) ? `(?<!${HAN})${body}` : `\\b${body}\\b`;
    })
    .join('|');
}
/*
 * Everything below is written to run in linear time on any input (a 1 MB answer of spaces, asterisks or
 * half-finished labels included): no two unbounded repetitions of the same characters follow each other in
 * one pattern, and what a pattern cannot do without that is done by small scanning loops instead.
 */

/** The label itself, tried at one position (sticky). */
const LABEL_AT = SECTION_IDS.map((id) => [id, new RegExp(`(?:${labelAlternatives(LABEL_VARIANTS[id])})`, 'iy')] as const);

/** A label inside running text: only with a colon right after it (an abbreviation such as "(PD)" may come first). */
const INLINE_PATTERNS = SECTION_IDS.map(
  (id) =>
    [id, new RegExp(`(?:\\*\\*|__)?(?:${labelAlternatives(LABEL_VARIANTS[id])})(?:\\*\\*|__)?[ \\t]{0,4}(?:[(（][ \\t]{0,2}[A-Za-z]{1,8}[ \\t]{0,2}[)）][ \\t]{0,4})?[:：](?:[ \\t]{0,4}(?:\\*\\*|__))?`, 'gi')] as const,
);

/** Line decorations before a label: quote marks, table pipes, headers, bold, bullets, numbering, brackets. */
const SPACE = /[ \t\u3000>|]+/y;
const SPACE_ONLY = /[ \t\u3000]+/y;
const HASHES = /#{1,6}/y;
const BOLD = /\*\*|__/y;
const NUMERAL = '(?:\\d{1,2}|[IVXivx]{1,4}|[一二三四五六七八九十]{1,3})';
const MARKER = new RegExp(`${NUMERAL}[ \\t]{0,2}[.)、．:：）]|[(（][ \\t]{0,2}${NUMERAL}[ \\t]{0,2}[)）]`, 'uy');
const BULLET = /[-*•·+](?=[ \t])/y;
const OPEN = /[【[]/uy;
/** What may follow a label before its separator. */
const ABBREVIATION = /[(（][ \t]{0,2}[A-Za-z]{1,8}[ \t]{0,2}[)）]/y;
const CLOSE = /[】\]]/uy;
const SEPARATOR = /[:：|]|[-–—]{1,2}(?=[ \t])/uy;
/** A marker right before an inline label ("…肺炎\n2）诊断依据："), which belongs to the label, not the text before. */
const MARKER_BEFORE = new RegExp(`(?:[\\s。；;，,]|(?=[(（]))((?:${NUMERAL}[ \\t]{0,2}[.)、．:：）]|[(（][ \\t]{0,2}${NUMERAL}[ \\t]{0,2}[)）])[ \\t]{0,3})$`, 'u');

/** Match a sticky pattern at `at`; the position after it, or -1. */
function stick(re: RegExp, text: string, at: number): number {
  re.lastIndex = at;
  return re.test(text) ? re.lastIndex : -1;
}

function skip(re: RegExp, text: string, at: number): number {
  const to = stick(re, text, at);
  return to < 0 ? at : to;
}

/** Where a label could start on the line beginning at `from` (after its decorations). */
function afterDecorations(text: string, from: number): number {
  let at = skip(SPACE, text, from);
  for (const re of [HASHES, BOLD, MARKER, BULLET, BOLD, OPEN, BOLD]) {
    at = skip(SPACE, text, skip(re, text, at));
  }
  return at;
}

/** If a label ends at `at` and is followed by a separator or the line end, where its content starts; else -1. */
function afterLabel(text: string, at: number, lineEnd: number): number {
  let i = skip(SPACE_ONLY, text, at);
  for (const re of [ABBREVIATION, CLOSE, BOLD]) i = skip(SPACE_ONLY, text, skip(re, text, i));
  const sep = stick(SEPARATOR, text, i);
  if (sep >= 0) return skip(BOLD, text, skip(SPACE_ONLY, text, sep));
  // a header ("## Treatment Plan"): nothing but decoration up to the end of the line
  let j = i;
  while (j < lineEnd && /[\s*#_]/u.test(text[j]!)) j++;
  return j >= lineEnd ? lineEnd : -1;
}
/** The characters a label can begin with, to pass over most lines at once. */
const FIRST_CHARS = new Set(Object.values(LABEL_VARIANTS).flatMap((vs) => vs.map((v) => v[0]!.toLowerCase())));

interface Hit {
  id: SectionId;
  start: number;
  end: number;
}

/** The first label of each section that starts a line. */
function lineHits(text: string): Hit[] {
  const hits: Hit[] = [];
  for (let from = 0; from <= text.length && hits.length < SECTION_IDS.length; ) {
    const nl = text.indexOf('\n', from);
    const lineEnd = nl < 0 ? text.length : nl;
    const at = lineEnd > from ? afterDecorations(text, from) : lineEnd;
    if (at < lineEnd && at - from <= 40 && FIRST_CHARS.has(text[at]!.toLowerCase())) {
      for (const [id, re] of LABEL_AT) {
        if (hits.some((h) => h.id === id)) continue;
        const labelEnd = stick(re, text, at);
        if (labelEnd < 0 || labelEnd > lineEnd) continue;
        const end = afterLabel(text, labelEnd, lineEnd);
        if (end >= 0) {
          hits.push({ id, start: from, end });
          break;
        }
      }
    }
    if (nl < 0) break;
    from = nl + 1;
  }
  return hits;
}

/** Drop a reasoning block (`<think>…</think>`) that some models put before the answer. */
export function stripReasoning(text: string): string {
  const open = /<think>/giu;
  const close = /<\/think>/giu;
  let out = '';
  let pos = 0;
  for (;;) {
    open.lastIndex = pos;
    const o = open.exec(text);
    if (!o) break;
    close.lastIndex = o.index + o[0].length;
    const c = close.exec(text);
    if (!c) break;
    out += text.slice(pos, o.index);
    pos = c.index + c[0].length;
  }
  out += text.slice(pos);
  // an answer that begins inside its reasoning (the opening tag was part of the prompt)
  const c = /<\/think>/iu.exec(out);
  return c ? out.slice(c.index + c[0].length) : out;
}

function overlaps(hits: Hit[], start: number, end: number): boolean {
  return hits.some((h) => start < h.end && end > h.start);
}

/** Split a clinical-diagnosis answer into its six sections. */
export function parseSections(answer: string): ParsedSections {
  const text = stripReasoning(String(answer ?? '')).replace(/\r\n?/g, '\n');
  // 1. Labels that start a line are the strongest evidence; take the first of each.
  const hits = lineHits(text);
  // 2. For sections still missing, a label with a colon inside running text.
  for (const [id, re] of INLINE_PATTERNS) {
    if (hits.some((h) => h.id === id)) continue;
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) {
      const end = m.index + m[0].length;
      if (!overlaps(hits, m.index, end)) {
        const from = Math.max(0, m.index - 16);
        const marker = MARKER_BEFORE.exec((from === 0 ? '\n' : '') + text.slice(from, m.index));
        const start = marker ? m.index - marker[1]!.length : m.index;
        hits.push({ id, start: overlaps(hits, start, end) ? m.index : start, end });
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

const TABLE_RULE = /^[ \t|:-]*-{3}[ \t|:-]*$/u;
const TRAILING_RULE = /^(?:-{3,}|\*{3,}|_{3,}|#{1,6})$/u;

function dropBold(s: string, side: 'start' | 'end'): string {
  const t = side === 'start' ? s.trimStart() : s.trimEnd();
  if (side === 'start') return t.startsWith('**') || t.startsWith('__') ? t.slice(2).trimStart() : t;
  return t.endsWith('**') || t.endsWith('__') ? t.slice(0, -2).trimEnd() : t;
}

/** Tidy a section's text: stray colons and bold markers, table pipes and rules, trailing rules, quotes. */
function cleanContent(text: string): string {
  const lines = text
    .split('\n')
    .filter((l) => !(l.includes('|') && TABLE_RULE.test(l)))
    .map((l) => {
      let t = l.trim();
      if (t.startsWith('|')) t = t.slice(1);
      if (t.endsWith('|')) t = t.slice(0, -1);
      return t === l.trim() ? l : t.trim();
    });
  while (lines.length > 0 && (lines[lines.length - 1]!.trim() === '' || TRAILING_RULE.test(lines[lines.length - 1]!.trim()))) lines.pop();
  let s = dropBold(lines.join('\n'), 'start');
  if (s.startsWith(':') || s.startsWith('：')) s = s.slice(1);
  s = dropBold(dropBold(s, 'start'), 'end');
  if (/^["“「]/u.test(s)) s = s.slice(1);
  if (/["”」]$/u.test(s)) s = s.slice(0, -1);
  return s.trim();
}

/** Write sections in the labelled form the prompt asks for (used by the baseline model and in tests). */
export function formatSections(sections: Partial<Sections>, lang: Language): string {
  const colon = lang === 'zh' ? '：' : ': ';
  return SECTION_IDS.map((id) => `${SECTION_LABELS[lang][id]}${colon}${sections[id] ?? ''}`).join('\n');
}
