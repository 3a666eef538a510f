/**
 * BLEU of the `authors` text profile: what sacrebleu 2.4.2 gives for `sentence_bleu(hypothesis, [reference])`
 * with its defaults (`exp` smoothing, effective order, case kept) — tokenizer `13a` for English, `zh` for Chinese.
 * The arithmetic is bleu.ts's (it is sacrebleu's); what this file adds is sacrebleu's tokens, rule for rule:
 *
 * Both: the segment is first right-stripped of (Python) whitespace.
 *
 * `13a` (mteval-v13a):
 *   1. `<skipped>` is deleted, `-` + newline is deleted (a hyphenated line break joins), other newlines become
 *      spaces; if the text has an `&`, the entities `&quot;` `&amp;` `&lt;` `&gt;` are decoded, in that order;
 *   2. then the common rules below on ` text `.
 * `zh`:
 *   1. the text is stripped; every character of the ranges below gets a space on each side;
 *   2. then the common rules.
 * Common rules (regular expressions applied one after another, each left to right without overlap):
 *   a. a space on each side of every ASCII symbol `{|}~ [\]^_` space !"#$%& ()*+ :;<=>?@ /` — every ASCII
 *      punctuation mark except `'`, `,`, `-` and `.`;
 *   b. `x.` / `x,` → `x . ` / `x , ` where x is not a digit;
 *   c. `.x` / `,x` → ` . x` / ` , x` where x is not a digit (so `13.2` and `1,000` stay whole, `a.b` splits);
 *   d. a digit followed by `-` gets a space after the `-` and before it (`3-5` → `3 - 5`; `x-ray` stays);
 *   e. split on whitespace.
 * Non-ASCII punctuation (`，。（）“”…`) is split off only by the `zh` ranges, never by `13a`; case is kept.
 *
 * The `zh` ranges are those sacrebleu's table means to list, as its comparison of one-character strings with
 * two-character bounds actually reads them: two of its bounds were written `\u20000` and `\u2f800` (meant as
 * U+20000 and U+2F800), which Python reads as U+2000 + "0" and U+2F80 + "0", so the range "Extension B" covers
 * U+2001–U+2A6D (general punctuation — curly quotes, dashes, `…` — letterlike symbols such as `℃`, arrows, maths
 * operators such as `≥`, and more), and no character above U+FFFF is ever split off (Extension B characters stay
 * glued to their neighbours).
 */
import type { Language } from '../../bench/language.js';
import { bleuTokens, type BleuDetail } from './bleu.js';
import { pyRstrip, pySplit, pyStrip } from './python-str.js';

/** Code point ranges (inclusive) the `zh` tokenizer sets apart, as it really reads its table (see the header). */
export const SACREBLEU_ZH_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x2001, 0x2a6d],
  [0x2e80, 0x2fdf],
  [0x2ff0, 0x303f],
  [0x3100, 0x312f],
  [0x31a0, 0x31ef],
  [0x3200, 0x4db5],
  [0x4e00, 0x9fbb],
  [0xf900, 0xfa2d],
  [0xfa30, 0xfa6a],
  [0xfa70, 0xfad9],
  [0xfe10, 0xfe1f],
  [0xfe30, 0xfe4f],
  [0xff00, 0xffef],
];

/** True for a code point the `zh` tokenizer puts spaces around. */
export function isSacrebleuZhChar(cp: number): boolean {
  if (cp < 0x2001 || cp > 0xffef) return false;
  if (cp >= 0x4e00 && cp <= 0x9fbb) return true;
  for (const [lo, hi] of SACREBLEU_ZH_RANGES) if (cp >= lo && cp <= hi) return true;
  return false;
}

// Over UTF-16 code units, not code points (faster, and the same strings: `[^0-9]` taking one half of a character
// above U+FFFF puts the space where taking the whole character would).
const ASCII_SYMBOL = /([\x7b-\x7e\x5b-\x60\x20-\x26\x28-\x2b\x3a-\x40\x2f])/g;
const STOP_AFTER_NON_DIGIT = /([^0-9])([.,])/g;
const STOP_BEFORE_NON_DIGIT = /([.,])([^0-9])/g;
const DASH_AFTER_DIGIT = /([0-9])(-)/g;

/** The rules both tokenizers end with (a–e in the file header). */
function commonRules(line: string): string[] {
  const s = line
    .replace(ASCII_SYMBOL, ' $1 ')
    .replace(STOP_AFTER_NON_DIGIT, '$1 $2 ')
    .replace(STOP_BEFORE_NON_DIGIT, ' $1 $2')
    .replace(DASH_AFTER_DIGIT, '$1 $2 ');
  return pySplit(s);
}

/** sacrebleu's `13a` tokens of one segment (after its right-strip). */
export function tokenize13a(text: string): string[] {
  let line = pyRstrip(text).replaceAll('<skipped>', '').replaceAll('-\n', '').replaceAll('\n', ' ');
  if (line.includes('&')) line = line.replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>');
  return commonRules(` ${line} `);
}

/**
 * The `zh` characters as one regular expression over UTF-16 code units: every range lies in the BMP outside the
 * surrogates, so no half of a character above U+FFFF can match.
 */
const ZH_CHAR = new RegExp(`([${SACREBLEU_ZH_RANGES.map(([lo, hi]) => `\\u${lo.toString(16).padStart(4, '0')}-\\u${hi.toString(16).padStart(4, '0')}`).join('')}])`, 'g');

/** sacrebleu's `zh` tokens of one segment (after its right-strip). */
export function tokenizeZh(text: string): string[] {
  return commonRules(pyStrip(text).replace(ZH_CHAR, ' $1 '));
}

/** The tokens sacrebleu's default tokenizer for the language gives: `zh` for Chinese, `13a` otherwise. */
export function sacrebleuTokens(text: string, lang: Language): string[] {
  return lang === 'zh' ? tokenizeZh(text) : tokenize13a(text);
}

/** sacrebleu 2.4.2 `sentence_bleu(candidate, [reference])` with the language's tokenizer; `bleu` is 0..1. */
export function sacreBleu(candidate: string, reference: string, lang: Language): BleuDetail {
  return bleuTokens(sacrebleuTokens(candidate, lang), sacrebleuTokens(reference, lang));
}
