/**
 * Preliminary Diagnosis lists: a predicted list against a gold list, one-to-one, with the assignment that recovers
 * the most gold items (Hungarian algorithm, not greedy) — the share of gold items recovered — and the case-level
 * PD verdict, which is about one gold item only (the principal one, `principalIndex`) and is decided by any
 * predicted item naming it, whatever the assignment did with that prediction.
 */
import type { Matcher, MatchResult } from './matcher.js';
import type { MatchLang } from './normalise.js';

export interface ListItemMatch {
  gold: string;
  goldIndex: number;
  /** The prediction assigned to this gold item, or null when none matches it. */
  predicted: string | null;
  predictedIndex: number | null;
  /** The result for the assigned prediction; when unmatched, the closest (non-matching) one, or null if there were no predictions. */
  result: MatchResult | null;
  /** The best prediction naming this gold item, in any position — also when the one-to-one assignment gave that
   *  prediction to another gold item (the PD verdict reads this, not the assignment); null when none names it. */
  named: { predicted: string; predictedIndex: number; result: MatchResult } | null;
}

export interface ListMatch {
  items: ListItemMatch[];
  /** Gold items matched by some prediction (each prediction used at most once). */
  recovered: number;
  /** recovered / number of gold items (0 for an empty gold list). */
  share: number;
}

/** Items beyond this many on either side are ignored (a real list has under 10; this bounds the O(n³) assignment). */
export const MAX_LIST_ITEMS = 100;

/**
 * Minimum-cost perfect assignment on a square matrix (Hungarian algorithm with potentials, O(n³)).
 * Returns, for each row, its column.
 */
function assign(cost: number[][]): number[] {
  const n = cost.length;
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(n + 1).fill(0);
  const p = new Array<number>(n + 1).fill(0); // p[col] = row (1-based), 0 = free
  const way = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Array<number>(n + 1).fill(Infinity);
    const used = new Array<boolean>(n + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = p[j0]!;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = cost[i0 - 1]![j - 1]! - u[i0]! - v[j]!;
        if (cur < minv[j]!) [minv[j], way[j]] = [cur, j0];
        if (minv[j]! < delta) [delta, j1] = [minv[j]!, j];
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j]!] = u[p[j]!]! + delta;
          v[j] = v[j]! - delta;
        } else minv[j] = minv[j]! - delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  const rowToCol = new Array<number>(n).fill(-1);
  for (let j = 1; j <= n; j++) if (p[j]! > 0) rowToCol[p[j]! - 1] = j - 1;
  return rowToCol;
}

/**
 * Match a predicted list against a gold list one-to-one, choosing the assignment that recovers the most gold
 * items and, among those, has the highest total score (exact: Hungarian algorithm, not greedy). Blank items are
 * ignored.
 */
export function matchList(predicted: readonly string[], gold: readonly string[], matcher: Matcher, lang: MatchLang): ListMatch {
  const clean = (xs: readonly string[]): { text: string; index: number }[] =>
    xs
      .map((text, index) => ({ text: typeof text === 'string' ? text : String(text ?? ''), index }))
      .filter((x) => x.text.trim() !== '')
      .slice(0, MAX_LIST_ITEMS);
  const g = clean(gold);
  const p = clean(predicted);
  const results = g.map((gi) => p.map((pi) => matcher.match(pi.text, gi.text, lang)));
  const n = Math.max(g.length, p.length);
  // Weight of a pair: a match is worth more than any sum of scores (n + 1 > n·1), so matches come first.
  const big = n + 1;
  const cost = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => {
    const r = results[i]?.[j];
    return r?.match ? -(big + r.score) : 0;
  }));
  const cols = n > 0 ? assign(cost) : [];
  const items: ListItemMatch[] = g.map((gi, i) => {
    const j = cols[i] ?? -1;
    const r = j >= 0 ? results[i]![j] : undefined;
    // the best prediction naming this item on its own (first in the list among equal scores)
    let best = -1;
    for (const [k, x] of results[i]!.entries()) if (x.match && (best < 0 || x.score > results[i]![best]!.score)) best = k;
    const named = best >= 0 ? { predicted: p[best]!.text, predictedIndex: p[best]!.index, result: results[i]![best]! } : null;
    if (r?.match) return { gold: gi.text, goldIndex: gi.index, predicted: p[j]!.text, predictedIndex: p[j]!.index, result: r, named };
    const closest = results[i]!.reduce<MatchResult | null>((acc, x) => (acc === null || x.score > acc.score ? x : acc), null);
    return { gold: gi.text, goldIndex: gi.index, predicted: null, predictedIndex: null, result: closest, named };
  });
  const recovered = items.filter((x) => x.predicted !== null).length;
  return { items, recovered, share: g.length > 0 ? recovered / g.length : 0 };
}

/**
 * Which gold preliminary item PD is about: the one that names the record's principal (final) diagnosis — the gold
 * item the principal diagnosis matches best (either way round, the earlier item among equal scores) — or, when no
 * item names it (or there is no principal diagnosis), the first item.
 *
 * Why not always the first: ClinicalBench usually lists the principal problem first, but not always — the
 * authors' own public example puts its principal diagnosis second, after a finding that led to it.
 */
export function principalIndex(gold: readonly string[], principal: string | undefined, matcher: Matcher, lang: MatchLang): number {
  if (typeof principal !== 'string' || principal.trim() === '') return 0;
  let best = -1;
  let bestScore = -1;
  for (const [i, item] of gold.slice(0, MAX_LIST_ITEMS).entries()) {
    if (typeof item !== 'string' || item.trim() === '') continue;
    for (const r of [matcher.match(item, principal, lang), matcher.match(principal, item, lang)]) {
      if (r.match && r.score > bestScore) [best, bestScore] = [i, r.score];
    }
  }
  return best >= 0 ? best : 0;
}

/**
 * Case-level Preliminary Diagnosis verdict. Correct when the gold PRINCIPAL item (`principalIndex`, see
 * `principalIndex()`; default the first item) is named by any predicted item, in any position — also a prediction
 * the one-to-one assignment gave to another gold item: gold [coronary heart disease, acute anterior STEMI] and
 * prediction [acute anterior STEMI] is correct when the STEMI is the principal item, though the assignment may
 * pair the STEMI with the broader gold item. `share` (recovered / gold items, from the assignment) is reported
 * alongside.
 *
 * Why: the rest of the list are comorbidities and incidental findings (mild anaemia, a renal cyst) whose omission
 * is not a diagnostic error. The paper reports PD as the share of cases judged correct, a yes/no per case. Model
 * answers are not ordered reliably, so any predicted position may name the principal item.
 */
export function pdVerdict(list: ListMatch, principalIndex = 0): { correct: boolean; share: number } {
  const principal = list.items.find((x) => x.goldIndex === principalIndex) ?? list.items[0];
  return { correct: principal?.named != null, share: list.share };
}
