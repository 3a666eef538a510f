/** A table of keys (modality, lab panel) with display names in both languages; unknown keys are humanised. */
import type { Language } from './language.js';
import { humaniseKey } from './text.js';

export interface NamedKey {
  key: string;
  zh: string;
  en: string;
}

export interface NameTable<T extends NamedKey> {
  entries: readonly T[];
  /** The entry for a key, or undefined for keys the table does not know. */
  of(key: string): T | undefined;
  /** A display name for any key in one language. */
  name(key: string, lang: Language): string;
}

export function nameTable<T extends NamedKey>(entries: readonly T[]): NameTable<T> {
  const byKey = new Map(entries.map((e) => [e.key, e]));
  const of = (key: string): T | undefined => byKey.get(key.trim());
  return {
    entries,
    of,
    name: (key, lang) => {
      const known = of(key);
      if (!known) return humaniseKey(key);
      return lang === 'zh' ? known.zh : known.en;
    },
  };
}
