/**
 * Small text helpers shared by the loader, the taxonomies and the parsers.
 * Everything here is pure and language-neutral.
 */

/** Full-width forms to ASCII (NFKC), unify dashes and whitespace. Keeps CJK characters as they are. */
export function toHalfWidth(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u00a0\u3000]/g, ' ');
}

/** A comparison key: half-width, lower case, punctuation and whitespace removed. */
export function foldKey(text: string): string {
  return toHalfWidth(text)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[\s\p{P}\p{S}]+/gu, '');
}

/** True when the string contains at least one CJK ideograph. */
export function hasCjk(text: string): boolean {
  return /\p{Script=Han}/u.test(text);
}

/** Share of letters that are CJK ideographs, 0..1 (0 for text without letters). */
export function cjkShare(text: string): number {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return 0;
  // Han letters among all letters (radicals and 〇 are Han but not letters: they do not count)
  return (text.match(/(?=\p{L})\p{Script=Han}/gu)?.length ?? 0) / letters;
}

const SENTINELS = new Set(
  [
    'not available',
    'none',
    'none at the moment',
    'n/a',
    'na',
    'nil',
    'null',
    'unknown',
    'not applicable',
    'not performed',
    'not done',
    '-',
    '--',
    '/',
    '暂无',
    '无',
    '未做',
    '未查',
    '不详',
    '暂缺',
    '无此项',
  ].map((s) => sentinelKey(s)),
);

function sentinelKey(text: string): string {
  return toHalfWidth(text)
    .toLowerCase()
    .trim()
    .replace(/[\s.。;；,，!！]+$/u, '')
    .trim();
}

/** True for the placeholders the authors' files use for "no data" ("Not available.", "暂无。", "None at the moment."). */
export function isSentinel(text: string | null | undefined): boolean {
  if (text == null) return true;
  // every placeholder is short: a long text is never one (and is not worth normalising to find out)
  if (text.length > 64 && text.trim().length > 64) return false;
  const key = sentinelKey(text);
  return key === '' || SENTINELS.has(key);
}

/** Trim, and turn a sentinel into the empty string. */
export function valueOrEmpty(text: string | null | undefined): string {
  if (text == null) return '';
  return isSentinel(text) ? '' : text.trim();
}

/** `plain_magnetic_resonance_imaging_scan+contrast_x` → `Plain magnetic resonance imaging scan + contrast x`. */
export function humaniseKey(key: string): string {
  const parts = key
    .split('+')
    .map((p) => p.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim())
    .filter((p) => p.length > 0);
  const joined = parts.join(' + ');
  return joined.length > 0 ? joined.charAt(0).toUpperCase() + joined.slice(1) : key;
}

/** Collapse runs of spaces/tabs inside lines and trim each line; keep line breaks. */
export function tidy(text: string): string {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Escape a string for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
