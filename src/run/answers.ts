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
import { readAnswer, type DepartmentRead, type DiagnosisRead, type ImpressionRead, type MultiDepartmentRead, type ReadContext } from '../tasks/reading.js';
import type { AgentStepKind } from './jobs.js';

const isGeneration = (kind: string): kind is GenerationKind => (GENERATION_KINDS as readonly string[]).includes(kind);

/** Agent, judge and interactive steps are read by their own code; here they keep their text only. */
export function parseAnswer(kind: 'department-guide', text: string, taxonomy: DepartmentTaxonomy, ctx?: ReadContext): DepartmentRead;
export function parseAnswer(kind: 'department-guide-3' | 'department-guide-5', text: string, taxonomy: DepartmentTaxonomy, ctx?: ReadContext): MultiDepartmentRead;
export function parseAnswer(kind: 'clinical-diagnosis', text: string, taxonomy: DepartmentTaxonomy, ctx?: ReadContext): DiagnosisRead;
export function parseAnswer(kind: 'imaging-diagnosis', text: string, taxonomy: DepartmentTaxonomy, ctx?: ReadContext): ImpressionRead;
export function parseAnswer(kind: AgentStepKind, text: string, taxonomy: DepartmentTaxonomy, ctx?: ReadContext): { text: string };
export function parseAnswer(kind: GenerationKind | AgentStepKind, text: string, taxonomy: DepartmentTaxonomy, ctx?: ReadContext): DepartmentRead | MultiDepartmentRead | DiagnosisRead | ImpressionRead | { text: string };
export function parseAnswer(kind: GenerationKind | AgentStepKind, text: string, taxonomy: DepartmentTaxonomy, ctx: ReadContext = {}): DepartmentRead | MultiDepartmentRead | DiagnosisRead | ImpressionRead | { text: string } {
  if (isGeneration(kind)) return readAnswer(kind, text, taxonomy, ctx);
  return { text: stripReasoning(text).trim() };
}
