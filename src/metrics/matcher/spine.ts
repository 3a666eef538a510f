/**
 * The level of the spine a name states (an axis of axes.ts): "L4/5", "L5-S1", "C5/6", "T12", and in Chinese 腰4/5,
 * 腰5骶1 (qualifiers.ts writes them as L4/5, L5/S1 first). Pure; no I/O.
 */

// The spine's levels in order: C1–C7, T1–T12, L1–L5, S1–S5. A level written with two vertebrae ("L4/5", "L5-S1",
// "L3-S1") names the discs between them, one vertebra ("L1") the vertebra; two names at different levels of one
// kind conflict, a level that overlaps the other's agrees, a level against none ("lumbar") is set aside.
const SPINE: Record<string, number> = { c: 7, t: 12, l: 5, s: 5 };
const SPINE_START: Record<string, number> = { c: 0, t: 7, l: 19, s: 24 };
export const SPINE_CONTEXT = /\b(?:disc|disk|vertebra\w*|spondyl\w*|spine|spinal|radicul\w*|stenosis|fracture|myelopathy|herniat\w*|prolapse)\b|椎|骨折|突出|狭窄|脊/u;
// (not the letter class of a fracture scale: AO C3, Tile C1 — named-scales.ts)
export const LEVEL = /(?<![a-z0-9])(?<!\b(?:ao|ota|tile)(?:\s*\/?\s*ota)?(?:\s*\d{2}(?:\.\d)?)?(?:\s*(?:type|classification|class|分型))?\s*)([clts])(\d{1,2})(?:\s*(?:-|\/|~|、|to|\s)\s*([clts])?\s*(\d{1,2}))?(?![a-z0-9])/gu;
const NAMES = Object.entries(SPINE).flatMap(([seg, n]) => Array.from({ length: n }, (_x, i) => `${seg}${i + 1}`));

/** The values of one written level (see above), or undefined when it is no level of the spine. */
export function spinalLevel(seg: string, n: string, seg2: string | undefined, n2: string | undefined): string[] | undefined {
  const at = (s: string, k: number): number | undefined => (k >= 1 && k <= SPINE[s]! ? SPINE_START[s]! + k - 1 : undefined);
  const a = at(seg, Number(n));
  if (a === undefined) return undefined;
  if (n2 === undefined) return [`spine.vertebra=${NAMES[a]}`];
  const b = at(seg2 ?? seg, Number(n2));
  if (b === undefined || b <= a) return undefined;
  return Array.from({ length: b - a }, (_x, i) => `spine.disc=${NAMES[a + i]}`);
}
