/**
 * Finding the records of an array, or of objects one after another, in a file that does not parse as a whole,
 * so that one broken record never hides the ones after it (JSON Lines: json-lines.ts).
 *
 * Each record is read from where it starts to where its braces close, strings taken into account. When it is
 * malformed, reading resynchronises at the next place a record starts: the next line that begins with `{` at
 * the indentation the records have, or, when the records do not start lines (everything on one line), the next
 * `{` followed by the key the records start with (`{"id":`). Everything from the broken record's start to there
 * is reported as that record, with its line range. Text after the last record is reported as trailing text,
 * not counted as a record.
 *
 * Linear in the length of the file: each character is scanned a bounded number of times (see SCAN_BUDGET).
 */
import { parseJsonText, type ParsedJson } from './json-repair.js';

/** One record: the value when it parsed, or why not; always the lines it spans. */
export interface RecordText {
  line: number;
  endLine: number;
  value?: unknown;
  error?: string;
}

/** Text that is no record: before the first one, between two (JSON Lines), or after the last. */
export interface OutsideText {
  line: number;
  endLine: number;
  message: string;
}

export interface RecordsRead {
  records: RecordText[];
  outside: OutsideText[];
  escapes: number;
  controls: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Offsets where each line starts, and the line of an offset (1-based). */
class Lines {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  at(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }
  /** "line 12", or "line 1, column 3080" when `offset` is on the same line as `from` (records sharing a line). */
  where(offset: number, from: number): string {
    const line = this.at(offset);
    return line === this.at(from) ? `line ${line}, column ${offset - this.starts[line - 1]! + 1}` : `line ${line}`;
  }
}

/** A short, quoted look at some text for a message. */
function preview(text: string): string {
  const flat = text.trim().replace(/\s+/g, ' ');
  return JSON.stringify(flat.length > 40 ? `${flat.slice(0, 40)}…` : flat);
}

export function outsideMessage(where: 'before' | 'between' | 'after', text: string): string {
  const what = where === 'before' ? 'text before the first record' : where === 'between' ? 'text between records' : 'trailing text after the last record';
  return `${what}, not read as a record: ${preview(text)}`;
}

// ── arrays and objects one after another ──────────────────────────────────────────────────────────────────

/**
 * Offsets where a record may start (sorted), used to resynchronise after a broken record and to notice a record
 * that runs into the next one. `cutAlways`: the layout is such that a well-formed record never holds such a
 * place (each record on one line, or the lines inside records indented deeper than the records), so a record
 * still open there is broken; otherwise a record may run over one, and is only broken if it then fails to parse.
 */
function recordStarts(text: string, first: number): { starts: number[]; cutAlways: boolean } {
  if (first < 0) return { starts: [], cutAlways: false };
  const lineStart = text.lastIndexOf('\n', first - 1) + 1;
  const indent = text.slice(lineStart, first);
  if (/^[ \t]*$/.test(indent)) {
    const starts: number[] = [];
    const re = /^([ \t]*)\{/gm;
    for (let m = re.exec(text); m; m = re.exec(text)) if (m[1] === indent) starts.push(m.index + indent.length);
    if (starts.length >= 2) {
      const eol = text.indexOf('\n', first);
      const firstLine = text.slice(first, eol < 0 ? text.length : eol).trimEnd();
      const nextLine = /\n([ \t]*)\S/.exec(text.slice(eol, eol + 400));
      const oneLine = /\},?$/.test(firstLine);
      const deeper = nextLine !== null && nextLine[1]!.length > indent.length;
      return { starts, cutAlways: oneLine || deeper };
    }
  }
  const key = firstKey(text, first);
  if (key === undefined) return { starts: [], cutAlways: false };
  const starts: number[] = [];
  const re = new RegExp(`\\{\\s*"${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\s*:`, 'g');
  for (let m = re.exec(text); m; m = re.exec(text)) starts.push(m.index);
  return { starts, cutAlways: false };
}

/**
 * The key records start with, as written: the first record's first key, else (its start is damaged) the key
 * most often first in an object that follows a separator or another object (`,{"id":`, `}{"id":`).
 */
function firstKey(text: string, first: number): string | undefined {
  const own = /^\{\s*"((?:[^"\\\n]|\\.){1,80})"\s*:/.exec(text.slice(first, first + 200));
  if (own) return own[1];
  const counts = new Map<string, number>();
  const re = /[,[{}]\s*\{\s*"((?:[^"\\\n]|\\.){1,80})"\s*:/g;
  for (let m = re.exec(text), n = 0; m && n < 1000; m = re.exec(text), n++) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

interface Scan {
  /** Where the value closed (offset after it), else where the scan stopped. */
  end: number;
  closed: boolean;
  /** A record start the value ran into and was cut at: it is broken, and the next record starts there. */
  cutAt?: number;
  /** The first record start a value ran over (it may still be whole: see recordStarts). */
  crossed?: number;
  /** A bracket that closes something the value did not open (an array's `]` after a record cut short). */
  stray?: number;
}

/**
 * Scanning on past record starts (to see whether a record that ran over one is still whole) costs at most this
 * many times the text's length in all; after that, a record still open at the next record start is cut there.
 */
const SCAN_BUDGET = 4;

function skipSeparators(text: string, from: number): number {
  let i = from;
  while (i < text.length && /[\s,]/.test(text[i]!)) i++;
  return i;
}

/** Back from `end` over whitespace and separators: the offset after a record's last character. */
function trimEnd(text: string, start: number, end: number): number {
  let i = end;
  while (i > start + 1 && /[\s,]/.test(text[i - 1]!)) i--;
  return i;
}

/** Where the records of an array end: its closing `]` after `from` (the last one in the text), else the end. */
function arrayEnd(text: string, from: number): number {
  const last = text.lastIndexOf(']');
  return last >= from ? last : text.length;
}

/**
 * Where the text ends the way records end: the offset of its last `}` (followed, in an array, by the `]`), or
 * -1. A bracket before that which seemed to end a record was a stray byte, since more of a record follows it.
 */
function recordsEndAt(text: string, kind: 'array' | 'objects'): number {
  let i = text.length - 1;
  const back = (): void => {
    while (i >= 0 && /\s/.test(text[i]!)) i--;
  };
  back();
  if (kind === 'array') {
    if (text[i] !== ']') return -1;
    i--;
    back();
  }
  return text[i] === '}' ? i : -1;
}

/** Read the elements of an array (`kind` array, text[from] is `[`) or objects one after another (see module comment). */
export function readValueStream(text: string, from: number, kind: 'array' | 'objects'): RecordsRead {
  const out: RecordsRead = { records: [], outside: [], escapes: 0, controls: 0 };
  const lines = new Lines(text);
  let pos = kind === 'array' ? from + 1 : from;
  const { starts, cutAlways } = recordStarts(text, text.indexOf('{', skipSeparators(text, pos)));
  let budget = SCAN_BUDGET * text.length;
  const endAt = recordsEndAt(text, kind);
  /** Whether more of a record follows a bracket at `at` that seemed to end one. */
  const moreFollows = (at: number): boolean => at < endAt;
  /** The first record start at or after `at`. */
  const nextStart = (at: number): number | undefined => {
    if (starts.length === 0) {
      const brace = /[{[]/g;
      brace.lastIndex = at;
      return brace.exec(text)?.index;
    }
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! < at) lo = mid + 1;
      else hi = mid;
    }
    return starts[lo];
  };

  const scan = (start: number): Scan => {
    let depth = 0;
    let inString = false;
    let crossed: number | undefined;
    // without known record starts (no common first key), a record is read to where its braces close
    let next = starts.length > 0 ? (nextStart(start + 1) ?? Infinity) : Infinity;
    const closer = text.charCodeAt(start) === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
    for (let i = start; i < text.length; i++) {
      if (i >= next) {
        if (inString || cutAlways || budget <= 0) return { end: i, closed: false, cutAt: next };
        crossed ??= next;
        next = nextStart(i + 1) ?? Infinity;
      }
      if (crossed !== undefined) budget--;
      const c = text.charCodeAt(i);
      if (inString) {
        if (c === BACKSLASH) i++;
        else if (c === QUOTE) inString = false;
        continue;
      }
      if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) {
        if (c !== closer) return { end: i, closed: false, stray: i, ...(crossed !== undefined ? { crossed } : {}) };
        return { end: i + 1, closed: true, ...(crossed !== undefined ? { crossed } : {}) };
      }
    }
    return { end: text.length, closed: false, ...(crossed !== undefined ? { crossed } : {}) };
  };

  const pushOutside = (start: number, end: number, where: 'before' | 'between' | 'after'): void => {
    const e = trimEnd(text, start, end);
    out.outside.push({ line: lines.at(start), endLine: lines.at(e - 1), message: outsideMessage(where, text.slice(start, e)) });
  };
  /** Parse text[start, end) as one record; when it is broken, say where reading goes on (or that it never closed). */
  const pushRecord = (start: number, end: number, resume: number | undefined, neverClosed = false, known?: ParsedJson): void => {
    const e = trimEnd(text, start, end);
    const line = lines.at(start);
    const parsed = known ?? parseJsonText(text.slice(start, e), line);
    out.escapes += parsed.escapes;
    out.controls += parsed.controls;
    const endLine = lines.at(e - 1);
    if (parsed.error === undefined) {
      out.records.push({ line, endLine, value: parsed.value });
      return;
    }
    const then = resume !== undefined ? `; skipped, reading goes on at ${lines.where(resume, start)}` : neverClosed ? '; the record is never closed (missing "}"? is the file cut short?)' : '';
    out.records.push({ line, endLine, error: `${parsed.error}${then}` });
  };

  let closedArray = kind !== 'array';
  let ranToEnd = false;
  while (true) {
    pos = skipSeparators(text, pos);
    if (pos >= text.length) break;
    const c = text.charCodeAt(pos);
    if (kind === 'array' && c === CLOSE_BRACKET) {
      closedArray = true;
      const after = skipSeparators(text, pos + 1);
      if (after < text.length) pushOutside(after, text.length, 'after');
      break;
    }
    if (c !== OPEN_BRACE && c !== OPEN_BRACKET) {
      if (kind === 'objects') {
        const next = nextStart(pos + 1);
        pushOutside(pos, next ?? text.length, out.records.length === 0 ? 'before' : next === undefined ? 'after' : 'between');
        if (next === undefined) break;
        pos = next;
      } else {
        // a string, number or literal element of an array: up to the next separator
        const m = /"(?:[^"\\]|\\.)*"|[^,\]\s]+/y;
        m.lastIndex = pos;
        const end = m.exec(text) ? m.lastIndex : pos + 1;
        pushRecord(pos, end, undefined);
        pos = end;
      }
      continue;
    }
    const s = scan(pos);
    const closed = s.closed ? parseJsonText(text.slice(pos, s.end), lines.at(pos)) : undefined;
    const whole = closed !== undefined && closed.error === undefined;
    if (closed && (s.crossed === undefined || whole)) {
      const after = skipSeparators(text, s.end);
      const c2 = text[after];
      // what follows is the end, or the next record: a record start, or after a whole record any `{`
      const arrayEnds = kind === 'array' && c2 === ']' && !moreFollows(after);
      if (after >= text.length || arrayEnds || nextStart(after) === after || ((whole || starts.length === 0) && (c2 === '{' || c2 === '['))) {
        pushRecord(pos, s.end, after < text.length && c2 !== ']' ? after : undefined, false, closed);
        pos = after;
        continue;
      }
      const next = nextStart(s.end);
      if (whole && next === undefined && kind === 'objects' && !moreFollows(after)) {
        // the last record is whole, and what follows it does not end like one: trailing text
        pushRecord(pos, s.end, undefined, false, closed);
        pushOutside(after, text.length, 'after');
        break;
      }
      // text right after the record's closing brace, before the next record: its braces did not pair up
      const slotEnd = next ?? (kind === 'array' ? arrayEnd(text, s.end) : text.length);
      pushRecord(pos, slotEnd, next);
      pos = slotEnd;
      continue;
    }
    if (s.stray !== undefined && s.crossed === undefined) {
      // a bracket closing what the record did not open: the array's end after a record cut short, or a stray
      // byte inside the record, when more of it follows (up to the next record, or the array's last `]`)
      const next = nextStart(s.stray);
      const more = moreFollows(s.stray);
      const end = next ?? (!more ? s.stray : kind === 'array' ? arrayEnd(text, s.stray + 1) : text.length);
      pushRecord(pos, end, next, next === undefined && !more);
      pos = end;
      continue;
    }
    const resume = s.cutAt ?? s.crossed;
    const end = resume ?? (kind === 'array' ? arrayEnd(text, s.end) : text.length);
    ranToEnd = end >= text.length;
    pushRecord(pos, end, resume, resume === undefined);
    pos = end;
  }
  if (!closedArray && !ranToEnd) {
    const last = lines.at(text.length - 1);
    out.outside.push({ line: last, endLine: last, message: 'the array is not closed with "]" (is the file cut short?)' });
  }
  if (out.records.length === 0 && out.outside.length > 0) {
    // not a single record: the file is simply not JSON
    const parsed = parseJsonText(text, 1);
    return { records: [{ line: 1, endLine: lines.at(text.length - 1), error: parsed.error ?? 'not valid JSON' }], outside: [], escapes: 0, controls: 0 };
  }
  return out;
}
