/**
 * Comparing the slots of two readings (normalise.ts reads them): the key a reading is looked up by, and the conflict
 * of two readings' stated qualifiers — a slot both state with no value in common, a stage per scale (stage.ts), an
 * axis of stated subtypes, states and sites per axis (axes.ts). Pure; no I/O.
 */

import { axisConflict, DROPPING } from './axes.js';
import { SLOT_NAMES, type SlotName, type Slots } from './qualifiers.js';
import { stageConflict } from './stage.js';

/** The key plus the slot values, for looking a name up (of the axes only those whose words leave the key, and the
 *  spinal level: the words of the others are in the key already). */
export function fullKeyOf(key: string, slots: Slots): string {
  const values = (n: SlotName): string[] => (n === 'axis' ? slots.axis!.filter((v) => DROPPING.has(v.split(/[.=]/u)[0]!)) : slots[n]!);
  const tags = SLOT_NAMES.filter((n) => n !== 'polarity' && slots[n] && values(n).length > 0).map((n) => `${n}:${[...values(n)].sort().join('+')}`);
  return tags.length > 0 ? `${key}|${tags.join('|')}` : key;
}

/** Slots stated on both sides that conflict: a description, or undefined. */
export function slotConflict(a: Slots, b: Slots): string | undefined {
  for (const name of SLOT_NAMES) {
    const x = a[name];
    const y = b[name];
    if (!x || !y || x.length === 0 || y.length === 0) continue;
    if (name === 'stage') {
      const c = stageConflict(x, y);
      if (c) return `stage: ${c}`;
    } else if (name === 'axis') {
      const c = axisConflict(x, y);
      if (c) return c;
    } else if (!x.some((v) => y.includes(v))) return `${name}: ${x.join('+')} vs ${y.join('+')}`;
  }
  return undefined;
}
