/**
 * Chinese word segmentation as jieba 0.42.1 does it (`jieba.cut(text)`: precise mode, HMM for unknown words,
 * the default dictionary), for the `authors` text profile's ROUGE-L. The work is done by `@node-rs/jieba`
 * (jieba-rs with jieba's default dictionary and HMM model, prebuilt binaries, nothing downloaded at run time);
 * three differences between it and jieba 0.42.1 are corrected here:
 *
 *   1. Its dictionary lacks one entry of jieba's, `B超 3 n` (B-mode ultrasound, common in Chinese clinical text);
 *      it is added back.
 *   2. Its HMM step splits a run of letters and digits with the pattern `[a-zA-Z0-9]+(?:.\d+)?%?`, whose `.` is
 *      unescaped and so takes any character: `CA19-9`, `40-75`, `Ki-67` stay one word, where jieba gives
 *      `CA19` `-` `9`. jieba always ends a word before and after such a `-` (also `+ # & _`, and after a `%`) when
 *      a letter or digit precedes it and a digit follows, and no dictionary word holds the character there, so
 *      the text is cut at those places first and each piece segmented on its own — the same words as jieba, and
 *      the bug never sees them. (The only dictionary words with these characters are AT&T, C#, C++, c#, c++;
 *      their occurrences are left whole.)
 *   3. Its blocks of "Chinese" text take more of Unicode than jieba's `[\u4E00-\u9FD5a-zA-Z0-9+#&._%-]`
 *      (Extension A, U+9FD6–U+9FFF, compatibility ideographs, Extensions B–F): the blocks are cut here with
 *      jieba's own class, and every other character is a word by itself (`\r\n` counting as one), as in jieba.
 * The segmentation was compared with jieba 0.42.1 on the Chinese text of the bundled cases (4,015 lines,
 * ~490,000 characters) and is identical on every line (test/metrics/text-authors.test.ts keeps a sample).
 *
 * The package is loaded on first use only (it is a native module); a clear error says what to install when it
 * is missing.
 */
import { createRequire } from 'node:module';

interface JiebaInstance {
  cut(sentence: string, hmm?: boolean): string[];
}
interface JiebaModule {
  Jieba: { withDict(dict: Uint8Array): JiebaInstance };
}

const PACKAGE = '@node-rs/jieba';
const MISSING_WORD = 'B超 3 n\n';

let instance: JiebaInstance | undefined;

function jieba(): JiebaInstance {
  if (instance) return instance;
  const require = createRequire(import.meta.url);
  let mod: JiebaModule;
  let dict: Uint8Array;
  try {
    mod = require(PACKAGE) as JiebaModule;
    dict = (require(`${PACKAGE}/dict`) as { dict: Uint8Array }).dict;
  } catch (e) {
    throw new Error(
      `The "authors" text profile segments Chinese with ${PACKAGE} (jieba), which could not be loaded: ${(e as Error).message}. ` +
        `Install it (npm install ${PACKAGE}), or score with --profile clinicallab.`,
      { cause: e },
    );
  }
  const withWord = new Uint8Array(dict.length + Buffer.byteLength(MISSING_WORD));
  withWord.set(dict, 0);
  withWord.set(Buffer.from(MISSING_WORD), dict.length);
  instance = mod.Jieba.withDict(withWord);
  return instance;
}

/** jieba's block class: Han of U+4E00–U+9FD5, ASCII letters and digits, and `+ # & . _ % -`. */
const BLOCK = /[\u4e00-\u9fd5a-zA-Z0-9+#&._%-]+/g;
/** Characters outside jieba's class that jieba-rs would still put into a block. */
const WIDER_HAN = /[\u3400-\u4dbf\u9fd6-\u9fff\uf900-\ufaff\u{20000}-\u{2ebef}\u{2f800}-\u{2fa1f}]/u;
/** A place where jieba ends words but jieba-rs's HMM may not: `x-9` (also + # & _), and `x%9`. */
const CUT_POINT = /[a-zA-Z0-9][-+#&_%][0-9]/;
const DICTIONARY_SYMBOL_WORDS = /AT&T|C\+\+|c\+\+|C#|c#/g;
/** Outside jieba's block class, so a word of its own that ends the block before it. */
const SEPARATOR = '\u0001';

/** The words of `text` as jieba 0.42.1's `jieba.cut(text)` gives them (spaces and punctuation are words too). */
export function jiebaCut(text: string): string[] {
  const j = jieba();
  if (!WIDER_HAN.test(text)) {
    // jieba-rs splits blocks as jieba does here: only the places of point 2 need cutting first
    if (!CUT_POINT.test(text)) return j.cut(text, true);
    // one call for all pieces: a control character between them ends a block as a call would, and is dropped
    if (!text.includes(SEPARATOR)) return j.cut(cutPieces(text).join(SEPARATOR), true).filter((w) => w !== SEPARATOR);
    return cutPieces(text).flatMap((piece) => j.cut(piece, true));
  }
  const out: string[] = [];
  let last = 0;
  for (const m of text.matchAll(BLOCK)) {
    pushOthers(text.slice(last, m.index), out);
    for (const piece of cutPieces(m[0])) out.push(...j.cut(piece, true));
    last = m.index + m[0].length;
  }
  pushOthers(text.slice(last), out);
  return out;
}

/** Characters outside the blocks: one word each, `\r\n` as one. */
function pushOthers(s: string, out: string[]): void {
  for (let i = 0; i < s.length; ) {
    if (s.startsWith('\r\n', i)) {
      out.push('\r\n');
      i += 2;
      continue;
    }
    const width = s.codePointAt(i)! > 0xffff ? 2 : 1;
    out.push(s.slice(i, i + width));
    i += width;
  }
}

/** A text cut around each `x-9`-like symbol (point 2 of the header): before and after it, or after a `%`. */
function cutPieces(block: string): string[] {
  if (!CUT_POINT.test(block)) return [block];
  const protectedAt = new Set<number>();
  for (const m of block.matchAll(DICTIONARY_SYMBOL_WORDS)) for (let k = 0; k < m[0].length; k++) protectedAt.add(m.index + k);
  const pieces: string[] = [];
  let start = 0;
  for (let i = 1; i + 1 < block.length; i++) {
    const c = block[i]!;
    if (!/[-+#&_%]/.test(c) || protectedAt.has(i) || !/[a-zA-Z0-9]/.test(block[i - 1]!) || !/[0-9]/.test(block[i + 1]!)) continue;
    if (c === '%') {
      pieces.push(block.slice(start, i + 1));
    } else {
      pieces.push(block.slice(start, i), c);
    }
    start = i + 1;
  }
  pieces.push(block.slice(start));
  return pieces.filter((p) => p.length > 0);
}
