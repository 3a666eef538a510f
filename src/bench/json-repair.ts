/**
 * Parsing one piece of JSON text the way the authors' files need: strictly first, and when that fails, again
 * after repairing what a human would not call an error (the LaTeX-style escapes `\#`, `\%`, raw line breaks
 * inside strings). Errors say where, as line and column of the file the text came from.
 */

const VALID_ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u']);

/**
 * Make JSON text acceptable to a strict parser without changing what a human would read: drop the backslash of
 * an invalid escape and escape raw control characters inside strings. Text outside strings is left alone.
 * With `stopAt`, stop once that much output is written and also say how far into `text` that was (to map a
 * position in the repaired text back to the original).
 */
function repair(text: string, stopAt = Infinity): { text: string; escapes: number; controls: number; consumed: number } {
  // unchanged runs are copied as slices: most of the text is, and building it character by character is slow
  const parts: string[] = [];
  let run = 0; // start of the unchanged run
  let written = 0; // length of what `parts` holds
  let inString = false;
  let escapes = 0;
  let controls = 0;
  const replace = (at: number, skip: number, by: string): void => {
    parts.push(text.slice(run, at), by);
    written += at - run + by.length;
    run = at + skip;
  };
  let i = 0;
  for (; i < text.length && written + (i - run) < stopAt; i++) {
    const c = text.charCodeAt(i);
    if (!inString) {
      if (c === 0x22) inString = true;
      continue;
    }
    if (c === 0x5c) {
      const next = text[i + 1];
      if (next === undefined) continue;
      if (next === 'u' && !/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
        escapes++;
        replace(i, 2, 'u');
        i++;
        continue;
      }
      if (VALID_ESCAPES.has(next)) {
        i++;
        continue;
      }
      escapes++;
      replace(i, 1, ''); // drop the backslash, keep the character
      continue;
    }
    if (c === 0x22) {
      inString = false;
      continue;
    }
    if (c < 0x20) {
      controls++;
      replace(i, 1, c === 0x0a ? '\\n' : c === 0x0d ? '\\r' : c === 0x09 ? '\\t' : `\\u${c.toString(16).padStart(4, '0')}`);
    }
  }
  if (stopAt !== Infinity) return { text: '', escapes, controls, consumed: i };
  parts.push(text.slice(run));
  return { text: parts.join(''), escapes, controls, consumed: i };
}

/** See `repair`: the repaired text and how many escapes and control characters were repaired. */
export function repairJsonText(text: string): { text: string; escapes: number; controls: number } {
  const { text: out, escapes, controls } = repair(text);
  return { text: out, escapes, controls };
}

/** Turn a JSON.parse error into "not valid JSON at line L, column C: <what>", L counted from `firstLine`. */
export function describeJsonError(err: unknown, text: string, firstLine: number, toOriginal: (offset: number) => number = (o) => o): string {
  const message = err instanceof Error ? err.message : String(err);
  const pos = /position (\d+)/.exec(message);
  const what = message.replace(/\s*in JSON at position \d+.*$/s, '').replace(/\s*\(line \d+ column \d+\)$/, '');
  const atEnd = /end of JSON input/.test(message);
  if (pos || atEnd) {
    const offset = pos ? toOriginal(Number(pos[1])) : text.trimEnd().length;
    const before = text.slice(0, offset);
    const line = firstLine + (before.match(/\n/g)?.length ?? 0);
    const column = offset - before.lastIndexOf('\n');
    return `not valid JSON at line ${line}, column ${column}: ${what}`;
  }
  return `not valid JSON: ${what}`;
}

export interface ParsedJson {
  /** The value, when the text parsed (strictly or after repair). */
  value?: unknown;
  /** Why it did not parse, with line and column in the file. */
  error?: string;
  escapes: number;
  controls: number;
}

/**
 * Parse JSON text that starts at line `firstLine` of its file. Text a strict parser takes as it is needs no
 * repair: that is tried first (the usual case, and far cheaper than walking every character).
 */
export function parseJsonText(text: string, firstLine: number): ParsedJson {
  try {
    return { value: JSON.parse(text) as unknown, escapes: 0, controls: 0 };
  } catch {
    // repaired below
  }
  const repaired = repair(text);
  try {
    return { value: JSON.parse(repaired.text) as unknown, escapes: repaired.escapes, controls: repaired.controls };
  } catch (err) {
    // the position is in the repaired text; the message gives it in the file as written
    const error = describeJsonError(err, text, firstLine, (offset) => repair(text, offset).consumed);
    return { error, escapes: repaired.escapes, controls: repaired.controls };
  }
}
