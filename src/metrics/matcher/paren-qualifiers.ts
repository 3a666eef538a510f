/**
 * What a parenthesised part of a name states for the name (normalise.ts `analyse`): a part that is only qualifiers
 * ("腹股沟斜疝（左）", "主动脉夹层（Stanford A型）", "(unruptured)", "（HER2阴性）", "(central)" of a placenta previa)
 * gives the name its slots, and a name in parentheses — another name of the same thing — gives it the grade or
 * stage it states and the name does not ("HSIL (CIN II)" is of grade 2). Pure; no I/O.
 */

import { readAxes } from './axes.js';
import type { SlotName, Slots } from './qualifiers.js';
import { fullKeyOf } from './slot-compare.js';

interface StrippedLike {
  units: string[];
  key: string;
  slots: Slots;
  fullKey: string;
}

// what may be left of a parenthesised qualifier besides its qualifiers: "(ocular type)", "（右下肢）", "(left leg)"
const FILLER = new Set(['type', 'form', 'variant', 'subtype', 'status', '型', '性', '侧', 'limb', 'leg', 'arm', '肢']);

/** A parenthesised part (read as `s`) that states only qualifiers of its name (`context`): slots, stages, axes and
 *  nothing else; `strip` reads the part once its axis words are gone. */
export function onlyQualifiers(part: string, s: StrippedLike, context: string, strip: (text: string) => StrippedLike): boolean {
  if (s.units.every((u) => FILLER.has(u))) return true;
  const bare = readAxes(` ${part} `, `${context} ${part}`).bare;
  return bare.trim() !== part.trim() && strip(bare).units.every((u) => FILLER.has(u));
}

/**
 * A named subtype stated in parentheses: "（胆汁淤积型）", "（AL型）", "(cholestatic type)", "(tall cell variant)" — the
 * subtype's own word, or undefined. A number is no such name (the type slot reads "2型", "type 2"), nor is a word
 * of more than a few characters or words (that is another name, not a subtype).
 */
export function namedSubtype(part: string, mode: 'en' | 'zh'): string | undefined {
  const m = mode === 'zh' ? /^\s*([\p{Script=Han}a-z]{1,8}?)\s*(?:亚型|型)\s*$/u.exec(part) : /^\s*((?:[a-z]+ ){0,2}[a-z]+)\s+(?:type|variant|subtype|form)\s*$/u.exec(part);
  const core = m?.[1]?.replace(/\s+/g, '');
  if (!core || /^(?:i{1,3}|iv|v|vi{0,3})$/.test(core)) return undefined;
  return core;
}

/**
 * A subtype in parentheses that the lexicon knows joined to its name ("多系统萎缩（P型）" is 多系统萎缩P型: a joined
 * reading with a hit, matcher.ts) is compared as that concept, `subtype=#id`, not as its word (P against 帕金森型).
 */
export function subtypesAsConcept(reads: { r: { kind: string; s: StrippedLike }; hit?: { id: string } | undefined }[]): void {
  const id = reads.find((x) => x.r.kind === 'joined')?.hit?.id;
  if (id === undefined) return;
  for (const { r } of reads) {
    const axis = r.s.slots.axis;
    if (axis?.some((v) => v.startsWith('subtype='))) r.s.slots = { ...r.s.slots, axis: axis.map((v) => (v.startsWith('subtype=') ? `subtype=#${id}` : v)) };
  }
}

/**
 * The side a parenthesised name states, for a name that states none (heldout13): a side in parentheses is the
 * diseased part's whatever else they say — 甲状腺乳头状癌（左叶）, 异位妊娠（左侧输卵管） are left-sided, so they
 * conflict with a right-sided gold as 左侧输卵管妊娠 does.
 */
export function aliasSides(readings: { kind: string; s: StrippedLike }[]): Slots[] {
  const main = readings.find((r) => r.kind === 'main');
  if (main === undefined || main.s.slots.side !== undefined) return [];
  return readings.filter((r) => r.kind === 'alias' && r.s.slots.side !== undefined).map((r) => ({ side: r.s.slots.side! }));
}

/** Give the main and head readings the qualifiers of their parentheses (see the file comment). */
export function lendQualifiers(readings: { kind: string; s: StrippedLike }[], parenSlots: Slots[]): void {
  const scales = (vs: string[] | undefined): Set<string> => new Set((vs ?? []).map((v) => v.split('=')[0]!));
  const aliasStages = readings.filter((r) => r.kind === 'alias' && r.s.slots.stage).map((r) => r.s.slots.stage!);
  for (const r of readings) {
    if (r.kind !== 'main' && r.kind !== 'head') continue;
    for (const slots of parenSlots) for (const [k, vs] of Object.entries(slots)) for (const v of vs ?? []) if (!(r.s.slots[k as SlotName] ??= []).includes(v)) r.s.slots[k as SlotName]!.push(v);
    for (const stage of aliasStages) {
      const own = scales(r.s.slots.stage);
      const more = stage.filter((v) => !own.has(v.split('=')[0]!));
      if (more.length > 0) r.s.slots = { ...r.s.slots, stage: [...(r.s.slots.stage ?? []), ...more] };
    }
    r.s.fullKey = fullKeyOf(r.s.key, r.s.slots);
  }
}
