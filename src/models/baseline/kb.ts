/**
 * The knowledge base of the built-in baseline model: for each department, the triage evidence that points a
 * patient there, and its common diseases with names, findings, differentials and treatment, in zh and en.
 * Written for this project (see data/kb/KB.md); one JSON file per department under data/kb/.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseJsonFile } from '../../bench/json-text.js';

const Bi = z.object({ en: z.string().min(1), zh: z.string().min(1) }).strict();
const BiList = z.object({ en: z.array(z.string().min(1)), zh: z.array(z.string().min(1)) }).strict();
/** A weighted term: [text, weight]; weight 1 = ordinary evidence, 3 = strong, 5 = nearly decisive. */
const Weighted = z.tuple([z.string().min(1), z.number().positive().max(10)]);

export const LabFindingSchema = z
  .object({
    /** Abbreviation as lab reports print it (WBC, HGB, ALT, CA19-9, TSH …). */
    abbr: z.string().min(1),
    names: BiList,
    direction: z.enum(['high', 'low', 'positive', 'negative']),
    weight: z.number().positive().max(10).default(1),
  })
  .strict();

export const DiseaseSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
    /** First name in each language is the preferred one; the rest are synonyms. */
    names: BiList.refine((n) => n.en.length > 0 && n.zh.length > 0, { error: 'needs at least one name in each language' }),
    abbreviations: z.array(z.string()).default([]),
    sex: z.enum(['any', 'female', 'male']).default('any'),
    ages: z.object({ min: z.number().min(0), max: z.number().max(130) }).strict().optional(),
    symptoms: z.object({ en: z.array(Weighted), zh: z.array(Weighted) }).strict(),
    signs: z.object({ en: z.array(Weighted), zh: z.array(Weighted) }).strict(),
    imaging: z.object({ en: z.array(Weighted), zh: z.array(Weighted) }).strict(),
    labs: z.array(LabFindingSchema),
    /** Conditions often listed with it in a preliminary diagnosis when the case shows them. */
    associated: z.array(z.object({ name: Bi, when: BiList }).strict()).default([]),
    differentials: z.array(z.object({ disease: Bi, separating: Bi }).strict()).min(2),
    principle: Bi,
    plan: BiList,
  })
  .strict();

export const DepartmentKbSchema = z
  .object({
    department: z.string().min(1),
    triage: z
      .object({
        en: z.array(Weighted),
        zh: z.array(Weighted),
        sex: z.enum(['any', 'female', 'male']).default('any'),
        /** Age window where this department is the usual first stop (e.g. pediatrics: max 14). */
        ages: z.object({ min: z.number().min(0), max: z.number().max(130) }).strict().optional(),
      })
      .strict(),
    diseases: z.array(DiseaseSchema).min(1),
  })
  .strict();

export type LabFinding = z.infer<typeof LabFindingSchema>;
export type Disease = z.infer<typeof DiseaseSchema>;
export type DepartmentKb = z.infer<typeof DepartmentKbSchema>;

export const BUILTIN_KB_DIR = fileURLToPath(new URL('../../../data/kb/', import.meta.url));

/** Parse one department file; errors name the file and the field. */
export function parseDepartmentKb(text: string, file: string): DepartmentKb {
  return parseJsonFile(text, file, DepartmentKbSchema);
}

/** Load every department file of a knowledge-base folder. */
export async function loadKnowledgeBase(dir: string = BUILTIN_KB_DIR): Promise<DepartmentKb[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(files.map(async (f) => parseDepartmentKb(await readFile(join(dir, f), 'utf8'), join(dir, f))));
}
