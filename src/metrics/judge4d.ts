/**
 * The paper's 4-dimension rating of a six-section answer — Fluency, Relevance, Completeness, Proficiency, each
 * 0–100, overall = their mean — by one or more judge models, and how well a judge agrees with human raters.
 * Pure functions: reading a judge's reply, averaging, Spearman's rank correlation and quadratic-weighted kappa.
 */

export const DIMENSIONS = ['fluency', 'relevance', 'completeness', 'proficiency'] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export type Ratings = Record<Dimension, number>;

const LABELS: Record<Dimension, RegExp> = {
  fluency: /(?:fluency|流畅性|流畅度)/i,
  relevance: /(?:relevance|相关性)/i,
  completeness: /(?:completeness|完整性|全面性)/i,
  proficiency: /(?:proficiency|professionalism|专业性|专业度)/i,
};

/** Read the four ratings from a reply (lines, JSON or prose); null when any is missing or out of 0–100. */
export function parseRatings(reply: string): Ratings | null {
  const text = reply.normalize('NFKC');
  const out: Partial<Ratings> = {};
  for (const d of DIMENSIONS) {
    const re = new RegExp(`${LABELS[d].source}["'\\s*]*[:：=]?\\s*["']?(\\d{1,3}(?:\\.\\d+)?)`, 'i');
    const m = re.exec(text);
    if (!m) return null;
    const v = Number(m[1]);
    if (!(v >= 0 && v <= 100)) return null;
    out[d] = v;
  }
  return out as Ratings;
}

export function overall(r: Ratings): number {
  return DIMENSIONS.reduce((s, d) => s + r[d], 0) / DIMENSIONS.length;
}

/** Mean of several judges' ratings of the same answer. */
export function meanRatings(list: readonly Ratings[]): Ratings | null {
  if (list.length === 0) return null;
  return Object.fromEntries(DIMENSIONS.map((d) => [d, list.reduce((s, r) => s + r[d], 0) / list.length])) as Ratings;
}

function ranks(xs: readonly number[]): number[] {
  const order = xs.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array<number>(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) r[order[k]![1]] = (i + j) / 2 + 1; // ties share the mean rank
    i = j + 1;
  }
  return r;
}

/** Spearman's rank correlation (Pearson on ranks, ties averaged); null with fewer than 3 pairs or no spread. */
export function spearman(a: readonly number[], b: readonly number[]): number | null {
  if (a.length !== b.length || a.length < 3) return null;
  const ra = ranks(a);
  const rb = ranks(b);
  const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
  const ma = mean(ra);
  const mb = mean(rb);
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < ra.length; i++) {
    num += (ra[i]! - ma) * (rb[i]! - mb);
    da += (ra[i]! - ma) ** 2;
    db += (rb[i]! - mb) ** 2;
  }
  return da === 0 || db === 0 ? null : num / Math.sqrt(da * db);
}

/** 0–100 into five bands (0–19, 20–39, …, 80–100), the categories for kappa. */
export function band(x: number): number {
  return Math.min(4, Math.floor(x / 20));
}

/** Cohen's kappa with quadratic weights on the five bands; null when undefined (no pairs, or no spread). */
export function weightedKappa(a: readonly number[], b: readonly number[]): number | null {
  if (a.length !== b.length || a.length === 0) return null;
  const k = 5;
  const observed = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  a.forEach((x, i) => observed[band(x)]![band(b[i]!)]!++);
  const n = a.length;
  const rowSum = observed.map((row) => row.reduce((s, x) => s + x, 0));
  const colSum = Array.from({ length: k }, (_, j) => observed.reduce((s, row) => s + row[j]!, 0));
  let num = 0;
  let den = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = ((i - j) / (k - 1)) ** 2;
      num += w * observed[i]![j]!;
      den += (w * rowSum[i]! * colSum[j]!) / n;
    }
  }
  return den === 0 ? null : 1 - num / den;
}
