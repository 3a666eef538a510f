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
 * The LCS table of two sentences is kept whole while it has at most `fullTableCells` cells (32 M by default);
 * beyond that only every k-th row is kept and each block of rows is recomputed once during the walk back (twice
 * the work, memory O(m·√n)), so even enormous answers are scored exactly.
 */
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
  /** The longest walk back (Python calls of the library's recursive rebuild) over all sentence pairs. */
  depth: number;
  /** Set when the library itself would raise on this pair instead of scoring it (see the file header). */
  raises?: 'empty-hypothesis' | 'empty-reference' | 'recursion';
}

/** Walks back of at least this many steps overflow Python's default recursion limit in the library. */
export const PLTRDY_RECURSION_DEPTH = 990;

const FULL_TABLE_CELLS = 1 << 25;

/** The library's sentences: split at `.`, empty pieces dropped, whitespace runs made single spaces. */
export function pltrdySentences(text: string): string[] {
  const out: string[] = [];
  for (const piece of text.split('.')) if (piece.length > 0) out.push(pySplit(piece).join(' '));
  return out;
}

/** ROUGE-L F, P and R of rouge 1.0.1 (pltrdy) for one hypothesis against one reference. */
export function pltrdyRougeL(hypothesis: string, reference: string, fullTableCells = FULL_TABLE_CELLS): PltrdyRougeL {
  const hyp = pltrdySentences(hypothesis);
  const ref = pltrdySentences(reference);
  if (hyp.length === 0 || ref.length === 0) {
    return { f: 0, precision: 0, recall: 0, overlap: 0, hypothesisWords: 0, referenceWords: 0, depth: 0, raises: hyp.length === 0 ? 'empty-hypothesis' : 'empty-reference' };
  }
  const ids = new Map<string, number>();
  const intern = (s: string): Int32Array => {
    const words = s.split(' ');
    const out = new Int32Array(words.length);
    words.forEach((w, i) => {
      let id = ids.get(w);
      if (id === undefined) ids.set(w, (id = ids.size));
      out[i] = id;
    });
    return out;
  };
  const refSentences = ref.map(intern);
  const refIds = new Set<number>();
  for (const s of refSentences) for (const w of s) refIds.add(w);
  const hypSentences = hyp.map(intern);
  const hypIds = new Set<number>();
  for (const s of hypSentences) for (const w of s) hypIds.add(w);

  const union = new Set<number>();
  let depth = 0;
  for (const x of refSentences) {
    for (const y of hypSentences) depth = Math.max(depth, rebuildLcs(x, y, union, fullTableCells));
  }
  const m = refIds.size;
  const n = hypIds.size;
  const overlap = union.size;
  const recall = overlap / m;
  const precision = overlap / n;
  const f = 2 * ((precision * recall) / (precision + recall + 1e-8));
  return { f, precision, recall, overlap, hypothesisWords: n, referenceWords: m, depth, ...(depth >= PLTRDY_RECURSION_DEPTH ? { raises: 'recursion' as const } : {}) };
}

/**
 * Rebuild the library's LCS of x (reference words, the rows) and y (hypothesis words, the columns), adding its
 * words to `into`; returns the length of the walk back in calls (steps + 1).
 */
function rebuildLcs(x: Int32Array, y: Int32Array, into: Set<number>, fullTableCells: number): number {
  const n = x.length;
  const m = y.length;
  const w = m + 1;
  const rows = new RowSource(x, y, fullTableCells);
  let i = n;
  let j = m;
  let calls = 1;
  while (i > 0 && j > 0) {
    if (x[i - 1] === y[j - 1]) {
      into.add(x[i - 1]!);
      i--;
      j--;
    } else {
      const { table, offset } = rows.pair(i); // rows i - 1 and i
      if (table[offset + (i - 1) * w + j]! > table[offset + i * w + (j - 1)]!) i--;
      else j--;
    }
    calls++;
  }
  return calls;
}

/**
 * Rows of the LCS table: the whole table when it is small enough, else checkpoints every k rows and the block
 * of rows the walk is in, recomputed from its checkpoint (the walk only goes up, so each block is built once).
 */
class RowSource {
  private readonly w: number;
  private readonly whole: Int32Array | undefined;
  private readonly k: number;
  private readonly checkpoints: Int32Array[] = [];
  private block: Int32Array | undefined;
  private blockStart = -1;

  constructor(
    private readonly x: Int32Array,
    private readonly y: Int32Array,
    fullTableCells: number,
  ) {
    const n = x.length;
    this.w = y.length + 1;
    if ((n + 1) * this.w <= fullTableCells) {
      this.k = n;
      this.whole = new Int32Array((n + 1) * this.w);
      for (let i = 1; i <= n; i++) this.fill(this.whole, (i - 1) * this.w, i * this.w, i);
      return;
    }
    this.k = Math.max(1, Math.ceil(Math.sqrt(n)));
    let prev = new Int32Array(this.w);
    this.checkpoints.push(prev);
    for (let i = 1; i <= n; i++) {
      const row = new Int32Array(this.w);
      this.fill(row, -1, 0, i, prev);
      if (i % this.k === 0) this.checkpoints.push(row);
      prev = row;
    }
  }

  /** Compute row i (at `at` in `out`) from row i - 1 (at `from` in `out`, or `prevRow`). */
  private fill(out: Int32Array, from: number, at: number, i: number, prevRow?: Int32Array): void {
    const up = prevRow ?? out;
    const base = prevRow ? 0 : from;
    const xi = this.x[i - 1]!;
    const y = this.y;
    out[at] = 0;
    for (let j = 1; j < this.w; j++) {
      out[at + j] = xi === y[j - 1] ? up[base + j - 1]! + 1 : Math.max(up[base + j]!, out[at + j - 1]!);
    }
  }

  /** A table holding rows i - 1 and i, and the offset to add to `row * w + column`. */
  pair(i: number): { table: Int32Array; offset: number } {
    if (this.whole) return { table: this.whole, offset: 0 };
    const start = this.k * Math.floor((i - 1) / this.k);
    if (start !== this.blockStart) {
      const size = Math.min(this.k, this.x.length - start) + 1;
      const block = this.block && this.block.length >= size * this.w ? this.block : new Int32Array(size * this.w);
      block.set(this.checkpoints[start / this.k]!, 0);
      for (let r = 1; r < size; r++) this.fill(block, (r - 1) * this.w, r * this.w, start + r);
      this.block = block;
      this.blockStart = start;
    }
    return { table: this.block!, offset: -start * this.w };
  }
}
