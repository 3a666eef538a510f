/**
 * The line-by-line scan of a six-section answer: the lines that begin with a section label once their
 * decorations are passed over (quote marks, table pipes, #-headings, emoji, bold, "Section 1:", numbering such as
 * 1. I. A. 一、（一）①, bullets, brackets), and the lines that are headings of something else. A heading of
 * another part ends the section before it when a careful reader would take it as a new part of the answer:
 * a heading of a part that is never a section (Prognosis, 预后 …), a #-heading no deeper than the section's own,
 * a bracketed heading like the section's, or a bold numbered heading that continues the sections' numbering.
 * Sub-headings inside a section (a bold "Medications:", a deeper ###) stay in it. Linear time.
 */
import type { SectionId } from './generations/clinical-sections.js';
import { LABEL_FIRST_CHARS, LABEL_MATCHERS, OTHER_FIRST_CHARS, OTHER_HEADING_AT } from './section-labels.js';

export interface Shape {
  /** How many # open the line (0: not a #-heading). */
  hashes: number;
  /** A space follows them, as in a markdown heading. */
  hashSpace: boolean;
  bold: boolean;
  /** The opening bracket around the label (【 〖 [ 「), or ''. */
  bracket: string;
  /** The label's number and numbering style (`1.` and `2.` share a style; `1)` and `（一）` do not). */
  marker: { style: string; n: number } | null;
}

export interface Hit {
  ids: SectionId[];
  start: number;
  /** Where the section's text starts. */
  end: number;
  /** How the label line looked (labels found inside running text have none). */
  shape?: Shape;
}

/**
 * A heading that is not a section label. `other`: a part that is never a section (Prognosis, 预后 …);
 * `hash`: a #-heading; `bracket`: a 【…】 or 〖…〗 heading; `numbered`: a bold heading with a number.
 */
export interface Boundary {
  start: number;
  kind: 'other' | 'hash' | 'bracket' | 'numbered';
  shape: Shape;
}

/** Whether the heading `b` ends the section `h` it comes inside. */
export function closes(b: Boundary, h: Hit): boolean {
  switch (b.kind) {
    case 'other':
      return true;
    case 'hash':
      return !h.shape || h.shape.hashes === 0 || b.shape.hashes <= h.shape.hashes;
    case 'bracket':
      return h.shape?.bracket === b.shape.bracket;
    case 'numbered':
      return !!h.shape?.marker && !!b.shape.marker && h.shape.marker.style === b.shape.marker.style && b.shape.marker.n > h.shape.marker.n;
  }
}

const NUMERAL = '(?:\\d{1,2}|[IVXivx]{1,4}|[一二三四五六七八九十]{1,3})';
const BOLD = /\*\*|__/y;
const EMOJI = /(?:\p{Extended_Pictographic}|\uFE0F|\u200D){1,8}/uy;
const SECTION_WORD = /(?:section|part|step)[ \t]{1,2}\d{1,2}[ \t]{0,2}(?:[:.)]|[-–—](?=[ \t]))?|第[一二三四五六七八九十\d]{1,3}(?:部分|节|项|点)?[、.:：，,]?/iuy;
const MARKER = new RegExp(`(${NUMERAL})[ \\t]{0,2}([.)、．:：）])|[(（][ \\t]{0,2}(${NUMERAL})[ \\t]{0,2}[)）]|([\\u2460-\\u2473])|([A-Ha-h])[ \\t]?([.)])`, 'uy');
const BULLET = /[-*•·+](?=[ \t])/y;
/** What may follow a label before its separator. */
const ABBREVIATION = /[(（][ \t]{0,2}[A-Za-z]{1,8}[ \t]{0,2}[)）]/y;
const CLOSE = /[】〗」\]]/uy;
const SEPARATOR = /[:：|]|[-–—]{1,2}(?=[ \t])/uy;

/** Match a sticky pattern at `at`; the position after it, or -1. */
function stick(re: RegExp, text: string, at: number): number {
  re.lastIndex = at;
  return re.test(text) ? re.lastIndex : -1;
}

function skip(re: RegExp, text: string, at: number): number {
  const to = stick(re, text, at);
  return to < 0 ? at : to;
}

const spacesOnly = (text: string, at: number): number => spaces(text, at, false);

/** Past spaces (and, with `quotes`, the quote marks and table pipes that open a line). Loops: this runs on every line. */
function spaces(text: string, at: number, quotes = true): number {
  let i = at;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c !== ' ' && c !== '\t' && c !== '\u3000' && !(quotes && (c === '>' || c === '|'))) break;
  }
  return i;
}

const CJK_DIGITS = '一二三四五六七八九';
function numeralValue(s: string): number {
  if (/^\d+$/u.test(s)) return Number(s);
  if (/^[IVXivx]+$/u.test(s)) {
    const v: Record<string, number> = { i: 1, v: 5, x: 10 };
    const ds = [...s.toLowerCase()].map((c) => v[c]!);
    return ds.reduce((n, d, i) => n + (d < (ds[i + 1] ?? 0) ? -d : d), 0);
  }
  // 一 … 九十九
  const [tens, ones] = s.includes('十') ? s.split('十') : ['', s];
  return (s.includes('十') ? (tens === '' ? 1 : CJK_DIGITS.indexOf(tens!) + 1) * 10 : 0) + (ones ? CJK_DIGITS.indexOf(ones) + 1 : 0);
}

function readMarker(text: string, at: number): { end: number; marker: Shape['marker'] } {
  MARKER.lastIndex = at;
  const m = MARKER.exec(text);
  if (!m) return { end: at, marker: null };
  const end = MARKER.lastIndex;
  const kind = (n: string): string => (/^\d/u.test(n) ? 'arabic' : /^[IVXivx]/u.test(n) ? 'roman' : 'cjk');
  const close = (c: string): string => ({ '．': '.', '）': ')', '：': ':' })[c] ?? c;
  if (m[1] !== undefined) return { end, marker: { style: kind(m[1]) + close(m[2]!), n: numeralValue(m[1]) } };
  if (m[3] !== undefined) return { end, marker: { style: `(${kind(m[3])})`, n: numeralValue(m[3]) } };
  if (m[4] !== undefined) return { end, marker: { style: 'circled', n: m[4].charCodeAt(0) - 0x2460 + 1 } };
  return { end, marker: { style: `letter${m[6]!}`, n: m[5]!.toLowerCase().charCodeAt(0) - 96 } };
}

/** Characters that can open each decoration: a pattern is tried only where one stands. */
const MAY_MARK = /[\dIVXivx一二三四五六七八九十(（\u2460-\u2473A-Ha-h]/u;
const may = (text: string, at: number, chars: string): boolean => at < text.length && chars.includes(text[at]!);

/** Past bold markers, if any, and the spaces after them. */
function pastBold(text: string, at: number, shape: Shape): number {
  if (!may(text, at, '*_')) return at;
  const b = stick(BOLD, text, at);
  if (b < 0) return at;
  shape.bold = true;
  return spaces(text, b);
}

function pastEmoji(text: string, at: number): number {
  return at < text.length && text.charCodeAt(at) >= 0x2000 ? spaces(text, skip(EMOJI, text, at)) : at;
}

/** Where a label could start on the line beginning at `from` (after its decorations); `shape` is filled in. */
function decorations(text: string, from: number, shape: Shape): number {
  shape.hashes = 0;
  shape.hashSpace = false;
  shape.bold = false;
  shape.bracket = '';
  shape.marker = null;
  let at = spaces(text, from);
  if (may(text, at, '#')) {
    let h = at;
    while (h < text.length && h - at < 6 && text[h] === '#') h++;
    shape.hashes = h - at;
    shape.hashSpace = text[h] === ' ' || text[h] === '\t';
    at = spaces(text, h);
  }
  at = pastEmoji(text, pastBold(text, pastEmoji(text, at), shape));
  if (may(text, at, 'SsPp第')) at = spaces(text, skip(SECTION_WORD, text, at));
  if (at < text.length && MAY_MARK.test(text[at]!)) {
    const m = readMarker(text, at);
    shape.marker = m.marker;
    at = spaces(text, m.end);
  }
  if (may(text, at, '-*•·+')) at = spaces(text, skip(BULLET, text, at));
  at = pastBold(text, at, shape);
  if (may(text, at, '【〖「[')) {
    shape.bracket = text[at]!;
    at = at + 1;
  }
  return pastBold(text, at, shape);
}

/** If a label ends at `at` and is followed by a separator, a closing bracket or the line end: where its content starts; else -1. */
function afterLabel(text: string, at: number, lineEnd: number, bracketed: boolean): number {
  let i = spacesOnly(text, at);
  i = spacesOnly(text, skip(ABBREVIATION, text, i));
  const c = stick(CLOSE, text, i);
  if (c >= 0) i = spacesOnly(text, c);
  i = spacesOnly(text, skip(BOLD, text, i));
  const sep = stick(SEPARATOR, text, i);
  if (sep >= 0) return skip(BOLD, text, spacesOnly(text, sep));
  if (c >= 0 && bracketed && i < lineEnd) return i; // 【初步诊断】急性阑尾炎: the bracket is the separator
  // a heading ("## Treatment Plan"): nothing but decoration up to the end of the line
  let j = i;
  while (j < lineEnd && /[\s*#_]/u.test(text[j]!)) j++;
  return j >= lineEnd ? lineEnd : -1;
}

interface Line {
  from: number;
  lineEnd: number;
  at: number;
  shape: Shape;
}

function tryLabels(text: string, line: Line, weak: boolean, taken: Set<SectionId>): Hit | undefined {
  if (line.at >= line.lineEnd || line.at - line.from > 40 || !LABEL_FIRST_CHARS.has(text[line.at]!.toLowerCase())) return undefined;
  for (const m of LABEL_MATCHERS) {
    if (m.weak !== weak || !m.first.has(text[line.at]!.toLowerCase()) || m.ids.some((id) => taken.has(id))) continue;
    const labelEnd = stick(m.at, text, line.at);
    if (labelEnd < 0 || labelEnd > line.lineEnd) continue;
    const end = afterLabel(text, labelEnd, line.lineEnd, line.shape.bracket !== '');
    if (end >= 0) return { ids: m.ids, start: line.from, end, shape: line.shape };
  }
  return undefined;
}

/** A heading that is not a section label, as a boundary; undefined for a line that is not a heading. */
function boundaryOf(text: string, line: Line): Boundary | undefined {
  const { at, lineEnd, shape } = line;
  if (at >= lineEnd || at - line.from > 40) return undefined;
  const start = line.from;
  if (OTHER_FIRST_CHARS.has(text[at]!.toLowerCase())) {
    const end = stick(OTHER_HEADING_AT, text, at);
    if (end >= 0 && end <= lineEnd && afterLabel(text, end, lineEnd, shape.bracket !== '') >= 0) return { start, kind: 'other', shape };
  }
  if (shape.hashes > 0 && shape.hashSpace) return { start, kind: 'hash', shape };
  if (shape.bracket === '【' || shape.bracket === '〖') {
    if (text.slice(at, Math.min(lineEnd, at + 40)).indexOf(shape.bracket === '【' ? '】' : '〗') > 0) return { start, kind: 'bracket', shape };
  }
  if (shape.bold && shape.marker && lineEnd - at <= 80 && /(?:\*\*|__)[:：]?$/u.test(text.slice(at, lineEnd).trimEnd())) return { start, kind: 'numbered', shape };
  return undefined;
}

/** A line worth a second look: it may hold a weak label or be a heading. */
function candidate(text: string, line: Line): boolean {
  const { at, shape } = line;
  if (at >= line.lineEnd || at - line.from > 40) return false;
  const c = text[at]!.toLowerCase();
  return shape.hashes > 0 || shape.bracket !== '' || (shape.bold && shape.marker !== null) || LABEL_FIRST_CHARS.has(c) || OTHER_FIRST_CHARS.has(c);
}

/** Labels that start a line (the first of each section), and the headings that may end a section. */
export function headingHits(text: string): { hits: Hit[]; boundaries: Boundary[] } {
  const hits: Hit[] = [];
  const taken = new Set<SectionId>();
  const rest: Line[] = [];
  const scratch: Line = { from: 0, lineEnd: 0, at: 0, shape: { hashes: 0, hashSpace: false, bold: false, bracket: '', marker: null } };
  for (let from = 0; from <= text.length; ) {
    const nl = text.indexOf('\n', from);
    const lineEnd = nl < 0 ? text.length : nl;
    if (lineEnd > from) {
      scratch.at = decorations(text, from, scratch.shape);
      scratch.from = from;
      scratch.lineEnd = lineEnd;
      const hit = tryLabels(text, scratch, false, taken);
      if (hit) {
        hits.push({ ...hit, shape: { ...scratch.shape } });
        hit.ids.forEach((id) => taken.add(id));
      } else if (candidate(text, scratch)) rest.push({ ...scratch, shape: { ...scratch.shape } });
    }
    if (nl < 0) break;
    from = nl + 1;
  }
  // weak labels ("Plan:", "治疗：") only for sections no other label names, and only at a line start
  const boundaries: Boundary[] = [];
  for (const line of rest) {
    const hit = taken.size < 6 ? tryLabels(text, line, true, taken) : undefined;
    if (hit) {
      hits.push(hit);
      hit.ids.forEach((id) => taken.add(id));
      continue;
    }
    const b = boundaryOf(text, line);
    if (b) boundaries.push(b);
  }
  hits.sort((a, b) => a.start - b.start);
  return { hits, boundaries };
}
