/**
 * Sentence-level BLEU-4 (Papineni et al., 2002) for one candidate against one reference, 0..1.
 *
 * Variant chosen (the authors did not publish theirs) — the same arithmetic as sacrebleu's `sentence_bleu` with
 * its defaults (`smooth_method='exp'`, `use_effective_order=True`), applied to the tokens of tokenize.ts:
 *   - modified (clipped) n-gram precisions p_n for n = 1..4: each candidate n-gram is credited at most as many
 *     times as it occurs in the reference;
 *   - smoothing: Chen & Cherry (2014), "A Systematic Comparison of Smoothing Techniques for Sentence-Level
 *     BLEU", **method 3** (the NIST / mteval-v13a geometric smoothing): walking n = 1..4, the k-th order that
 *     has zero matches gets p_n = 1 / (2^k · T_n), T_n being the number of candidate n-grams of that order;
 *   - effective order: orders the candidate is too short to have (T_n = 0) are left out, and the geometric
 *     mean uses uniform weights 1/N over the N orders that remain (so a one-token candidate that equals a
 *     one-token reference scores 1, not 0);
 *   - brevity penalty BP = 1 if c ≥ r, else exp(1 − r/c), with c and r the candidate and reference lengths;
 *   - BLEU = BP · exp((1/N) Σ log p_n); 0 when the candidate is empty or no n-gram of any order matches (sacrebleu
 *     returns 0 in that case too, rather than a smoothed tiny number).
 * Identical non-empty token sequences score exactly 1.
 */
import type { Language } from '../../bench/language.js';
import { internPair, tokenize } from './tokenize.js';

/** Highest n-gram order. */
export const BLEU_MAX_ORDER = 4;

/** The parts of a sentence BLEU score, for inspection and tests. */
export interface BleuDetail {
  /** The score, 0..1. */
  bleu: number;
  /** Precision used per order (smoothed where the order had no match); orders beyond `effectiveOrder` are 0. */
  precisions: number[];
  /** Clipped matches and candidate n-gram totals per order. */
  matches: number[];
  totals: number[];
  brevityPenalty: number;
  candidateLength: number;
  referenceLength: number;
  /** Number of orders that entered the geometric mean. */
  effectiveOrder: number;
}

/** Sentence BLEU-4 of two strings, tokenised with tokenize.ts; 0..1. */
export function bleu(candidate: string, reference: string, lang: Language): number {
  return bleuTokens(tokenize(candidate, lang), tokenize(reference, lang)).bleu;
}

/** Sentence BLEU-4 of two token sequences; see the file header for the variant. */
export function bleuTokens(candidate: readonly string[], reference: readonly string[]): BleuDetail {
  const { a, b, vocabSize } = internPair(candidate, reference);
  return bleuIds(a, b, vocabSize);
}

/**
 * Sentence BLEU-4 of two id sequences (ids below `vocabSize`, as produced by `internPair`). Exposed so a caller
 * that also computes ROUGE can tokenise and intern once.
 */
export function bleuIds(cand: Int32Array, ref: Int32Array, vocabSize: number): BleuDetail {
  const c = cand.length;
  const r = ref.length;
  const matches: number[] = [];
  const totals: number[] = [];
  for (let n = 1; n <= BLEU_MAX_ORDER; n++) {
    totals.push(Math.max(0, c - n + 1));
    matches.push(clippedMatches(cand, ref, n, vocabSize));
  }
  const brevityPenalty = c === 0 ? 0 : c >= r ? 1 : Math.exp(1 - r / c);
  const precisions = new Array<number>(BLEU_MAX_ORDER).fill(0);
  const detail = (bleu: number, effectiveOrder: number): BleuDetail => ({
    bleu,
    precisions,
    matches,
    totals,
    brevityPenalty,
    candidateLength: c,
    referenceLength: r,
    effectiveOrder,
  });
  if (c === 0 || r === 0 || matches.every((m) => m === 0)) return detail(0, 0);

  let smoothing = 1;
  let effectiveOrder = 0;
  let logSum = 0;
  for (let n = 0; n < BLEU_MAX_ORDER; n++) {
    const total = totals[n]!;
    if (total === 0) break;
    effectiveOrder = n + 1;
    let p: number;
    if (matches[n]! === 0) {
      smoothing *= 2;
      p = 1 / (smoothing * total);
    } else {
      p = matches[n]! / total;
    }
    precisions[n] = p;
    logSum += Math.log(p);
  }
  const score = brevityPenalty * Math.exp(logSum / effectiveOrder);
  // exp(log(1)) is exactly 1, but guard the range against any rounding.
  return detail(Math.min(1, Math.max(0, score)), effectiveOrder);
}

/** Number of candidate n-grams of order n matched by reference n-grams, each reference n-gram used once. */
function clippedMatches(cand: Int32Array, ref: Int32Array, n: number, vocabSize: number): number {
  if (cand.length < n || ref.length < n) return 0;
  if (n === 1) {
    // unigrams: counts per token id
    const left = new Int32Array(vocabSize);
    for (let i = 0; i < ref.length; i++) left[ref[i]!]!++;
    let matched = 0;
    for (let i = 0; i < cand.length; i++) {
      if (left[cand[i]!]! > 0) {
        left[cand[i]!]!--;
        matched++;
      }
    }
    return matched;
  }
  // An n-gram of ids < V is packed into one number exactly while V^n ≤ 2^53; the reference's n-grams are counted
  // in a small open-addressing hash table (typed arrays: no Map, no boxing), then the candidate's are taken out.
  if (Math.pow(Math.max(vocabSize, 2), n) > Number.MAX_SAFE_INTEGER) return clippedMatchesByString(cand, ref, n);
  const size = 1 << Math.ceil(Math.log2(2 * (ref.length - n + 1) + 2));
  const mask = size - 1;
  const keys = new Float64Array(size).fill(-1);
  const counts = new Int32Array(size);
  const slot = (k: number): number => {
    let h = (Math.imul((k % 4294967296) >>> 0, 0x9e3779b1) ^ Math.floor(k / 4294967296)) & mask;
    while (keys[h] !== -1 && keys[h] !== k) h = (h + 1) & mask;
    return h;
  };
  const packAt = (seq: Int32Array, i: number): number => {
    let k = 0;
    for (let j = 0; j < n; j++) k = k * vocabSize + seq[i + j]!;
    return k;
  };
  for (let i = 0; i + n <= ref.length; i++) {
    const k = packAt(ref, i);
    const h = slot(k);
    keys[h] = k;
    counts[h]!++;
  }
  let matched = 0;
  for (let i = 0; i + n <= cand.length; i++) {
    const h = slot(packAt(cand, i));
    if (counts[h]! > 0) {
      counts[h]!--;
      matched++;
    }
  }
  return matched;
}

/** The same count with string keys, for vocabularies too large to pack n-grams into one number. */
function clippedMatchesByString(cand: Int32Array, ref: Int32Array, n: number): number {
  const available = new Map<string, number>();
  for (let i = 0; i + n <= ref.length; i++) {
    const k = ref.subarray(i, i + n).join(',');
    available.set(k, (available.get(k) ?? 0) + 1);
  }
  let matched = 0;
  for (let i = 0; i + n <= cand.length; i++) {
    const k = cand.subarray(i, i + n).join(',');
    const left = available.get(k);
    if (left !== undefined && left > 0) {
      matched++;
      available.set(k, left - 1);
    }
  }
  return matched;
}
