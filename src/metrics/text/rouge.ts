/**
 * ROUGE-L (Lin, 2004) for one candidate against one reference, 0..1.
 *
 * Variant chosen (the authors did not publish theirs):
 *   - sentence-level ROUGE-L on the whole text as one token sequence (tokens from tokenize.ts), i.e. what
 *     Google's `rouge_score` calls `rougeL` — not the summary-level `rougeLsum` (union LCS over sentences);
 *   - LCS = length of the longest common subsequence of the two token sequences;
 *     precision P = LCS / |candidate|, recall R = LCS / |reference|;
 *   - F_β = (1 + β²) · P · R / (R + β² · P) with **β = 1** by default, i.e. F1 = 2PR / (P + R), the harmonic mean
 *     (as `rouge_score` and ROUGE-1.5.5 with α = 0.5; pycocoevalcap uses β = 1.2 — pass `beta` to match it);
 *   - F = 0 when LCS = 0 or either side has no tokens. No stemming, no stop-word removal.
 *
 * The LCS length is computed with the bit-parallel algorithm of Allison & Dix (1986) / Crochemore et al. (2001):
 * O(|a| · ⌈|b|/32⌉) word operations, where b is the shorter sequence, plus one precomputed bit mask per distinct
 * token of b (bounded to 16 MB; beyond that masks are built per row). Texts of realistic length (a few hundred
 * tokens) take microseconds; two 100k-token texts well under a second.
 */
import type { Language } from '../../bench/language.js';
import { internPair, tokenize } from './tokenize.js';

/** ROUGE-L precision, recall and F (0..1). */
export interface RougeL {
  precision: number;
  recall: number;
  f: number;
  /** The LCS length in tokens. */
  lcs: number;
}

export interface RougeOptions {
  /** Weight of recall against precision in F_β; 1 (the default) gives F1. */
  beta?: number;
}

/** ROUGE-L of two strings, tokenised with tokenize.ts. */
export function rougeL(candidate: string, reference: string, lang: Language, options: RougeOptions = {}): RougeL {
  return rougeLTokens(tokenize(candidate, lang), tokenize(reference, lang), options);
}

/** ROUGE-L of two token sequences. */
export function rougeLTokens(
  candidate: readonly string[],
  reference: readonly string[],
  options: RougeOptions = {},
): RougeL {
  const { a, b } = internPair(candidate, reference);
  return rougeLIds(a, b, options);
}

/** ROUGE-L of two id sequences (see `internPair`). */
export function rougeLIds(cand: ArrayLike<number>, ref: ArrayLike<number>, options: RougeOptions = {}): RougeL {
  const beta = options.beta ?? 1;
  if (!(beta > 0) || !Number.isFinite(beta)) throw new RangeError(`ROUGE-L beta must be a positive number, got ${beta}`);
  const lcs = lcsLength(cand, ref);
  if (lcs === 0) return { precision: 0, recall: 0, f: 0, lcs };
  const precision = lcs / cand.length;
  const recall = lcs / ref.length;
  const b2 = beta * beta;
  const f = ((1 + b2) * precision * recall) / (recall + b2 * precision);
  return { precision, recall, f: Math.min(1, f), lcs };
}

/** Most 32-bit words spent on precomputed match masks (16 MB). */
const DENSE_BUDGET = 1 << 22;

/**
 * Length of the longest common subsequence of two integer sequences (bit-parallel; exact). `denseBudget` (words
 * of precomputed masks) only trades memory for speed; it is a parameter so tests can exercise both paths.
 */
export function lcsLength(x: ArrayLike<number>, y: ArrayLike<number>, denseBudget = DENSE_BUDGET): number {
  // The shorter sequence becomes the bit vector.
  const [a, b] = x.length >= y.length ? [x, y] : [y, x];
  const m = b.length;
  if (m === 0) return 0;
  const words = (m + 31) >>> 5;

  // Small non-negative symbols (interned token ids) index plain arrays; anything else goes through a Map.
  let small = true;
  let top = 0;
  for (let j = 0; j < m && small; j++) {
    const s = b[j]!;
    if (!(Number.isInteger(s) && s >= 0 && s < 1 << 20)) small = false;
    else if (s > top) top = s;
  }
  // Positions of each symbol in b.
  const positions = new Map<number, number[]>();
  for (let j = 0; j < m; j++) {
    const s = b[j]!;
    const list = positions.get(s);
    if (list) list.push(j);
    else positions.set(s, [j]);
  }
  // Match masks: one dense bit vector per symbol when that fits in DENSE_BUDGET words (always, for texts of
  // realistic size); otherwise each row's mask is built from the symbol's positions and cleared after use.
  const dense = positions.size * words <= denseBudget ? new Map<number, Uint32Array>() : undefined;
  const byId: (Uint32Array | undefined)[] | undefined = dense && small ? new Array<Uint32Array | undefined>(top + 1) : undefined;
  if (dense) {
    for (const [s, list] of positions) {
      const mask = new Uint32Array(words);
      for (const p of list) mask[p >>> 5]! |= 1 << (p & 31);
      if (byId) byId[s] = mask;
      else dense.set(s, mask);
    }
  }

  // V has a 0 bit at position j for every LCS "step" found so far; starts all ones.
  const V = new Uint32Array(words).fill(0xffffffff);
  const scratch = new Uint32Array(words);
  for (let i = 0; i < a.length; i++) {
    const symbol = a[i]!;
    let M: Uint32Array;
    let pos: number[] | undefined;
    if (byId) {
      const mask = Number.isInteger(symbol) && symbol >= 0 && symbol <= top ? byId[symbol] : undefined;
      if (mask === undefined) continue;
      M = mask;
    } else if (dense) {
      const mask = dense.get(symbol);
      if (mask === undefined) continue; // no match: V' = V
      M = mask;
    } else {
      pos = positions.get(symbol);
      if (pos === undefined) continue;
      for (const p of pos) scratch[p >>> 5]! |= 1 << (p & 31);
      M = scratch;
    }
    // V' = (V + (V & M)) | (V & ~M), with the addition carried across words.
    let carry = 0;
    for (let w = 0; w < words; w++) {
      const v = V[w]!;
      const mw = M[w]!;
      const u = (v & mw) >>> 0;
      const sum = v + u + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      V[w] = (sum >>> 0) | (v & ~mw);
    }
    if (pos) for (const p of pos) scratch[p >>> 5] = 0;
  }

  let zeros = 0;
  for (let w = 0; w < words; w++) {
    let inv = ~V[w]! >>> 0;
    if (w === words - 1 && (m & 31) !== 0) inv = (inv & ((1 << (m & 31)) - 1)) >>> 0;
    zeros += popcount(inv);
  }
  return zeros;
}

function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
