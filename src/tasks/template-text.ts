/**
 * A prompt template as text: its placeholders, its content hash and how it is filled in. Kept apart from the list
 * of template names (templates.ts), which is read from the task registry, so that the generations the registry
 * holds can render their prompts without importing it back.
 */
import { createHash } from 'node:crypto';
import type { Language } from '../bench/language.js';

export interface Template {
  name: string;
  language: Language;
  text: string;
  /** First 16 hex digits of the SHA-256 of the text. */
  hash: string;
  /** `builtin` or the path of the user's file. */
  source: string;
}

export type TemplateSet = Map<`${Language}/${string}`, Template>;

const PLACEHOLDER = /\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g;

export function templateHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** The placeholders a template text uses, in order of first use. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** Fill a template's placeholders. Every placeholder used must have a value. */
export function renderTemplate(template: Template, values: Record<string, string | number>): string {
  return template.text
    .replace(PLACEHOLDER, (_, key: string) => {
      const v = values[key];
      if (v === undefined) throw new Error(`template ${template.language}/${template.name} (${template.source}) needs a value for {{${key}}}`);
      return String(v);
    })
    .replace(/\s+$/u, '');
}

export function getTemplate(set: TemplateSet, language: Language, name: string): Template {
  const t = set.get(`${language}/${name}`);
  if (!t) throw new Error(`no template ${language}/${name}`);
  return t;
}
