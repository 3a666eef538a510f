/**
 * Uncertainty and comparisons. Bootstrap: resample cases with replacement (seeded, so results repeat: seed
 * 20240619 and 1,000 resamples unless `seed` / `resamples` say otherwise), percentile 95% interval. Paired comparison of two models on the same cases: McNemar's
 * exact test for yes/no scores, a paired bootstrap of the mean difference for continuous ones.
 */

/** A small seeded PRNG (mulberry32): same seed, same resamples, on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BootstrapOptions {
  resamples?: number;
  seed?: number;
  /** Confidence level, default 0.95. */
  level?: number;
}

export const DEFAULT_RESAMPLES = 1000;
export const DEFAULT_SEED = 20240619;

/** The q-quantile (0..1) of sorted values, linear between order statistics; NaN for none. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** The central interval of sorted bootstrap values at a confidence level (default 95%). */
export function percentileInterval(sorted: readonly number[], level = 0.95): { low: number; high: number } {
  const alpha = 1 - level;
  return { low: percentile(sorted, alpha / 2), high: percentile(sorted, 1 - alpha / 2) };
}

/** Percentile bootstrap interval of a statistic over items (cases). Null when the statistic is null. */
export function bootstrapCI<T>(items: readonly T[], stat: (sample: readonly T[]) => number | null, opts: BootstrapOptions = {}): { low: number; high: number } | null {
  if (items.length === 0 || stat(items) === null) return null;
  const random = seededRandom(opts.seed ?? DEFAULT_SEED);
  const b = opts.resamples ?? DEFAULT_RESAMPLES;
  const values: number[] = [];
  const sample: T[] = new Array<T>(items.length);
  for (let r = 0; r < b; r++) {
    for (let i = 0; i < items.length; i++) sample[i] = items[Math.floor(random() * items.length)]!;
    const v = stat(sample);
    if (v !== null && Number.isFinite(v)) values.push(v);
  }
  values.sort((x, y) => x - y);
  return percentileInterval(values, opts.level);
}

function logChoose(n: number, k: number): number {
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log(n - k + i) - Math.log(i);
  return s;
}

/**
 * McNemar's exact test on paired yes/no outcomes: b = cases only A got right, c = only B got right. Two-sided
 * p-value from the binomial(b + c, 1/2) distribution.
 */
export function mcnemar(a: readonly boolean[], b: readonly boolean[]): { onlyA: number; onlyB: number; p: number } {
  if (a.length !== b.length) throw new Error('mcnemar: the two lists must pair up');
  let onlyA = 0;
  let onlyB = 0;
  a.forEach((x, i) => {
    if (x && !b[i]) onlyA++;
    else if (!x && b[i]) onlyB++;
  });
  const n = onlyA + onlyB;
  if (n === 0) return { onlyA, onlyB, p: 1 };
  const k = Math.min(onlyA, onlyB);
  let tail = 0;
  for (let i = 0; i <= k; i++) tail += Math.exp(logChoose(n, i) - n * Math.LN2);
  return { onlyA, onlyB, p: Math.min(1, 2 * tail) };
}

/**
 * Paired bootstrap of the mean difference A − B: the observed difference, its percentile interval, and a
 * two-sided p-value (twice the smaller share of resampled differences on either side of zero).
 */
export function pairedBootstrap(a: readonly number[], b: readonly number[], opts: BootstrapOptions = {}): { diff: number; low: number; high: number; p: number } {
  if (a.length !== b.length) throw new Error('pairedBootstrap: the two lists must pair up');
  if (a.length === 0) return { diff: NaN, low: NaN, high: NaN, p: 1 };
  const d = a.map((x, i) => x - b[i]!);
  const meanOf = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
  const random = seededRandom(opts.seed ?? DEFAULT_SEED);
  const r = opts.resamples ?? DEFAULT_RESAMPLES;
  const values: number[] = [];
  for (let k = 0; k < r; k++) {
    let s = 0;
    for (let i = 0; i < d.length; i++) s += d[Math.floor(random() * d.length)]!;
    values.push(s / d.length);
  }
  values.sort((x, y) => x - y);
  return { diff: meanOf(d), ...percentileInterval(values, opts.level), p: twoSidedP(values) };
}

/** Two-sided bootstrap p-value of "no difference": twice the smaller share of resampled differences on either side of 0. */
export function twoSidedP(diffs: readonly number[]): number {
  if (diffs.length === 0) return 1;
  const below = diffs.filter((v) => v <= 0).length / diffs.length;
  const above = diffs.filter((v) => v >= 0).length / diffs.length;
  return Math.min(1, 2 * Math.min(below, above));
}

/**
 * Paired bootstrap of any statistics of two models computed from the same cases: resample the indices of the
 * paired cases, compute `stat` on each side's resample (one call per side, several named statistics at once),
 * and return per statistic the observed values, the difference A − B, its percentile interval and two-sided p.
 * A statistic that is null on the full data is left out; resamples where it is null are skipped.
 */
export function pairedBootstrapStats<T>(
  a: readonly T[],
  b: readonly T[],
  stat: (sample: readonly T[]) => Record<string, number | null>,
  opts: BootstrapOptions = {},
): Record<string, { a: number; b: number; diff: number; low: number; high: number; p: number }> {
  if (a.length !== b.length) throw new Error('pairedBootstrapStats: the two lists must pair up');
  if (a.length === 0) return {};
  const [sa, sb] = [stat(a), stat(b)];
  const names = Object.keys(sa).filter((k) => sa[k] !== null && sb[k] !== null && sa[k] !== undefined && sb[k] !== undefined);
  const diffs: Record<string, number[]> = Object.fromEntries(names.map((k) => [k, []]));
  const random = seededRandom(opts.seed ?? DEFAULT_SEED);
  const xa: T[] = new Array<T>(a.length);
  const xb: T[] = new Array<T>(b.length);
  for (let r = 0; r < (opts.resamples ?? DEFAULT_RESAMPLES); r++) {
    for (let i = 0; i < a.length; i++) {
      const j = Math.floor(random() * a.length);
      xa[i] = a[j]!;
      xb[i] = b[j]!;
    }
    const [ra, rb] = [stat(xa), stat(xb)];
    for (const k of names) if (ra[k] != null && rb[k] != null) diffs[k]!.push(ra[k]! - rb[k]!);
  }
  return Object.fromEntries(
    names.map((k) => {
      const xs = diffs[k]!.sort((x, y) => x - y);
      return [k, { a: sa[k]!, b: sb[k]!, diff: sa[k]! - sb[k]!, ...percentileInterval(xs, opts.level), p: twoSidedP(xs) }];
    }),
  );
}
