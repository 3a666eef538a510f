/**
 * Finding a JSON answer inside what a model wrote: a fenced block (```json … ```, or a plain fence holding JSON),
 * or bare JSON — the whole answer, or an object or array that starts a line after some words of preamble.
 * Only objects and arrays count. A near miss that models often write (a trailing comma, single quotes) is
 * repaired before giving up. Linear time: fences are found with indexOf, and each candidate is parsed once.
 */

export interface JsonAnswer {
  value: Record<string, unknown> | unknown[];
  /** `fenced`: inside a code fence; `bare`: the answer (or the part from a line starting with { or [) is JSON. */
  form: 'fenced' | 'bare';
}

/** Answers longer than this are not tried as JSON (no reader needs that much of one). */
const MAX_JSON = 1 << 20;

function isContainer(v: unknown): v is Record<string, unknown> | unknown[] {
  return typeof v === 'object' && v !== null;
}

function tryParse(text: string): Record<string, unknown> | unknown[] | undefined {
  const t = text.trim();
  if (t === '' || (t[0] !== '{' && t[0] !== '[')) return undefined;
  for (const candidate of [t, t.replace(/,(\s*[}\]])/g, '$1'), t.includes('"') ? undefined : t.replace(/'/g, '"')]) {
    if (candidate === undefined) continue;
    try {
      const v: unknown = JSON.parse(candidate);
      if (isContainer(v)) return v;
    } catch {
      // try the next repair
    }
  }
  return undefined;
}

/** Code fences of the text: the info string after the opening ``` and the content up to the closing one. */
function fences(text: string): { info: string; body: string }[] {
  const out: { info: string; body: string }[] = [];
  for (let at = text.indexOf('```'); at >= 0 && out.length < 8; ) {
    const lineEnd = text.indexOf('\n', at + 3);
    if (lineEnd < 0) break;
    const close = text.indexOf('```', lineEnd + 1);
    const end = close < 0 ? text.length : close; // a fence left open by a cut-off answer still holds its JSON
    out.push({ info: text.slice(at + 3, lineEnd).trim().toLowerCase(), body: text.slice(lineEnd + 1, end) });
    if (close < 0) break;
    at = text.indexOf('```', close + 3);
  }
  return out;
}

/** The JSON object or array a model answered with, if it answered with one. */
export function findJson(text: string): JsonAnswer | undefined {
  const src = String(text ?? '');
  if (src.length > MAX_JSON || !/[{[]/.test(src)) return undefined;
  for (const f of fences(src)) {
    if (f.info !== '' && f.info !== 'json' && f.info !== 'json5' && f.info !== 'javascript') continue;
    const v = tryParse(f.body);
    if (v) return { value: v, form: 'fenced' };
  }
  const whole = tryParse(src);
  if (whole) return { value: whole, form: 'bare' };
  // a preamble line before the JSON ("Here is the answer:"), and perhaps a closing line after it
  const start = /(?:^|\n)[ \t]*([{[])/.exec(src);
  if (!start) return undefined;
  const from = start.index + start[0].length - 1;
  const last = Math.max(src.lastIndexOf('}'), src.lastIndexOf(']'));
  if (last <= from) return undefined;
  const v = tryParse(src.slice(from, last + 1));
  return v ? { value: v, form: 'bare' } : undefined;
}

/** A JSON value as text: strings as they are, numbers and booleans written out, lists one item per line. */
export function jsonText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(jsonText).filter((s) => s.trim() !== '').join('\n');
  if (typeof v === 'object') return Object.values(v as Record<string, unknown>).map(jsonText).filter((s) => s.trim() !== '').join(': ');
  return '';
}
