/**
 * Reading the lexicon's files (lexicon.ts): the error a bad file raises, naming the file, and the JSON read with
 * its text kept for the index cache (lexicon-cache.ts); and one small helper of the index. No state.
 */
import { readFileSync } from 'node:fs';
import { ZhAbbreviationError } from './zh-abbreviations.js';

export class LexiconError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LexiconError';
  }
}

/** The subsets of `items` with `size` elements, in order (items are few: the slots of one name). */
export function subsets<T>(items: T[], size: number, from = 0): T[][] {
  if (size === 0) return [[]];
  const out: T[][] = [];
  for (let i = from; i <= items.length - size; i++) for (const rest of subsets(items, size - 1, i + 1)) out.push([items[i]!, ...rest]);
  return out;
}

/** Read and build a JSON file; its text is added to `texts` (the cache key of lexicon-cache.ts) when given. */
export function readJson<T>(path: string, what: string, build: (data: unknown) => T, texts?: string[]): T {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new LexiconError(`cannot read ${what} ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  texts?.push(text);
  try {
    return build(JSON.parse(text.replace(/^\uFEFF/, '')));
  } catch (err) {
    if (err instanceof LexiconError || err instanceof ZhAbbreviationError) throw new LexiconError(`${path}: ${err.message}`);
    throw new LexiconError(`${path} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** A part's entry `{"extends": "<group id>", "en": [...], "zh": [...], "abbr": [...]}`: more names for a group
 *  another file defines, so files grown in parallel never edit each other's groups. */
export interface GroupExtension {
  extends: string;
  en?: string[];
  zh?: string[];
  abbr?: string[];
  /** More broader concepts the group is also a kind of (ConceptGroup `also`). */
  also?: string[];
  note?: string;
}

interface NamedGroup {
  id: string;
  en: string[];
  zh: string[];
  abbr?: string[];
  also?: string[];
}

/** `groups` with the names of every extension added to its group (new objects; the data is not changed). An error
 *  names the file and the group an extension is about. */
export function applyExtensions<G extends NamedGroup>(groups: G[], extensions: [string, GroupExtension][]): G[] {
  const at = new Map(groups.map((g, i) => [g.id, i]));
  const out = [...groups];
  for (const [file, ext] of extensions) {
    const i = at.get(ext.extends);
    if (i === undefined) throw new LexiconError(`${file}: "extends": group "${ext.extends}" is not defined in any lexicon file`);
    for (const key of ['en', 'zh', 'abbr', 'also'] as const) {
      const names = ext[key];
      if (names !== undefined && (!Array.isArray(names) || names.some((n) => typeof n !== 'string' || n.trim() === ''))) {
        throw new LexiconError(`${file}: the extension of "${ext.extends}" has an empty or non-string name in "${key}"`);
      }
    }
    const missing = ext.also?.find((id) => !at.has(id));
    if (missing !== undefined) throw new LexiconError(`${file}: the extension of "${ext.extends}": "also" names "${missing}", which is not defined in any lexicon file`);
    const g = out[i]!;
    const add = (old: string[] | undefined, more: string[] | undefined) => [...(old ?? []), ...(more ?? []).filter((n) => !(old ?? []).includes(n))];
    out[i] = { ...g, en: add(g.en, ext.en), zh: add(g.zh, ext.zh), ...(g.abbr !== undefined || ext.abbr !== undefined ? { abbr: add(g.abbr, ext.abbr) } : {}), ...(g.also !== undefined || ext.also !== undefined ? { also: add(g.also, ext.also) } : {}) };
  }
  return out;
}
