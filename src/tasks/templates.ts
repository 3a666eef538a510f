/**
 * Prompt templates live in files (`templates/<lang>/<name>.txt`) so a user can replace any of them — for
 * example with the authors' original wording — by pointing `--templates <dir>` at a folder with the same layout.
 * A template is plain text with `{{placeholders}}`; every template in use is identified by a content hash that
 * runs and caches record.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '../bench/language.js';

export const TEMPLATE_NAMES = [
  'department-guide',
  'department-guide-multi',
  'clinical-diagnosis',
  'imaging-diagnosis',
  // ClinicalAgent roles
  'agent-consult',
  'agent-final',
  'agent-chief',
  'agent-nurse',
  'agent-pharmacist',
  // the 4-dimension judge
  'judge-4d',
  // interactive ClinicalBench (src/agent/interactive)
  'interactive-doctor',
  'interactive-final',
  'interactive-patient',
] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/** The placeholders each template may use. A template need not use all of them, but may use no others. */
export const TEMPLATE_VARIABLES: Record<TemplateName, readonly string[]> = {
  'department-guide': ['basic_information', 'chief_complaint', 'department_list'],
  'department-guide-multi': ['basic_information', 'chief_complaint', 'department_list', 'k'],
  'clinical-diagnosis': ['department', 'case_summary'],
  'imaging-diagnosis': ['modality', 'findings'],
  'agent-consult': ['department', 'case_details', 'lab_tests', 'imaging_exams'],
  'agent-final': ['department', 'case_details', 'lab_results', 'imaging_reports'],
  'agent-chief': ['case_details', 'opinions'],
  'agent-nurse': ['case_details', 'principal', 'plan'],
  'agent-pharmacist': ['case_details', 'principal', 'plan'],
  'judge-4d': ['case_summary', 'gold', 'answer'],
  'interactive-doctor': ['basic_information', 'chief_complaint', 'lab_panels', 'imaging_exams', 'budget', 'transcript'],
  'interactive-final': ['basic_information', 'chief_complaint', 'budget', 'transcript'],
  'interactive-patient': ['patient_history', 'question'],
};

export interface Template {
  name: TemplateName;
  language: Language;
  text: string;
  /** First 16 hex digits of the SHA-256 of the text. */
  hash: string;
  /** `builtin` or the path of the user's file. */
  source: string;
}

export type TemplateSet = Map<`${Language}/${TemplateName}`, Template>;

export const BUILTIN_TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));

const PLACEHOLDER = /\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g;

export function templateHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** The placeholders a template text uses, in order of first use. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** Check a template's placeholders; returns the problem in plain words, or undefined. */
export function checkTemplate(name: TemplateName, text: string): string | undefined {
  const allowed = TEMPLATE_VARIABLES[name];
  const unknown = placeholdersOf(text).filter((p) => !allowed.includes(p));
  if (unknown.length > 0) {
    return `uses unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `{{${u}}}`).join(', ')}; allowed: ${allowed.map((a) => `{{${a}}}`).join(', ')}`;
  }
  if (text.trim() === '') return 'is empty';
  return undefined;
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

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`cannot read template ${path}: ${(err as Error).message}`);
  }
}

/**
 * Load the built-in templates, overridden file by file by those found in `overrideDir` (same layout). Throws
 * with the file name when a template uses a placeholder it may not.
 */
export async function loadTemplates(overrideDir?: string): Promise<TemplateSet> {
  if (overrideDir) await checkOverrideDir(overrideDir);
  const set: TemplateSet = new Map();
  for (const language of LANGUAGES) {
    for (const name of TEMPLATE_NAMES) {
      const builtinPath = join(BUILTIN_TEMPLATES_DIR, language, `${name}.txt`);
      const userPath = overrideDir ? join(overrideDir, language, `${name}.txt`) : undefined;
      const userText = userPath ? await readIfPresent(userPath) : undefined;
      const text = userText ?? (await readIfPresent(builtinPath));
      if (text === undefined) throw new Error(`the built-in template ${builtinPath} is missing; the installation is incomplete`);
      const source = userText !== undefined && userPath ? userPath : 'builtin';
      const problem = checkTemplate(name, text);
      if (problem) throw new Error(`template ${source === 'builtin' ? builtinPath : source} ${problem}`);
      // the hash is of the text as used: a byte-order mark some editors add changes nothing, so it is not hashed
      const clean = text.replace(/^\uFEFF/, '');
      set.set(`${language}/${name}`, { name, language, text: clean, hash: templateHash(clean), source });
    }
  }
  return set;
}

export function getTemplate(set: TemplateSet, language: Language, name: TemplateName): Template {
  const t = set.get(`${language}/${name}`);
  if (!t) throw new Error(`no template ${language}/${name}`);
  return t;
}

/** A typo in a file name would silently leave the built-in template in use: refuse unknown files. */
async function checkOverrideDir(dir: string): Promise<void> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) throw new Error(`the templates folder ${dir} does not exist`);
  let found = 0;
  for (const language of LANGUAGES) {
    const files = await readdir(join(dir, language)).catch(() => [] as string[]);
    for (const f of files) {
      if (!f.endsWith('.txt')) continue;
      if (!(TEMPLATE_NAMES as readonly string[]).includes(f.slice(0, -4))) {
        throw new Error(`${join(dir, language, f)} is not a known template; the names are ${TEMPLATE_NAMES.map((n) => `${n}.txt`).join(', ')}`);
      }
      found++;
    }
  }
  if (found === 0) throw new Error(`the templates folder ${dir} holds no templates (expected ${dir}/en/<name>.txt or ${dir}/zh/<name>.txt)`);
}
