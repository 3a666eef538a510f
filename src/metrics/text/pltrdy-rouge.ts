/**
 * ROUGE-L of the `authors` text profile: what rouge 1.0.1 (the `rouge` package by pltrdy) gives for
 * `Rouge().get_scores(hypothesis, reference)[0]['rouge-l']['f']`. It is not the usual sentence-level LCS F1
 * (rouge.ts): it is a summary-level ROUGE-L over sets of words, computed like this —
 *
 *   1. sentences: the text is split at every `.` (ASCII full stop only: `。` is no sentence end, and `13.2` is two
 *      "sentences"); empty pieces are dropped and each piece has its whitespace runs turned into single spaces
 *      and trimmed (a piece of only spaces becomes the empty sentence, which still counts);
 *   2. words: each sentence split at single spaces (the empty sentence is one empty word). No lower-casing, no
 *      punctuation removal: `fever,` and `fever` are two words;
 *   3. m and n: the numbers of *distinct* words of the reference and of the hypothesis;
 *   4. for every reference sentence and every hypothesis sentence, one longest common subsequence of their words
 *      is rebuilt from the LCS table, walking back from the end: a match is taken when the two words are equal,
 *      otherwise the walk goes up (drops a reference word) when the cell above is strictly larger than the one to
 *      the left, and left otherwise — so which LCS is found, among equally long ones, is fixed;
 *   5. the words of all these subsequences are put into one set; its size is the overlap;
 *   6. R = overlap / m, P = overlap / n, F = 2PR / (P + R + 1e-8) — so identical texts score 0.99999999…, not 1.
 *
 * Where the library raises instead of scoring, the value taken here is said in `raises`:
 *   - `empty-hypothesis` / `empty-reference`: the text has no sentence (empty, or only full stops) — the library
 *     raises ValueError; F = P = R = 0 is taken;
 *   - `recursion`: the library rebuilds the subsequence recursively, one Python call per step, and a walk longer
 *     than about 990 steps exceeds Python's default recursion limit (RecursionError). The walk is done here
 *     without a limit — the value the library gives when its limit is raised — and `depth` tells how long it was.
 *     Long Chinese texts reach this: a whole answer without an ASCII full stop is one "sentence".
 *
 * The LCS table of two sentences is held as bit vectors, 32 cells a word (lcs-walk.ts); past `budgetWords` words
 * only every k-th row is kept and each block of rows is recomputed once during the walk back, so even enormous
 * answers are scored exactly.
 */
import { columnsOf, walkBackLcs, type Columns } from './lcs-walk.js';
import { pySplit } from './python-str.js';

export interface PltrdyRougeL {
  /** 0..1 */
  f: number;
  precision: number;
  recall: number;
  /** Distinct words found in the rebuilt subsequences, and distinct words of each side. */
  overlap: number;
  hypothesisWords: number;
  referenceWords: number;
  /**
   * The longest walk back (Python calls of the library's recursive rebuild) over the sentence pairs walked: a pair
   * that can add no word and is too short to reach the recursion limit is not walked, so this is exact whenever
   * it reaches the limit, and never above the library's.
   */
  depth: number;
  /** Set when the library itself would raise on this pair instead of scoring it (see the file header). */
  raises?: 'empty-hypothesis' | 'empty-reference' | 'recursion';
}

/** Walks back of at least this many steps overflow Python's default recursion limit in the library. */
export const PLTRDY_RECURSION_DEPTH = 990;

/** Whether x has a word of the columns not taken yet. */
function addsWord(x: Int32Array, cols: Columns, taken: Uint8Array): boolean {
  for (let k = 0; k < x.length; k++) if (!taken[x[k]!] && cols.has(x[k]!)) return true;
  return false;
}

/** A sentence's words (split at single spaces) as ids, new words numbered in order of appearance. */
function intern(sentence: string, ids: Map<string, number>): Int32Array {
  const words = sentence.split(' ');
  const out = new Int32Array(words.length);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    let id = ids.get(w);
    if (id === undefined) ids.set(w, (id = ids.size));
    out[i] = id;
  }
  return out;
}

/** The library's sentences: split at `.`, empty pieces dropped, whitespace runs made single spaces. */
export function pltrdySentences(text: string): string[] {
  const out: string[] = [];
  for (const piece of text.split('.')) if (piece.length > 0) out.push(pySplit(piece).join(' '));
  return out;
}

/** ROUGE-L F, P and R of rouge 1.0.1 (pltrdy) for one hypothesis against one reference. */
export function pltrdyRougeL(hypothesis: string, reference: string, budgetWords = 1 << 24): PltrdyRougeL {
  const hyp = pltrdySentences(hypothesis);
  const ref = pltrdySentences(reference);
  if (hyp.length === 0 || ref.length === 0) {
    return { f: 0, precision: 0, recall: 0, overlap: 0, hypothesisWords: 0, referenceWords: 0, depth: 0, raises: hyp.length === 0 ? 'empty-hypothesis' : 'empty-reference' };
  }
  const ids = new Map<string, number>();
  const refSentences = ref.map((s) => intern(s, ids));
  const m = ids.size; // the reference's words are interned first: ids 0..m-1
  const hypSentences = hyp.map((s) => intern(s, ids));
  const seen = new Uint8Array(ids.size);
  let n = 0;
  for (const s of hypSentences) {
    for (const w of s) {
      if (seen[w]) continue;
      seen[w] = 1;
      n++;
    }
  }

  const taken = new Uint8Array(ids.size);
  let depth = 0;
  // every reference sentence against every hypothesis sentence (a set is filled: the order does not matter),
  // longest first; a walk is skipped when it can add no word (every word in common is taken already) and is too
  // short to reach the recursion limit (a walk has at most |x| + |y| calls) — F, P, R and `raises` are the same
  const byLength = (a: Int32Array, b: Int32Array): number => b.length - a.length;
  const rows = [...refSentences].sort(byLength);
  for (const y of [...hypSentences].sort(byLength)) {
    const cols = columnsOf(y, budgetWords);
    for (const x of rows) {
      if (x.length + y.length < PLTRDY_RECURSION_DEPTH && !addsWord(x, cols, taken)) continue;
      depth = Math.max(depth, walkBackLcs(x, cols, taken, budgetWords));
    }
  }
  let overlap = 0;
  for (let w = 0; w < taken.length; w++) overlap += taken[w]!;
  const recall = overlap / m;
  const precision = overlap / n;
  const f = 2 * ((precision * recall) / (precision + recall + 1e-8));
  return { f, precision, recall, overlap, hypothesisWords: n, referenceWords: m, depth, ...(depth >= PLTRDY_RECURSION_DEPTH ? { raises: 'recursion' as const } : {}) };
}
