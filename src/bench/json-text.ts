/**
 * Turning the bytes of a case file into JSON values, tolerating what real files contain: a UTF-8 byte-order mark,
 * a single object, an array, JSON Lines, several pretty-printed objects one after another, the authors'
 * LaTeX-style escapes (`\#`, `\%`) and raw line breaks inside strings. Every value remembers the line it
 * starts on so that errors can point at it.
 */

export interface JsonChunk {
  /** 1-based line where the value starts. */
  line: number;
  /** The parsed value, when it parsed. */
  value?: unknown;
  /** Why it did not parse, in plain words. */
  error?: string;
}

export interface JsonReadResult {
  chunks: JsonChunk[];
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

const VALID_ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u']);

/**
 * Make JSON text acceptable to a strict parser without changing what a human would read: drop the backslash of
 * an invalid escape and escape raw control characters inside strings. Text outside strings is left alone.
 */
export function repairJsonText(text: string): { text: string; escapes: number; controls: number } {
  let out = '';
  let inString = false;
  let escapes = 0;
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (!inString) {
      if (c === '"') inString = true;
      out += c;
      continue;
    }
    if (c === '\\') {
      const next = text[i + 1];
      if (next === undefined) {
        out += c;
        continue;
      }
      if (next === 'u' && !/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
        escapes++;
        out += 'u';
        i++;
        continue;
      }
      if (VALID_ESCAPES.has(next)) {
        out += c + next;
        i++;
        continue;
      }
      escapes++;
      continue; // drop the backslash, keep the character on the next iteration
    }
    if (c === '"') {
      inString = false;
      out += c;
      continue;
    }
    const code = c.charCodeAt(0);
    if (code < 0x20) {
      controls++;
      out += c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : `\\u${code.toString(16).padStart(4, '0')}`;
      continue;
    }
    out += c;
  }
  return { text: out, escapes, controls };
}

/**
 * Text a strict parser takes as it is needs no repair: try that first (the usual case, and far cheaper on large
 * files than walking every character), and repair only when it fails. `value` holds what the parser gave.
 */
function repairedIfNeeded(text: string): ReturnType<typeof repairJsonText> & { value?: { parsed: unknown } } {
  try {
    return { text, escapes: 0, controls: 0, value: { parsed: JSON.parse(text) as unknown } };
  } catch {
    return repairJsonText(text);
  }
}

/** Read the JSON values of a decoded file (see module comment). Never throws. */
export function readJsonValues(text: string): JsonReadResult {
  const trimmed = text.trim();
  if (trimmed === '') return { chunks: [], layout: 'empty', repairedEscapes: 0, repairedControls: 0 };

  if (looksLikeJsonLines(text)) {
    let escapes = 0;
    let controls = 0;
    const chunks: JsonChunk[] = [];
    text.split('\n').forEach((raw, idx) => {
      if (raw.trim() === '') return;
      const repaired = repairedIfNeeded(raw.replace(/\r$/, ''));
      escapes += repaired.escapes;
      controls += repaired.controls;
      chunks.push(repaired.value ? { line: idx + 1, value: repaired.value.parsed } : parseChunk(repaired.text, idx + 1));
    });
    return { chunks, layout: 'jsonl', repairedEscapes: escapes, repairedControls: controls };
  }

  const repaired = repairedIfNeeded(text);
  try {
    const value: unknown = repaired.value !== undefined ? repaired.value.parsed : JSON.parse(repaired.text);
    const firstLine = lineOf(text, text.search(/\S/));
    if (Array.isArray(value)) {
      const lines = elementLines(repaired.text);
      return {
        chunks: value.map((v, i) => ({ line: lines[i] ?? firstLine, value: v })),
        layout: 'array',
        repairedEscapes: repaired.escapes,
        repairedControls: repaired.controls,
      };
    }
    return { chunks: [{ line: firstLine, value }], layout: 'object', repairedEscapes: repaired.escapes, repairedControls: repaired.controls };
  } catch (err) {
    const pieces = splitTopLevel(repaired.text);
    if (pieces.length > 1) {
      return {
        chunks: pieces.map((p) => (p.error ? { line: p.line, error: p.error } : parseChunk(p.text, p.line))),
        layout: 'concatenated',
        repairedEscapes: repaired.escapes,
        repairedControls: repaired.controls,
      };
    }
    return {
      chunks: [{ line: 1, error: describeJsonError(err, repaired.text, 1) }],
      layout: 'object',
      repairedEscapes: repaired.escapes,
      repairedControls: repaired.controls,
    };
  }
}

function looksLikeJsonLines(text: string): boolean {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  return lines.length >= 2 && lines.every((l) => l.startsWith('{') && l.endsWith('}'));
}

function parseChunk(text: string, line: number): JsonChunk {
  try {
    return { line, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { line, error: describeJsonError(err, text, line) };
  }
}

/** Turn a JSON.parse error into "line L, column C: <what>" relative to the file. */
export function describeJsonError(err: unknown, text: string, firstLine: number): string {
  const message = err instanceof Error ? err.message : String(err);
  const pos = /position (\d+)/.exec(message);
  const what = message.replace(/\s*in JSON at position \d+.*$/s, '').replace(/\s*\(line \d+ column \d+\)$/, '');
  if (pos) {
    const offset = Number(pos[1]);
    const before = text.slice(0, offset);
    const line = firstLine + (before.match(/\n/g)?.length ?? 0);
    const column = offset - before.lastIndexOf('\n');
    return `not valid JSON at line ${line}, column ${column}: ${what}`;
  }
  return `not valid JSON: ${what}`;
}

function lineOf(text: string, offset: number): number {
  if (offset < 0) return 1;
  return 1 + (text.slice(0, offset).match(/\n/g)?.length ?? 0);
}

/**
 * The characters of JSON text that lie outside strings (an opening quote is reported, the string's content is
 * not), each with its offset and line. Text must have no raw line breaks inside strings (see repairJsonText).
 */
function* outsideStrings(text: string): Generator<{ c: string; i: number; line: number }> {
  let inString = false;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    yield { c, i, line };
  }
}

/** Start lines of the elements of a top-level array (text already repaired, known to parse). */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  let depth = 0;
  let expectValue = false;
  for (const { c, line } of outsideStrings(text)) {
    if (depth === 1 && expectValue && !/\s/.test(c) && c !== ']') {
      lines.push(line);
      expectValue = false;
    }
    if (c === '{' || c === '[') {
      depth++;
      if (depth === 1) expectValue = true;
    } else if (c === '}' || c === ']') depth--;
    else if (c === ',' && depth === 1) expectValue = true;
  }
  return lines;
}

interface Piece {
  text: string;
  line: number;
  error?: string;
}

/** Split text holding several top-level values (`{…}{…}` or `{…}\n{…}`) into pieces. */
function splitTopLevel(text: string): Piece[] {
  const pieces: Piece[] = [];
  let depth = 0;
  let start = -1;
  let startLine = 1;
  let junkLine = 0; // one error per line of stray text, not one per character
  for (const { c, i, line } of outsideStrings(text)) {
    if (depth === 0 && !/[\s,{[]/.test(c)) {
      if (junkLine !== line) pieces.push({ text: '', line, error: `not valid JSON at line ${line}: unexpected text between records` });
      junkLine = line;
      continue;
    }
    if (c === '{' || c === '[') {
      if (depth === 0) {
        start = i;
        startLine = line;
      }
      depth++;
    } else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) {
        pieces.push({ text: text.slice(start, i + 1), line: startLine });
        start = -1;
      }
    }
  }
  if (depth > 0 && start >= 0) {
    pieces.push({ text: '', line: startLine, error: `not valid JSON: the record starting at line ${startLine} is never closed (missing "}"?)` });
  }
  return pieces;
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
