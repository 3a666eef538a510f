/**
 * The six sections of an answer written as JSON: keys in English, Chinese or code style (`"Preliminary
 * Diagnosis"`, `"初步诊断"`, `principal_diagnosis`, `treatmentPlan`, or the section ids), at the top or one or
 * two objects down (`{"assessment": {…}}`), or a list of `{section, content}` pairs; values as strings, lists of
 * strings, or lists of objects (`{"disease": …, "reason": …}` becomes "disease: reason"). Lists are numbered
 * when written as text, and kept item by item.
 */
import type { SectionId } from './generations/clinical-sections.js';
import { jsonText } from './json-answer.js';
import { sectionsOfKey } from './section-labels.js';

export interface JsonSections {
  sections: Partial<Record<SectionId, string>>;
  found: SectionId[];
  lists: Partial<Record<SectionId, string[]>>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const NAME_KEY = /^(?:disease|diagnosis|name|condition|item|疾病|诊断|名称|病名)/iu;

/** One list item as text: `{disease, reason}` → "disease: reason". */
function itemText(v: unknown): string {
  if (!isObj(v)) return Array.isArray(v) ? v.map(jsonText).join(', ') : jsonText(v);
  const entries = Object.entries(v).filter(([, x]) => jsonText(x).trim() !== '');
  const name = entries.find(([k]) => NAME_KEY.test(k));
  const others = entries.filter((e) => e !== name).map(([, x]) => jsonText(x));
  return name ? [jsonText(name[1]), ...others].join(': ') : others.join(': ');
}

function hasSectionKeys(v: unknown): boolean {
  return isObj(v) && Object.keys(v).some((k) => sectionsOfKey(k).length > 0);
}

/** `{ "section": "Preliminary Diagnosis", "content": … }`: the section a pair names and its content. */
function pairOf(v: unknown): [SectionId[], unknown] | undefined {
  if (!isObj(v)) return undefined;
  const entries = Object.entries(v);
  if (entries.length !== 2) return undefined;
  for (const [i, [, x]] of entries.entries()) {
    if (typeof x !== 'string') continue;
    const ids = sectionsOfKey(x);
    if (ids.length > 0) return [ids, entries[1 - i]![1]];
  }
  return undefined;
}

export function sectionsFromJson(value: unknown): JsonSections | undefined {
  const out: JsonSections = { sections: {}, found: [], lists: {} };
  const put = (ids: SectionId[], v: unknown): void => {
    const items = Array.isArray(v) ? v.map(itemText).filter((t) => t.trim() !== '') : undefined;
    const text = items ? items.map((t, i) => `${i + 1}. ${t}`).join('\n') : isObj(v) ? itemText(v) : jsonText(v);
    for (const id of ids) {
      if (out.found.includes(id)) continue;
      out.found.push(id);
      out.sections[id] = text.trim();
      if (items) out.lists[id] = items.map((t) => t.trim());
    }
  };
  const walk = (v: unknown, depth: number): void => {
    if (depth > 3) return;
    if (Array.isArray(v)) {
      for (const x of v) {
        const pair = pairOf(x);
        if (pair) put(...pair);
        else if (isObj(x) && depth < 3) walk(x, depth + 1);
      }
      return;
    }
    if (!isObj(v)) return;
    for (const [k, x] of Object.entries(v)) {
      const ids = sectionsOfKey(k);
      if (ids.length > 0 && !hasSectionKeys(x)) put(ids, x);
      else if (isObj(x) || Array.isArray(x)) walk(x, depth + 1);
    }
  };
  walk(value, 0);
  return out.found.length > 0 ? out : undefined;
}
