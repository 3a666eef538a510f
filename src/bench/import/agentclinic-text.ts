/**
 * Text helpers of the AgentClinic preset: key names as readable labels, and nested findings flattened into
 * lines that keep a separator between each label and its finding.
 */
import { toText } from './rules.js';

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * `Review_of_Systems` → `Review of systems`. Words in capitals (CT, WBC) and words with a capital inside
 * (Dix-Hallpike, HbA1c, McMurray) stay as they are; other words after the first are lower-cased.
 */
export function label(key: string): string {
  const words = key.replace(/_/g, ' ').replace(/\s+/g, ' ').trim().split(' ');
  return words
    .map((w, i) => {
      if (w.length > 1 && w === w.toUpperCase()) return w;
      if (/\p{Lu}/u.test(w.slice(1))) return i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w;
      const lower = w.toLowerCase();
      return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

/**
 * Nested findings as readable text. At the top, one line per entry: `Label: finding`, or for a group
 * `Vital signs — Temperature: 36.6 °C; Heart rate: 72 bpm`; deeper groups in brackets:
 * `Abdomen — Palpation (Right upper quadrant: tender; Left: soft)`.
 */
export function flatten(value: unknown, depth = 0): string {
  if (!isObj(value)) return toText(value);
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (isObj(v)) {
      const inner = flatten(v, depth + 1);
      if (inner !== '') parts.push(depth === 0 ? `${label(k)} — ${inner}` : `${label(k)} (${inner})`);
    } else {
      const t = toText(v);
      if (t !== '') parts.push(`${label(k)}: ${t}`);
    }
  }
  return parts.join(depth === 0 ? '\n' : '; ');
}
