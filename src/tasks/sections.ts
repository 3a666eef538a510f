/**
 * Reading the six-section clinical-diagnosis answer. Models write the labels in many ways — markdown headings,
 * bold, numbering (1. I. A. 一、（一）①), brackets with or without a colon (【…】 〖…〗), ASCII or full-width
 * colons, table rows, Chinese or English, other names for the same section (section-labels.ts), merged headings
 * that fill two sections, a preamble before the first label, a section left out — or a JSON object. Reasoning
 * blocks are never read (reasoning.ts). An unknown heading ends the section before it instead of being swallowed
 * into it, and the sign-off after the last section is left out. A missing section is an empty answer, never an
 * error. Never throws, whatever the text.
 */
import type { Language } from '../bench/language.js';
import { dropSignOff } from './answer-notes.js';
import { SECTION_IDS, SECTION_LABELS, type SectionId } from './generations/clinical-sections.js';
import { findJson } from './json-answer.js';
import { isTableRule } from './markdown-table.js';
import { splitReasoning } from './reasoning.js';
import { closes, headingHits, type Boundary, type Hit } from './section-lines.js';
import { inlineAlternatives } from './section-labels.js';
import { sectionsFromJson } from './sections-json.js';

export { stripReasoning } from './reasoning.js';
/** Canonical labels, used when formatting (the clinical-diagnosis generation's). */
export { SECTION_LABELS };

export type Sections = Record<SectionId, string>;

export interface ParsedSections {
  sections: Sections;
  /** Sections whose label was found, in the order they appear. */
  found: SectionId[];
  /** Text before the first label (model chatter), trimmed. */
  preamble: string;
  /** `json` when the sections came from a JSON object. */
  form: 'text' | 'json';
  /** Sections the answer gave as lists (JSON arrays), item by item. */
  lists: Partial<Record<SectionId, string[]>>;
  /** The answer was cut off inside a reasoning block: nothing after its opening tag is read. */
  unclosedReasoning: boolean;
}

/*
 * Everything here runs in linear time on any input (a 1 MB answer of spaces, asterisks or half-finished labels
 * included): no two unbounded repetitions of the same characters follow each other in one pattern, and what a
 * pattern cannot do without that is done by small scanning loops instead.
 */

const NUMERAL = '(?:\\d{1,2}|[IVXivx]{1,4}|[一二三四五六七八九十]{1,3})';

/** A label inside running text: only with a colon right after it (an abbreviation such as "(PD)" may come first). */
const INLINE_PATTERNS = SECTION_IDS.map(
  (id) =>
    [id, new RegExp(`(?:\\*\\*|__)?(?:${inlineAlternatives(id)})(?:\\*\\*|__)?[ \\t]{0,4}(?:[(（][ \\t]{0,2}[A-Za-z]{1,8}[ \\t]{0,2}[)）][ \\t]{0,4})?[:：](?:[ \\t]{0,4}(?:\\*\\*|__))?`, 'gi')] as const,
);

/** A marker right before an inline label ("…肺炎\n2）诊断依据："), which belongs to the label, not the text before. */
const MARKER_BEFORE = new RegExp(`(?:[\\s。；;，,]|(?=[(（]))((?:${NUMERAL}[ \\t]{0,2}[.)、．:：）]|[(（][ \\t]{0,2}${NUMERAL}[ \\t]{0,2}[)）])[ \\t]{0,3})$`, 'u');

function overlaps(hits: readonly Hit[], start: number, end: number): boolean {
  return hits.some((h) => start < h.end && end > h.start);
}

/** Labels with a colon inside running text, for the sections no line starts with. */
function inlineHits(text: string, hits: Hit[]): void {
  for (const [id, re] of INLINE_PATTERNS) {
    if (hits.some((h) => h.ids.includes(id))) continue;
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) {
      const end = m.index + m[0].length;
      if (!overlaps(hits, m.index, end)) {
        const from = Math.max(0, m.index - 16);
        const marker = MARKER_BEFORE.exec((from === 0 ? '\n' : '') + text.slice(from, m.index));
        const start = marker ? m.index - marker[1]!.length : m.index;
        hits.push({ ids: [id], start: overlaps(hits, start, end) ? m.index : start, end });
        break;
      }
    }
  }
}

/** Where each section's text ends: at the next label, or at an unknown heading that closes it (see section-lines.ts). */
function sectionEnds(hits: readonly Hit[], boundaries: readonly Boundary[], length: number): number[] {
  const ends: number[] = [];
  let b = 0;
  hits.forEach((h, i) => {
    let end = i + 1 < hits.length ? hits[i + 1]!.start : length;
    while (b < boundaries.length && boundaries[b]!.start < h.end) b++;
    for (let j = b; j < boundaries.length && boundaries[j]!.start < end; j++) {
      if (closes(boundaries[j]!, h)) {
        end = boundaries[j]!.start;
        break;
      }
    }
    ends.push(end);
  });
  return ends;
}

function emptySections(): Sections {
  return Object.fromEntries(SECTION_IDS.map((id) => [id, ''])) as Sections;
}

/** Split a clinical-diagnosis answer into its six sections. */
export function parseSections(answer: string): ParsedSections {
  const split = splitReasoning(String(answer ?? ''));
  const text = split.answer.replace(/\r\n?/g, '\n').replace(/<br\s{0,3}\/?>/giu, '\n');
  const json = findJson(text);
  const fromJson = json ? sectionsFromJson(json.value) : undefined;
  if (fromJson && fromJson.found.length > 0) {
    return { sections: { ...emptySections(), ...fromJson.sections }, found: fromJson.found, preamble: '', form: 'json', lists: fromJson.lists, unclosedReasoning: split.unclosed };
  }
  // 1. Labels that start a line are the strongest evidence; take the first of each.
  const { hits, boundaries } = headingHits(text);
  // 2. For sections still missing, a label with a colon inside running text.
  inlineHits(text, hits);
  hits.sort((a, b) => a.start - b.start);
  const sections = emptySections();
  const ends = sectionEnds(hits, boundaries, text.length);
  const last = hits.reduce((n, h, i) => (ends[i]! > ends[n]! ? i : n), 0);
  hits.forEach((h, i) => {
    const content = cleanContent(text.slice(h.end, ends[i]));
    for (const id of h.ids) sections[id] = i === last ? cleanContent(dropSignOff(content)) : content;
  });
  const preamble = cleanContent(hits.length > 0 ? text.slice(0, hits[0]!.start) : text);
  return { sections, found: hits.flatMap((h) => h.ids), preamble, form: 'text', lists: {}, unclosedReasoning: split.unclosed };
}

const TRAILING_RULE = /^(?:-{3,}|\*{3,}|_{3,}|#{1,6})$/u;

/**
 * Bold markers left at the ends of a section by its label's bold (`**Label:** text`, `**Label**: **text**`) go;
 * a bold phrase that opens or closes the content (`**Medications:** …`) stays.
 */
function dropBold(s: string): string {
  let t = s.trim();
  for (const m of ['**', '__']) {
    const first = t.split('\n', 1)[0]!;
    const last = t.slice(t.lastIndexOf('\n') + 1);
    if (t.startsWith(m) && !first.slice(2).includes(m)) t = t.slice(2).trimStart();
    else if (t.startsWith(m) && t.endsWith(m) && t.length >= 4 && !t.slice(2, -2).includes(m)) t = t.slice(2, -2).trim();
    if (t.endsWith(m) && !last.slice(0, -2).includes(m)) t = t.slice(0, -2).trimEnd();
  }
  return t;
}

/** Tidy a section's text: stray colons and bold markers, table pipes and rules, trailing rules, quotes. */
function cleanContent(text: string): string {
  const lines = text
    .split('\n')
    .filter((l) => !isTableRule(l))
    .map((l) => {
      let t = l.trim();
      if (t.startsWith('|')) t = t.slice(1);
      if (t.endsWith('|')) t = t.slice(0, -1);
      return t === l.trim() ? l : t.trim();
    });
  while (lines.length > 0 && (lines[lines.length - 1]!.trim() === '' || TRAILING_RULE.test(lines[lines.length - 1]!.trim()))) lines.pop();
  let s = dropBold(lines.join('\n'));
  if (s.startsWith(':') || s.startsWith('：')) s = dropBold(s.slice(1));
  if (/^["“「]/u.test(s)) s = s.slice(1);
  if (/["”」]$/u.test(s)) s = s.slice(0, -1);
  return s.trim();
}

/** Write sections in the labelled form the prompt asks for (used by the baseline model and in tests). */
export function formatSections(sections: Partial<Sections>, lang: Language): string {
  const colon = lang === 'zh' ? '：' : ': ';
  return SECTION_IDS.map((id) => `${SECTION_LABELS[lang][id]}${colon}${sections[id] ?? ''}`).join('\n');
}
