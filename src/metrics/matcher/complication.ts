/**
 * The complication policy (docs/metrics.md "Stages, severity, negation, complications and causes: the policy"): a
 * gold "X with Y" (X伴Y, X合并Y, "X complicated by Y", "X，Y") names the disease X, Y being its complication or an
 * accompanying condition. A prediction that names only Y names Y, not the gold: it missed X. It still counts when
 * its own name states X — Y named through its parent ("diabetic nephropathy" for "type 2 diabetes with nephropathy",
 * 1型糖尿病酮症酸中毒, "calculous cholecystitis" for "gallbladder stones with cholecystitis"), X named as its cause
 * ("pyelonephritis due to a ureteral stone"), X named beside Y, or Y a kind of X in the lexicon (then the
 * prediction matches X itself).
 * Pure.
 */
import { ITIS } from './qualifiers.js';
import { splitName } from './structure.js';
import { slotConflict, type Analysis, type MatchLang, type Stripped } from './normalise.js';
import type { MatchResult } from './matcher.js';

/** The pieces of a complication tail: "ascites and hepatic encephalopathy", 腹水、肝性脑病 → each on its own. */
const PIECES_EN = /\s(?:and|with|complicated by|accompanied by|plus)\s|,|;/;
const PIECES_ZH = /伴有|伴发|伴|合并|并发|并(?!发)|及|和|,|、|;/u;

export function complicationPieces(tail: string, mode: MatchLang): string[] {
  return tail.split(mode === 'en' ? PIECES_EN : PIECES_ZH).map((x) => x.trim()).filter((x) => x !== '');
}

// a word that states another unit of a disease name: an inflammation its organ ("cholecystitis" → gallbladder),
// "calculous" the stones (canonical "calculus"), a heart valve or "cardiac" the heart ("rheumatic mitral stenosis"
// states the rheumatic heart disease)
const HEART = ['heart'];
const STATES_EN: Record<string, string[]> = {
  ...Object.fromEntries(Object.entries(ITIS).map(([organ, itis]) => [itis, [organ]])),
  calculous: ['calculus'], hepatitis: ['liver'], pyelonephritis: ['kidney'],
  mitral: HEART, tricuspid: HEART, cardiac: HEART, myocardial: HEART,
};

/**
 * Whether the prediction's own name states every content unit of the gold's disease X, in its words: "diabetic
 * nephropathy" states the diabetes of "type 2 diabetes", "acute calculous cholecystitis" the gallbladder stones,
 * 慢性结石性胆囊炎 the 胆囊结石 (zh: every character of X's core in the prediction). A stage, type or side that
 * both state and that conflicts is not X.
 */
export function statesDisease(pred: Stripped, head: Stripped, mode: MatchLang): boolean {
  if (head.units.length === 0 || (mode === 'zh' && head.units.length < 2) || slotConflict(pred.slots, head.slots)) return false;
  if (mode === 'zh') {
    const chars = new Set(pred.units.flatMap((u) => [...u]));
    return head.units.every((u) => [...u].every((c) => chars.has(c)));
  }
  const have = new Set(pred.units.flatMap((u) => [u, ...(STATES_EN[u] ?? [])]));
  return head.units.every((u) => have.has(u));
}

/** The gold's disease and complication texts, when its name is "X with Y" (not "pregnancy with Y": its head is Y). */
export function goldParts(a: Analysis): { head: string; pieces: string[] } | undefined {
  const main = a.readings[0]?.source;
  if (main === undefined || a.tail === undefined) return undefined;
  const { head, tail } = splitName(main, a.mode);
  // a head without a letter is no disease ("47,XXY syndrome" is one name, not 47 with a complication)
  if (tail === undefined || !/\p{L}/u.test(head) || head.trim() === tail.trim()) return undefined;
  return { head: head.trim(), pieces: complicationPieces(tail, a.mode) };
}

/** Every name the prediction states: its readings (main, head, cause, aliases …) and the pieces after its own joiner. */
export function predictionTexts(a: Analysis): string[] {
  const texts = a.readings.map((r) => r.source);
  const main = a.readings[0]?.source;
  const tail = main !== undefined ? splitName(main, a.mode).tail : undefined;
  if (tail !== undefined) texts.push(...complicationPieces(tail, a.mode));
  return [...new Set(texts.filter((t) => t.trim() !== ''))];
}

/** What the check needs from the matcher: a match at depth 1 (no recursion into this check) and a name's analysis. */
export interface ComplicationDeps {
  match(predicted: string, gold: string, lang: MatchLang): MatchResult;
  analysis(text: string, lang: MatchLang): Analysis;
}

/**
 * The check run after the rules on a match found for a gold "X with Y": the match stands only when the prediction
 * names X — as X, as its cause, beside Y, or in its own name; naming only Y is refused (rule `complication`).
 * Returns the refusal, a note saying how the prediction names X when the match came through Y, or undefined when
 * the policy has nothing to say (the gold has no complication, or the match did not come through it).
 */
export function complicationOnly(deps: ComplicationDeps, predicted: string, gold: string, lang: MatchLang): MatchResult | string | undefined {
  const G = deps.analysis(gold, lang);
  const parts = goldParts(G);
  if (!parts) return undefined;
  const piece = parts.pieces.find((y) => deps.match(predicted, y, lang).match);
  if (piece === undefined) return undefined;
  const P = deps.analysis(predicted, lang);
  const named = predictionTexts(P).find((t) => deps.match(t, parts.head, lang).match);
  if (named !== undefined) {
    if (named === P.readings[0]?.source) return undefined;
    const as = named.toLowerCase() === parts.head.toLowerCase() ? '' : ` as "${named}"`;
    return `the prediction also names the gold's disease "${parts.head}"${as} (beside or as the cause of its complication "${piece}")`;
  }
  const [pm, head] = [P.readings[0], deps.analysis(parts.head, lang).readings[0]];
  if (pm && head && P.mode === G.mode && statesDisease(pm.s, head.s, G.mode)) return `the prediction's name states the gold's disease "${parts.head}" with its complication "${piece}"`;
  return { match: false, rule: 'complication', score: 0, explanation: `the prediction names only the gold's complication "${piece}", not its disease "${parts.head}" (naming a complication alone does not name the gold)` };
}
