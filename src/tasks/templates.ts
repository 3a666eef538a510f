/**
 * Prompt templates live in files (`templates/<lang>/<name>.txt`) so a user can replace any of them — for
 * example with the authors' original wording — by pointing `--templates <dir>` at a folder with the same layout.
 * A template is plain text with `{{placeholders}}`; every template in use is identified by a content hash that
 * runs and caches record.
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '../bench/language.js';
import { GENERATIONS, type GenerationTemplateName } from './registry/index.js';
import { placeholdersOf, templateHash, type TemplateSet } from './template-text.js';

export * from './template-text.js';

/** The templates of the steps outside the benchmark's generations, with the placeholders each may use. */
const STEP_TEMPLATES = {
  // ClinicalAgent roles
  'agent-consult': ['department', 'case_details', 'lab_tests', 'imaging_exams'],
  'agent-final': ['department', 'case_details', 'lab_results', 'imaging_reports'],
  'agent-chief': ['case_details', 'opinions'],
  'agent-nurse': ['case_details', 'principal', 'plan'],
  'agent-pharmacist': ['case_details', 'principal', 'plan'],
  // the 4-dimension judge
  'judge-4d': ['case_summary', 'gold', 'answer'],
  // interactive ClinicalBench (src/agent/interactive)
  'interactive-doctor': ['basic_information', 'chief_complaint', 'lab_panels', 'imaging_exams', 'budget', 'transcript'],
  'interactive-final': ['basic_information', 'chief_complaint', 'budget', 'transcript'],
  'interactive-patient': ['patient_history', 'question'],
} as const satisfies Record<string, readonly string[]>;

export type TemplateName = GenerationTemplateName | keyof typeof STEP_TEMPLATES;

/** The placeholders each template may use: the generations' (task registry), then the steps'. A template need not use all of them, but may use no others. */
export const TEMPLATE_VARIABLES: Readonly<Record<TemplateName, readonly string[]>> = {
  ...(Object.fromEntries(GENERATIONS.map((g) => [g.template.name, g.template.variables])) as Record<GenerationTemplateName, readonly string[]>),
  ...STEP_TEMPLATES,
};

/** Every template: the benchmark's generations' first (one per template, in task order), then the steps'. */
export const TEMPLATE_NAMES = Object.keys(TEMPLATE_VARIABLES) as readonly TemplateName[];

export const BUILTIN_TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));

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
