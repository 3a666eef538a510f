/**
 * The walk back through the LCS table that rouge 1.0.1 (pltrdy) does to rebuild one longest common subsequence,
 * reproduced exactly but without building the table cell by cell.
 *
 * The table T[i][j] (LCS length of x[0..i) and y[0..j)) is kept as bit vectors, one per row, as in the
 * bit-parallel LCS of Allison & Dix (1986) / Hyyrö (2004): row i is a vector V_i of |y| bits with
 * T[i][j] = the number of 0 bits of V_i below position j, and V_i = (V + (V & M)) | (V & ~M) for V = V_{i-1} and
 * M the positions of x[i-1] in y. So a row costs ⌈|y| / 32⌉ word operations and 4·⌈|y| / 32⌉ bytes.
 *
 * The walk (the library's rule): from (|x|, |y|) while both are above 0 — on equal words take the word and go
 * diagonally; else go up when T[i-1][j] > T[i][j-1], left otherwise. It keeps T[i][j] and T[i-1][j] as running
 * counts: a step left subtracts one bit of each row, a step up or diagonally recounts the new upper row once.
 * Rows are kept whole up to `budgetWords` 32-bit words (64 MB by default); beyond, only every k-th row is kept
 * and the block of rows the walk is in is recomputed from it (each block once, as the walk only goes up).
 */

/** The columns of a walk: a sequence and, per distinct symbol, the bit mask of where it occurs. */
export interface Columns {
  y: Int32Array;
  /** ⌈|y| / 32⌉ */
  words: number;
  /** The mask of a symbol (all zeros when it does not occur); valid until the next call. */
  maskOf(symbol: number): Uint32Array;
  /** Whether the symbol occurs in y. */
  has(symbol: number): boolean;
}

/** Prepare the columns of y once, for walks against several row sequences. */
export function columnsOf(y: Int32Array, budgetWords = DEFAULT_BUDGET): Columns {
  const words = (y.length + 31) >>> 5;
  const positions = new Map<number, number[]>();
  for (let j = 0; j < y.length; j++) {
    const list = positions.get(y[j]!);
    if (list) list.push(j);
    else positions.set(y[j]!, [j]);
  }
  const zero = new Uint32Array(words);
  if (positions.size * words <= budgetWords) {
    const masks = new Map<number, Uint32Array>();
    for (const [s, list] of positions) {
      const m = new Uint32Array(words);
      for (const p of list) m[p >>> 5]! |= 1 << (p & 31);
      masks.set(s, m);
    }
    return { y, words, maskOf: (s) => masks.get(s) ?? zero, has: (s) => masks.has(s) };
  }
  // too many distinct symbols for a mask each: one scratch mask, filled on demand
  const scratch = new Uint32Array(words);
  let filled: number[] | undefined;
  return {
    y,
    words,
    has: (s) => positions.has(s),
    maskOf(s) {
      if (filled) for (const p of filled) scratch[p >>> 5] = 0;
      filled = positions.get(s);
      if (!filled) return zero;
      for (const p of filled) scratch[p >>> 5]! |= 1 << (p & 31);
      return scratch;
    },
  };
}

const DEFAULT_BUDGET = 1 << 24;

/** Row i of the table from row i - 1 (both `words` long, at the given offsets). */
function nextRow(prev: Uint32Array, from: number, out: Uint32Array, at: number, mask: Uint32Array, words: number): void {
  let carry = 0;
  for (let w = 0; w < words; w++) {
    const v = prev[from + w]!;
    const m = mask[w]!;
    const u = (v & m) >>> 0;
    const sum = v + u + carry;
    carry = sum > 0xffffffff ? 1 : 0;
    out[at + w] = (sum >>> 0) | (v & ~m);
  }
}

/** Zero bits of the row below position j: T[i][j]. */
function zerosBelow(row: Uint32Array, at: number, j: number): number {
  let n = 0;
  const full = j >>> 5;
  for (let w = 0; w < full; w++) n += 32 - popcount(row[at + w]!);
  const rest = j & 31;
  if (rest) n += rest - popcount((row[at + full]! & ((1 << rest) - 1)) >>> 0);
  return n;
}

/** 1 when T[i][j + 1] = T[i][j] + 1 (bit j of the row is 0). */
const stepAt = (row: Uint32Array, at: number, j: number): number => ((row[at + (j >>> 5)]! >>> (j & 31)) & 1) ^ 1;

function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** The buffer whole tables are built in, reused from walk to walk (a walk is synchronous). */
let shared = new Uint32Array(1 << 12);

/** The table's rows: all of them, or checkpoints every k rows and the block of rows in use. */
class BitRows {
  private readonly words: number;
  private readonly whole: Uint32Array | undefined;
  private readonly k: number;
  private readonly checkpoints: Uint32Array[] = [];
  private block: Uint32Array | undefined;
  private blockStart = -1;
  table!: Uint32Array;
  /** Offset of row i in `table` is (i - base) · words. */
  base = 0;

  constructor(
    private readonly x: Int32Array,
    private readonly cols: Columns,
    budgetWords: number,
  ) {
    const n = x.length;
    const W = (this.words = cols.words);
    if ((n + 1) * W <= budgetWords) {
      this.k = n;
      if (shared.length < (n + 1) * W) shared = new Uint32Array(Math.max((n + 1) * W, 2 * shared.length));
      this.whole = shared.fill(0xffffffff, 0, W);
      for (let i = 1; i <= n; i++) nextRow(this.whole, (i - 1) * W, this.whole, i * W, cols.maskOf(x[i - 1]!), W);
      this.table = this.whole;
      return;
    }
    this.k = Math.max(1, Math.ceil(Math.sqrt(n)));
    let prev = new Uint32Array(W).fill(0xffffffff);
    this.checkpoints.push(prev);
    for (let i = 1; i <= n; i++) {
      const row = new Uint32Array(W);
      nextRow(prev, 0, row, 0, cols.maskOf(x[i - 1]!), W);
      if (i % this.k === 0) this.checkpoints.push(row);
      prev = row;
    }
  }

  /** Make rows i - 1 and i available (1 ≤ i ≤ n). */
  ensure(i: number): void {
    if (this.whole) return;
    const start = this.k * Math.floor((i - 1) / this.k);
    if (start === this.blockStart) return;
    const W = this.words;
    const size = Math.min(this.k, this.x.length - start) + 1;
    const block = this.block && this.block.length >= size * W ? this.block : new Uint32Array(size * W);
    block.set(this.checkpoints[start / this.k]!, 0);
    for (let r = 1; r < size; r++) nextRow(block, (r - 1) * W, block, r * W, this.cols.maskOf(this.x[start + r - 1]!), W);
    this.block = this.table = block;
    this.blockStart = this.base = start;
  }

  at(i: number): number {
    return (i - this.base) * this.words;
  }
}

/**
 * Walk back through the LCS table of x (rows) and the columns, the library's way, setting `taken[w] = 1` for
 * each word w of the subsequence found; returns the length of the walk in calls of the library's recursion
 * (steps + 1).
 */
export function walkBackLcs(x: Int32Array, cols: Columns, taken: Uint8Array, budgetWords = DEFAULT_BUDGET): number {
  let i = x.length;
  let j = cols.y.length;
  if (i === 0 || j === 0) return 1;
  // no word in common: the table is all zeros and the walk goes left all the way
  let common = false;
  for (let k = 0; k < x.length && !common; k++) common = cols.has(x[k]!);
  if (!common) return j + 1;
  if ((i + 1) * (j + 1) <= SMALL_CELLS) return walkSmall(x, cols.y, taken);
  const rows = new BitRows(x, cols, budgetWords);
  const y = cols.y;
  rows.ensure(i);
  let cur = zerosBelow(rows.table, rows.at(i), j); // T[i][j]
  let up = zerosBelow(rows.table, rows.at(i - 1), j); // T[i-1][j]
  let calls = 1;
  while (i > 0 && j > 0) {
    if (x[i - 1] === y[j - 1]) {
      taken[x[i - 1]!] = 1;
      i--;
      j--;
      cur -= 1;
      if (i > 0) {
        rows.ensure(i);
        up = zerosBelow(rows.table, rows.at(i - 1), j);
      }
    } else {
      const left = cur - stepAt(rows.table, rows.at(i), j - 1); // T[i][j-1]
      if (up > left) {
        i--;
        cur = up;
        if (i > 0) {
          rows.ensure(i);
          up = zerosBelow(rows.table, rows.at(i - 1), j);
        }
      } else {
        j--;
        up -= stepAt(rows.table, rows.at(i - 1), j);
        cur = left;
      }
    }
    calls++;
  }
  return calls;
}

/** Tables up to this many cells are filled cell by cell in one reused buffer (no allocation, no bit work). */
const SMALL_CELLS = 1 << 10;
const small = new Int32Array(SMALL_CELLS);

/** walkBackLcs on a small table, filled the plain way. */
function walkSmall(x: Int32Array, y: Int32Array, taken: Uint8Array): number {
  const n = x.length;
  const m = y.length;
  const w = m + 1;
  const t = small;
  for (let j = 0; j <= m; j++) t[j] = 0;
  for (let i = 1; i <= n; i++) {
    const row = i * w;
    const above = row - w;
    const xi = x[i - 1];
    t[row] = 0;
    for (let j = 1; j <= m; j++) {
      const diag = t[above + j - 1]!;
      const up = t[above + j]!;
      const left = t[row + j - 1]!;
      t[row + j] = xi === y[j - 1] ? diag + 1 : up > left ? up : left;
    }
  }
  let i = n;
  let j = m;
  let calls = 1;
  while (i > 0 && j > 0) {
    if (x[i - 1] === y[j - 1]) {
      taken[x[i - 1]!] = 1;
      i--;
      j--;
    } else if (t[(i - 1) * w + j]! > t[i * w + j - 1]!) i--;
    else j--;
    calls++;
  }
  return calls;
}
