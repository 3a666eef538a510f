/**
 * A hospital's own department list (or the 24th department the paper mentions), read from a JSON file:
 * either an array of departments or `{ "departments": [...] }`, each `{ id, zh, en, short?, aliases? }`.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { DepartmentTaxonomy, type Department } from './departments.js';
import { decodeUtf8, describeJsonError } from './json-text.js';

const DepartmentSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, { error: 'should be a lower-case slug such as "gastroenterology"' }),
  zh: z.string().min(1, { error: 'is empty' }),
  en: z.string().min(1, { error: 'is empty' }),
  short: z.string().optional(),
  aliases: z.array(z.string()).optional(),
});

const FileSchema = z.union([z.array(DepartmentSchema), z.object({ departments: z.array(DepartmentSchema) })]);

/** Parse a department list; errors name the file, the entry and the field. */
export function parseDepartmentList(text: string, file: string): DepartmentTaxonomy {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new Error(`${file}: ${describeJsonError(err, text, 1)}`);
  }
  const parsed = FileSchema.safeParse(value);
  if (!parsed.success) {
    const iss = parsed.error.issues[0]!;
    const path = iss.path.filter((p) => p !== 'departments');
    const entry = typeof path[0] === 'number' ? `department ${path[0] + 1}` : 'the list';
    const field = path.length > 1 ? ` \`${path.slice(1).join('.')}\`` : '';
    throw new Error(`${file}: ${entry}${field}: ${iss.message}`);
  }
  const list = Array.isArray(parsed.data) ? parsed.data : parsed.data.departments;
  const departments: Department[] = list.map((x) => ({ id: x.id, zh: x.zh, en: x.en, short: x.short ?? x.en, aliases: x.aliases ?? [] }));
  try {
    return new DepartmentTaxonomy(departments);
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message}`);
  }
}

export async function loadDepartmentFile(file: string): Promise<DepartmentTaxonomy> {
  return parseDepartmentList(decodeUtf8(await readFile(file)), file);
}
