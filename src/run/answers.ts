/**
 * Reading a raw answer into the structure its task needs, stored beside the raw text: the department chosen,
 * the departments named, the six sections and the diagnoses they name, or the impression — each with how well
 * it could be read (tasks/reading.ts), which depends on the finish reason too (an answer cut off by the token
 * limit before its answer proper is read as truncated). Scores are computed later from these, so a parser or
 * metric can change without calling a model again. What is stored is read back, typed, by run/records.ts.
 */
import type { DepartmentTaxonomy } from '../bench/departments.js';
import { GENERATION_KINDS, type GenerationKind } from '../tasks/definitions.js';
import { stripReasoning } from '../tasks/reasoning.js';
import { readAnswer } from '../tasks/read-answer.js';
import type { ReadContext } from '../tasks/reading.js';
import type { ReadOf } from '../tasks/registry/index.js';
import type { AgentStepKind } from './jobs.js';

const isGeneration = (kind: string): kind is GenerationKind => (GENERATION_KINDS as readonly string[]).includes(kind);

/** What an answer of a kind is read into: its generation's reading, or, for a step, its text. */
export type ParsedOf<K extends string> = K extends GenerationKind ? ReadOf<K> : { text: string };

/** Agent, judge and interactive steps are read by their own code; here they keep their text only. */
export function parseAnswer<K extends GenerationKind | AgentStepKind>(kind: K, text: string, taxonomy: DepartmentTaxonomy, ctx: ReadContext = {}): ParsedOf<K> {
  if (isGeneration(kind)) return readAnswer(kind, text, taxonomy, ctx) as ParsedOf<K>;
  return { text: stripReasoning(text).trim() } as ParsedOf<K>;
}
