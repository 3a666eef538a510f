/**
 * Reading a raw answer into the structure its task needs, stored beside the raw text: the department chosen,
 * the departments named, the six sections and the diagnoses they name, or the impression — each with how well
 * it could be read (tasks/reading.ts), which depends on the finish reason too (an answer cut off by the token
 * limit before its answer proper is read as truncated). Scores are computed later from these, so a parser or
 * metric can change without calling a model again.
 */
import type { DepartmentTaxonomy } from '../bench/departments.js';
import { GENERATION_KINDS, type GenerationKind } from '../tasks/definitions.js';
import { stripReasoning } from '../tasks/reasoning.js';
import { readAnswer, type ReadContext } from '../tasks/reading.js';

/** Agent, judge and interactive steps are read by their own code; here they keep their text only. */
export function parseAnswer(kind: GenerationKind | `agent-${string}` | `judge-${string}` | `interactive-${string}`, text: string, taxonomy: DepartmentTaxonomy, ctx: ReadContext = {}): unknown {
  if ((GENERATION_KINDS as readonly string[]).includes(kind)) return readAnswer(kind as GenerationKind, text, taxonomy, ctx);
  return { text: stripReasoning(text).trim() };
}
