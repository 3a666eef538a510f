/**
 * Reading a raw answer by its kind: the reader of the generation that asked it (src/tasks/generations/). Apart from
 * reading.ts, whose readers the generation modules use, so that no generation imports the registry that lists it.
 */
import type { DepartmentTaxonomy } from '../bench/departments.js';
import type { ReadContext } from './reading.js';
import { generationOf, type GenerationKind, type ReadOf } from './registry/index.js';

/** Read a raw answer into the structure its task needs, with how well it could be read (by its generation's reader). */
export function readAnswer<K extends GenerationKind>(kind: K, text: string, taxonomy: DepartmentTaxonomy, ctx: ReadContext = {}): ReadOf<K> {
  const g = generationOf(kind);
  if (!g) throw new Error(`"${kind}" is not a kind of model call the tasks ask`);
  return g.read(text, taxonomy, ctx) as ReadOf<K>;
}
