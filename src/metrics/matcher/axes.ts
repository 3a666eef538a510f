/**
 * Stated subtypes, states and sites of one disease (docs/metrics.md "Stages, severity, negation, complications and
 * causes: the policy", "Subtypes, states and sites"): the values a name may state on one *axis* of its disease —
 * the part of a placenta previa that is covered, the state of a hernia, the pathology of an appendicitis, the
 * chorionicity of twins, central or peripheral, functional or organic, a risk category, a receptor status, ruptured
 * or not, the segment of the colon, the level of the spine, in situ / minimally invasive / invasive.
 *
 * The rule is the policy's: a value stated on one side only is set aside; values of one axis stated on both sides
 * that do not agree make two diagnoses (`axisConflict`). Values agree when they are equal or one contains the other
 * (right-sided colon contains the caecum, a paraoesophageal hernia types II–IV, monochorionic both MCDA and MCMA).
 *
 * Reading an axis records its value (`axis=value`, `axis.sub=value`, or a value of another slot: "central
 * hypothyroidism" is a secondary one, "Mobitz II" is type 2). Where the words are part of the name (乙状结肠癌,
 * 食管旁疝, "ruptured spleen") they stay in it, so the axis only adds refusals; where they are qualifiers only
 * (`drop`: the covered part of a previa, a hernia's state, a risk category, a receptor status) they are taken out,
 * so a value on one side only is set aside. `bare` loses every word read: what is left of a parenthesised part
 * decides whether it is nothing but qualifiers ("(unruptured)", "（HER2阴性）"). Some axes are read only in a name
 * of the disease they belong to (`context`). The tables are axis-table.ts, axis-table-more.ts, axis-table-types.ts and axis-table-kinds.ts, the spinal level
 * spine.ts. Pure; no I/O.
 */

import { AXES_STATES, type Axis } from './axis-table.js';
import { AXES_SITES, SLOT_VALUES as SLOT_VALUES_MORE } from './axis-table-more.js';
import { AXES_TYPES, SLOT_VALUES_TYPES } from './axis-table-types.js';
import { AXES_KINDS } from './axis-table-kinds.js';
import { anyOf, type SlotName } from './qualifiers.js';
import { LEVEL, SPINE_CONTEXT, spinalLevel } from './spine.js';

// the types of axis-table-types.ts first: each is read only in its disease, where its words (单纯型 of a purpura) are its own
const AXES: Axis[] = [...AXES_TYPES, ...AXES_KINDS, ...AXES_STATES, ...AXES_SITES];
const SLOT_VALUES = [...SLOT_VALUES_MORE, ...SLOT_VALUES_TYPES];

export interface AxisReading {
  /** The values read: `axis=value` under `axis`, values of other slots under their names. */
  slots: Partial<Record<SlotName, string[]>>;
  /** The text without the words of the axes that drop them (see `Axis.drop`). */
  text: string;
  /** The text without any word read, for telling a part that is only qualifiers ("(unruptured)"). */
  bare: string;
  /** The words read, and those taken out of `text` (for explanations). */
  read: string[];
  removed: string[];
}

/** Read the axes of a text; `context` is the whole name (a parenthesised part is read in the context of its name). */
export function readAxes(text: string, context = text): AxisReading {
  const slots: Partial<Record<SlotName, string[]>> = {};
  const read: string[] = [];
  const removed: string[] = [];
  const add = (slot: SlotName, v: string): void => {
    const list = (slots[slot] ??= []);
    if (!list.includes(v)) list.push(v);
  };
  const [free, contexts] = [FREE(text), CONTEXTS(context)];
  if (!free && !contexts) return { slots, text, bare: text, read, removed };
  // `bare` loses every word read; `out` only those of the dropping axes (the same replacements, in step)
  let [bare, out] = [text, text];
  for (const [ctx, re, slot, v] of SLOT_VALUES) {
    if (ctx && !ctx.test(context)) continue;
    bare = bare.replace(re, (m) => (read.push(m.trim()), add(slot, v), ' '));
  }
  for (const axis of AXES) {
    if ((axis.context ? !contexts || !axis.context.test(context) : !free) || !AXIS_TEST.get(axis)!(bare)) continue;
    for (const [re, values, keep] of axis.values) {
      const drop = axis.drop === true && keep !== 'keep';
      const one = (m: string, ...groups: unknown[]): string => {
        const caps = groups.slice(0, -2).filter((g): g is string => typeof g === 'string' && g !== '');
        if (values.length === 0 && caps.length === 0) return m;
        removed.push(m.trim());
        return ' ';
      };
      if (drop) out = out.replace(re, one);
      bare = bare.replace(re, (m: string, ...groups: unknown[]) => {
        const caps = groups.slice(0, -2).filter((g): g is string => typeof g === 'string' && g !== '');
        const vs = values.length === 0 ? caps : values.map((v) => (v.startsWith('=') ? `${caps[0] ?? ''}${v}` : v));
        if (vs.length === 0 || vs.some((v) => v.startsWith('='))) return m;
        read.push(m.trim());
        for (const v of vs) add('axis', `${axis.name}${v.includes('=') ? '.' : '='}${v}`);
        return ' ';
      });
    }
  }
  if (contexts && SPINE_CONTEXT.test(context)) {
    const level = (m: string, seg: string, n: string, seg2?: string, n2?: string): string => {
      const vs = spinalLevel(seg, n, seg2, n2);
      if (!vs) return m;
      read.push(m.trim());
      for (const v of vs) add('axis', v);
      return ' ';
    };
    bare = bare.replace(LEVEL, level);
    out = out.replace(LEVEL, (m: string, seg: string, n: string, seg2?: string, n2?: string) => (spinalLevel(seg, n, seg2, n2) ? (removed.push(m.trim()), ' ') : m));
  }
  return { slots, text: out, bare, read, removed };
}

// one test for every context and the axes without one: most names state none of these
// (each axis's values in one test; the union of the contexts, of the values of the axes without one, and of the
// other slots' patterns in another)
const AXIS_TEST = new Map(AXES.map((a) => [a, anyOf(a.values.map(([re]) => re))] as const));
const CONTEXTS = anyOf(AXES.flatMap((a) => (a.context ? [a.context] : [])).concat(SPINE_CONTEXT));
const FREE = anyOf([...AXES.filter((a) => !a.context).flatMap((a) => a.values.map(([re]) => re)), ...SLOT_VALUES.map(([, re]) => re)]);

/** The axes whose words are taken out of the name: only their values tell two names apart in a lookup key. */
export const DROPPING = new Set([...AXES.filter((a) => a.drop).map((a) => a.name), 'spine']);

const SOME = new Set(AXES.filter((a) => a.some).map((a) => a.name));

const AGREE = new Map<string, Map<string, Set<string>>>();
for (const axis of AXES) {
  const m = new Map<string, Set<string>>();
  for (const [group, members] of axis.agree ?? []) for (const x of members) for (const [a, b] of [[group, x], [x, group]] as const) (m.get(a) ?? m.set(a, new Set()).get(a)!).add(b);
  AGREE.set(axis.name, m);
}

/** Split `name=value` or `name.sub=value` into the axis (with its sub-axis: receptor.her2) and the value. */
function parts(v: string): [string, string] {
  const i = v.lastIndexOf('=');
  return [v.slice(0, i), v.slice(i + 1)];
}

/** The axes of two names in conflict (see the file comment): a description, or undefined when they agree. Each
 *  value stated on one side must agree with a value of the same axis on the other. */
export function axisConflict(a: readonly string[], b: readonly string[]): string | undefined {
  const byAxis = (vs: readonly string[]): Map<string, string[]> => {
    const m = new Map<string, string[]>();
    for (const v of vs) {
      const [k, x] = parts(v);
      m.set(k, [...(m.get(k) ?? []), x]);
    }
    return m;
  };
  const [x, y] = [byAxis(a), byAxis(b)];
  for (const [k, xs] of x) {
    const ys = y.get(k);
    if (!ys) continue;
    const agree = AGREE.get(k.split('.')[0]!);
    // a named subtype in parentheses (paren-qualifiers.ts) agrees with one that contains it (肝细胞 and 肝细胞损伤),
    // and a subtype the lexicon knows as a concept (#id) with a word it does not know (no telling them apart)
    const ok = (u: string, w: string): boolean => u === w || agree?.get(u)?.has(w) === true || (k === 'subtype' && (u.includes(w) || w.includes(u) || u.startsWith('#') !== w.startsWith('#')));
    if (k.startsWith('spine.') || SOME.has(k.split('.')[0]!)) {
      if (!xs.some((u) => ys.includes(u))) return `${k}: ${xs.join('+')} vs ${ys.join('+')}`;
      continue;
    }
    if (!xs.every((u) => ys.some((w) => ok(u, w))) || !ys.every((w) => xs.some((u) => ok(u, w)))) return `${k}: ${xs.join('+')} vs ${ys.join('+')}`;
  }
  return undefined;
}
