/**
 * Turning the bytes of a case file into JSON values, tolerating what real files contain: a UTF-8 byte-order mark,
 * a single object, an array, JSON Lines, several pretty-printed objects one after another, the authors'
 * LaTeX-style escapes (`\#`, `\%`) and raw line breaks inside strings. Every value remembers the lines it spans
 * so that errors can point at it. A broken record never hides the records after it (see json-lines.ts and
 * json-records.ts), and text that is no record is reported apart from the records.
 */
import { describeJsonError, repairJsonText } from './json-repair.js';
import { looksLikeJsonLines, readJsonLines } from './json-lines.js';
import { readValueStream, type OutsideText } from './json-records.js';

export { describeJsonError, repairJsonText } from './json-repair.js';
export type { OutsideText } from './json-records.js';

export interface JsonChunk {
  /** 1-based line where the value starts. */
  line: number;
  /** 1-based line where it ends. */
  endLine: number;
  /** The parsed value, when it parsed. */
  value?: unknown;
  /** Why it did not parse, in plain words. */
  error?: string;
}

export interface JsonReadResult {
  chunks: JsonChunk[];
  /** Text that is no record (before the first, after the last, between two lines of JSON Lines), each with why. */
  outside: OutsideText[];
  /** How the file was laid out. */
  layout: 'object' | 'array' | 'jsonl' | 'concatenated' | 'empty';
  /** Invalid escape sequences that were read as the plain character (`\#` → `#`). */
  repairedEscapes: number;
  /** Raw control characters inside strings that were escaped. */
  repairedControls: number;
}

/** Decode bytes as UTF-8, rejecting invalid sequences, and drop a byte-order mark. */
export function decodeUtf8(bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Decode bytes as UTF-8 without giving up on a whole file for a few bad bytes: invalid sequences are read as
 * U+FFFD and the lines holding them are listed (sorted), so that only the records on those lines are refused.
 */
export function decodeUtf8Lines(bytes: Uint8Array): { text: string; badLines: number[] } {
  try {
    return { text: decodeUtf8(bytes), badLines: [] };
  } catch {
    const text = new TextDecoder('utf-8').decode(bytes);
    return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, badLines: invalidUtf8Lines(bytes) };
  }
}

/** Lines (1-based, sorted, each once) holding a byte sequence that is not UTF-8. */
function invalidUtf8Lines(b: Uint8Array): number[] {
  const bad: number[] = [];
  let line = 1;
  for (let i = 0; i < b.length; ) {
    const c = b[i]!;
    if (c < 0x80) {
      if (c === 0x0a) line++;
      i++;
      continue;
    }
    const n = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
    let ok = n > 0;
    for (let k = 1; ok && k <= n; k++) {
      // the second byte's range is narrower after E0, ED, F0 and F4 (no overlong forms, surrogates or > U+10FFFF)
      const lo = k === 1 && c === 0xe0 ? 0xa0 : k === 1 && c === 0xf0 ? 0x90 : 0x80;
      const hi = k === 1 && c === 0xed ? 0x9f : k === 1 && c === 0xf4 ? 0x8f : 0xbf;
      const d = b[i + k];
      ok = d !== undefined && d >= lo && d <= hi;
    }
    if (ok) {
      i += n + 1;
      continue;
    }
    if (bad.at(-1) !== line) bad.push(line);
    i++;
  }
  return bad;
}

/**
 * The whole text as one value, when it is one: strictly, else after repair. Text that fails for another reason
 * (several values one after another, a broken record) is not repaired as a whole: it is read record by record.
 */
function parseWhole(text: string): { value: unknown; escapes: number; controls: number } | undefined {
  try {
    return { value: JSON.parse(text) as unknown, escapes: 0, controls: 0 };
  } catch (err) {
    // only what repair mends (an invalid escape, a raw control character) is worth repairing the whole text for
    if (!/Bad (escaped|control) character|Bad Unicode escape/.test(err instanceof Error ? err.message : '')) return undefined;
  }
  const repaired = repairJsonText(text);
  try {
    return { value: JSON.parse(repaired.text) as unknown, escapes: repaired.escapes, controls: repaired.controls };
  } catch {
    return undefined;
  }
}

/** Read the JSON values of a decoded file (see module comment). Never throws. */
export function readJsonValues(text: string): JsonReadResult {
  const first = text.search(/\S/);
  if (first < 0) return { chunks: [], outside: [], layout: 'empty', repairedEscapes: 0, repairedControls: 0 };

  if (looksLikeJsonLines(text)) {
    const read = readJsonLines(text);
    return { chunks: read.records, outside: read.outside, layout: 'jsonl', repairedEscapes: read.escapes, repairedControls: read.controls };
  }

  const whole = parseWhole(text);
  if (whole) {
    const base = { outside: [], repairedEscapes: whole.escapes, repairedControls: whole.controls };
    if (Array.isArray(whole.value)) {
      const spans = elementLines(text);
      const fallback = { line: lineOf(text, first), endLine: lineOf(text, text.length) };
      return { chunks: whole.value.map((v: unknown, i) => ({ ...(spans[i] ?? fallback), value: v })), layout: 'array', ...base };
    }
    return { chunks: [{ line: lineOf(text, first), endLine: lineOf(text, text.trimEnd().length - 1), value: whole.value }], layout: 'object', ...base };
  }

  const array = text[first] === '[';
  const read = readValueStream(text, first, array ? 'array' : 'objects');
  const layout = array ? 'array' : read.records.length === 1 && read.outside.length === 0 ? 'object' : 'concatenated';
  return { chunks: read.records, outside: read.outside, layout, repairedEscapes: read.escapes, repairedControls: read.controls };
}

function lineOf(text: string, offset: number): number {
  if (offset < 0) return 1;
  return 1 + (text.slice(0, offset).match(/\n/g)?.length ?? 0);
}

/** First and last lines of the elements of a top-level array (text as written, known to parse after repair). */
function elementLines(text: string): { line: number; endLine: number }[] {
  const spans: { line: number; endLine: number }[] = [];
  let depth = 0;
  let inString = false;
  let line = 1;
  let open: { line: number; endLine: number } | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) line++;
    if (inString) {
      if (c === 0x5c) {
        if (text.charCodeAt(i + 1) === 0x0a) line++;
        i++;
      } else if (c === 0x22) {
        inString = false;
        if (open) open.endLine = line;
      }
      continue;
    }
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    if (depth === 1) {
      if (c === 0x2c) {
        open = undefined; // `,` between elements
        continue;
      }
      if (!open && c !== 0x5d) {
        open = { line, endLine: line };
        spans.push(open);
      }
    }
    if (open) open.endLine = line;
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return spans;
}

/** Minimal structural view of a zod schema's safeParse, so this module needs no zod import. */
interface SafeParser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** Parse a small JSON data file against a schema; errors name the file and the field of the first problem. */
export function parseJsonFile<T>(text: string, file: string, schema: SafeParser<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new Error(`${file}: ${describeJsonError(err, text, 1)}`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const iss = parsed.error.issues[0]!;
    throw new Error(`${file}: \`${iss.path.map(String).join('.')}\` ${iss.message}`);
  }
  return parsed.data;
}
