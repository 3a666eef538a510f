/**
 * BERTScore's arithmetic on token vectors (pure; bertscore.ts gets the vectors from a model): greedy matching by
 * cosine similarity, weights per token, baseline rescaling.
 *
 * Two variants of which tokens take part (a text profile chooses; see profiles.ts):
 *   clinicallab  only the text's own tokens are matched and averaged; F1 = 2PR / (P + R), 0 when P + R ≤ 0;
 *   bert-score   as bert-score 0.3.13: the tokens the tokenizer adds ([CLS] and [SEP], <s> and </s>) stay in the
 *                sets a token's best match is sought in, but weigh 0 in the averages; F1 = 2PR / (P + R) with
 *                0 where that is undefined; a side with no token of its own gives P = R = 0.
 */

export interface BertScore {
  precision: number;
  recall: number;
  f1: number;
}

/**
 * BERTScore greedy matching of two sets of token vectors by cosine similarity. Vectors need not be normalised.
 * Optional weights (e.g. IDF) per token; by default every token weighs 1. Empty sets give 0.
 */
export function greedyMatch(
  candidate: ReadonlyArray<ArrayLike<number>>,
  reference: ReadonlyArray<ArrayLike<number>>,
  weights: { candidate?: readonly number[]; reference?: readonly number[] } = {},
): BertScore {
  return matchUnitVectors(candidate.map(unit), reference.map(unit), weights.candidate, weights.reference);
}

export function unit(v: ArrayLike<number>): Float32Array {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
  norm = Math.sqrt(norm);
  const out = new Float32Array(v.length);
  if (norm > 0 && Number.isFinite(norm)) for (let i = 0; i < v.length; i++) out[i] = v[i]! / norm;
  return out;
}

export function matchUnitVectors(
  cand: readonly Float32Array[],
  ref: readonly Float32Array[],
  candWeights?: readonly number[],
  refWeights?: readonly number[],
  bertScoreF = false,
): BertScore {
  if (cand.length === 0 || ref.length === 0) return { precision: 0, recall: 0, f1: 0 };
  const rowMax = new Float64Array(cand.length).fill(-Infinity);
  const colMax = new Float64Array(ref.length).fill(-Infinity);
  for (let i = 0; i < cand.length; i++) {
    const c = cand[i]!;
    for (let j = 0; j < ref.length; j++) {
      const r = ref[j]!;
      const n = Math.min(c.length, r.length);
      let dot = 0;
      for (let k = 0; k < n; k++) dot += c[k]! * r[k]!;
      if (dot > rowMax[i]!) rowMax[i] = dot;
      if (dot > colMax[j]!) colMax[j] = dot;
    }
  }
  const clamp = (x: number): number => Math.max(-1, Math.min(1, x));
  const precision = clamp(weightedMean(rowMax, candWeights));
  const recall = clamp(weightedMean(colMax, refWeights));
  return { precision, recall, f1: f1Of(precision, recall, bertScoreF) };
}

function weightedMean(values: Float64Array, weights?: readonly number[]): number {
  let sum = 0;
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    const w = weights?.[i] ?? 1;
    sum += w * values[i]!;
    total += w;
  }
  return total > 0 ? sum / total : 0;
}

/** Baseline rescaling of the reference implementation: (x − b) / (1 − b), for P, R and F1 separately. */
export function rescaleWithBaseline(score: BertScore, baseline: BertScore): BertScore {
  const r = (x: number, b: number): number => (b < 1 ? (x - b) / (1 - b) : x);
  return {
    precision: r(score.precision, baseline.precision),
    recall: r(score.recall, baseline.recall),
    f1: r(score.f1, baseline.f1),
  };
}


/** F1 of P and R: clinicallab's (0 unless P + R > 0), or bert-score's (0 only where 2PR / (P + R) is NaN). */
function f1Of(p: number, r: number, bertScoreF: boolean): number {
  if (!bertScoreF) return p + r > 0 ? (2 * p * r) / (p + r) : 0;
  const f = (2 * p * r) / (p + r);
  return Number.isNaN(f) ? 0 : f;
}

/**
 * bert-score 0.3.13's matching: `candidate` and `reference` are every token vector of the encoded texts (added
 * tokens included), `candidateWeights` / `referenceWeights` their weights — 0 for the added tokens, 1 (or IDF)
 * for the others. A side whose weights are all 0 (no token of its own: an empty text) gives P = R = F1 = 0.
 */
export function bertScoreMatch(
  candidate: ReadonlyArray<ArrayLike<number>>,
  reference: ReadonlyArray<ArrayLike<number>>,
  candidateWeights: readonly number[],
  referenceWeights: readonly number[],
): BertScore {
  return matchAllTokens(candidate.map(unit), reference.map(unit), candidateWeights, referenceWeights);
}

/** bertScoreMatch on unit vectors. */
export function matchAllTokens(cand: readonly Float32Array[], ref: readonly Float32Array[], candWeights: readonly number[], refWeights: readonly number[]): BertScore {
  const own = (w: readonly number[]): boolean => w.some((x) => x !== 0);
  if (!own(candWeights) || !own(refWeights)) return { precision: 0, recall: 0, f1: 0 };
  return matchUnitVectors(cand, ref, candWeights, refWeights, true);
}
