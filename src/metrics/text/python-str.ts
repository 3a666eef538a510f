/**
 * Python's notion of whitespace, for the `authors` text profile: the reference libraries split and strip with
 * Python's `str.split()`, `str.strip()` and `str.rstrip()` (no argument), whose whitespace is the set of
 * `str.isspace()` — 29 code points. JavaScript's `\s` differs (it includes U+FEFF and leaves out U+001C–U+001F
 * and U+0085), so the set is spelt out here.
 */

/** The code points for which Python's `str.isspace()` is true. */
export const PY_WHITESPACE = '\t\n\u000b\u000c\r\u001c\u001d\u001e\u001f \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000';

const SPACE = new Set([...PY_WHITESPACE].map((c) => c.charCodeAt(0)));

/** True for a UTF-16 code unit Python counts as whitespace (all 29 are in the BMP). */
export function isPySpace(code: number): boolean {
  return code === 0x20 || (code < 0x3001 && SPACE.has(code));
}

/** Python's `s.split()`: the runs of non-whitespace, in order (no empty strings). */
export function pySplit(s: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i < s.length; i++) {
    if (isPySpace(s.charCodeAt(i))) {
      if (start >= 0) out.push(s.slice(start, i));
      start = -1;
    } else if (start < 0) start = i;
  }
  if (start >= 0) out.push(s.slice(start));
  return out;
}

/** Python's `s.rstrip()`. */
export function pyRstrip(s: string): string {
  let end = s.length;
  while (end > 0 && isPySpace(s.charCodeAt(end - 1))) end--;
  return s.slice(0, end);
}

/** Python's `s.strip()`. */
export function pyStrip(s: string): string {
  let start = 0;
  while (start < s.length && isPySpace(s.charCodeAt(start))) start++;
  return pyRstrip(s.slice(start));
}
