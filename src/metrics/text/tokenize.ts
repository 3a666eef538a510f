/**
 * Tokenisation for the lexical metrics (BLEU, ROUGE-L) of tasks DB, DD, PT, TP and ID.
 *
 * Variant chosen (the authors did not publish theirs):
 *   1. Unicode NFKC (full-width letters, digits and punctuation become ASCII: `ＷＢＣ１３．２` → `WBC13.2`,
 *      `（1）` → `(1)`), then locale-independent lower-casing.
 *   2. Every Han / Hiragana / Katakana character is one token (character-level Chinese).
 *   3. Every maximal run of other letters, digits and combining marks is one token; a `.` between two digits
 *      stays inside the run, so decimals survive (`13.2`, `3.5mmol`).
 *   4. Everything else — whitespace, punctuation, symbols, control characters, lone surrogates — only separates
 *      tokens and is dropped (the token stream is punctuation-free).
 *   `CT示胰腺肿胀, WBC 13.2` → `ct 示 胰 腺 肿 胀 wbc 13.2`.
 *
 * Why characters and not `Intl.Segmenter('zh', { granularity: 'word' })` words for Chinese:
 *   - reproducibility: the segmenter's dictionary comes with the ICU build inside Node, and Node 20, 22 and 24
 *     ship different ICU versions (and system-ICU builds differ again), so word boundaries — hence scores —
 *     could change with the runtime. Character tokens depend only on the Unicode character database;
 *   - no segmentation errors on clinical vocabulary (drug and disease names are rarely in general dictionaries);
 *   - it is the common convention for Chinese overlap metrics (sacrebleu's `zh` tokenizer splits CJK characters
 *     one by one; Chinese ROUGE is usually reported on characters).
 *   The cost: a character n-gram of order n covers roughly n/2 Chinese words, so zh and en BLEU are on somewhat
 *   different scales (as they are anyway: the references differ). Compare models within one language.
 *
 * The same rules apply to both languages, because a Chinese answer quotes English abbreviations and lab names
 * (`WBC`, `CT`, `CA19-9`) and an English one may quote Chinese; the `lang` argument is part of the API so a
 * language-specific rule can be added without changing callers, and is currently not needed by any rule.
 * No stemming and no stop-word removal.
 */
import type { Language } from '../../bench/language.js';

/** The rule as one regular expression (kept as the reference definition; `tokenize` is a faster scanner of it). */
export const TOKEN_PATTERN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{N}\p{M}]|(?<=\p{N})\.(?=\p{N}))+/gu;

const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u;
const WORD = /^[\p{L}\p{N}\p{M}]$/u;
const NUMBER = /^\p{N}$/u;
/** Per code point: 1 CJK (a token by itself), 2 letter/digit/mark (part of a run), 0 separator; bit 4: a number. */
const classes = new Map<number, number>();

function classOf(cp: number): number {
  if (cp < 0x80) return (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x41 && cp <= 0x5a) ? 2 : cp >= 0x30 && cp <= 0x39 ? 2 | 4 : 0;
  if (cp >= 0x4e00 && cp <= 0x9fff) return 1; // CJK Unified Ideographs: no numbers among them
  let k = classes.get(cp);
  if (k === undefined) {
    const ch = String.fromCodePoint(cp);
    k = (CJK.test(ch) ? 1 : WORD.test(ch) ? 2 : 0) | (NUMBER.test(ch) ? 4 : 0);
    if (classes.size < 65_536) classes.set(cp, k);
  }
  return k;
}

/** Normalise (NFKC, lower case) and split into punctuation-free tokens; see the file header for the rules. */
export function tokenize(text: string, _lang: Language): string[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  const s = text.normalize('NFKC').toLowerCase();
  const out: string[] = [];
  let start = -1; // start of the current run of letters/digits/marks, or -1
  let prev = 0; // class of the previous code point
  for (let i = 0; i < s.length; ) {
    const cp = s.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const k = classOf(cp);
    if ((k & 3) === 1) {
      if (start >= 0) out.push(s.slice(start, i));
      start = -1;
      out.push(s.slice(i, i + width));
    } else if ((k & 3) === 2) {
      if (start < 0) start = i;
    } else if (cp === 0x2e && prev & 4 && i + 1 < s.length && classOf(s.codePointAt(i + 1)!) & 4) {
      if (start < 0) start = i; // a "." between two numbers belongs to the run (13.2)
    } else if (start >= 0) {
      out.push(s.slice(start, i));
      start = -1;
    }
    prev = k;
    i += width;
  }
  if (start >= 0) out.push(s.slice(start));
  return out;
}

/** Two token sequences mapped to small integer ids (shared vocabulary), for fast n-gram and LCS work. */
export interface InternedPair {
  a: Int32Array;
  b: Int32Array;
  /** Number of distinct tokens over both sequences. */
  vocabSize: number;
}

/** Map the tokens of two sequences to ids 0..vocabSize-1, equal tokens getting equal ids. */
export function internPair(a: readonly string[], b: readonly string[]): InternedPair {
  const ids = new Map<string, number>();
  const map = (tokens: readonly string[]): Int32Array => {
    const out = new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      let id = ids.get(t);
      if (id === undefined) {
        id = ids.size;
        ids.set(t, id);
      }
      out[i] = id;
    }
    return out;
  };
  const ia = map(a);
  const ib = map(b);
  return { a: ia, b: ib, vocabSize: ids.size };
}
