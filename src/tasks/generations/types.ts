/**
 * What a generation module declares (one module per kind of model call in this folder): its kind, the template
 * that asks it and the placeholders that template may use, how its prompt(s) are built from a case (one, or one
 * per imaging exam), how its answer is read (typed, with how well it could be read), how the stored answer is
 * decoded back, and the text a text-similarity task scores of it. The task registry collects the generations of
 * its tasks (a task names the generation that answers it in its own module); nothing else lists them.
 */
import type { ClinicalCase } from '../../bench/case.js';
import type { DepartmentTaxonomy } from '../../bench/departments.js';
import type { ReadContext, ReadVerdict } from '../reading.js';
import type { TemplateSet } from '../template-text.js';

export interface PromptContext {
  templates: TemplateSet;
  taxonomy: DepartmentTaxonomy;
}

/** One prompt a generation asks of a case: the template's values, and the exam or department count it is for. */
export interface PromptSpec {
  values: Record<string, string | number>;
  /** Imaging modality key, for a per-exam generation. */
  exam?: string;
  /** Number of departments asked for, for department-guide prompts. */
  k?: number;
}

/**
 * The reading of a stored answer's fields, as the run store offers it (run/decode.ts `Fields` is one): every
 * accessor throws an error naming the field when the value is not of the type asked for.
 */
export interface AnswerFields {
  has(key: string): boolean;
  string(key: string): string;
  stringOrNull(key: string): string | null;
  number(key: string): number;
  strings(key: string): string[];
  object(key: string): AnswerFields;
  list<T>(key: string, item: (f: AnswerFields) => T): T[];
}

export interface Generation<K extends string = string, R extends ReadVerdict = ReadVerdict, S extends object = object, T extends string = string> {
  /** The kind of model call: stored with every job, accepted by `prompt --kind`. */
  readonly kind: K;
  /** What its errors, pending answers and readings are counted under when it feeds several tasks (else the task's id). */
  readonly label?: string;
  /** What its answer is called in the case browser, in each language (default: its first task's label). */
  readonly title?: { readonly en: string; readonly zh: string };
  /** The template that asks it (`templates/<lang>/<name>.txt`) and the placeholders that template may use. */
  readonly template: { readonly name: T; readonly variables: readonly string[] };
  /** Whether it is asked once per imaging exam. */
  readonly perExam: boolean;
  /** The prompts of a case, in order (none where the case has no input for it). */
  prompts(c: ClinicalCase, ctx: PromptContext): PromptSpec[];
  /** The raw answer read into what its tasks need, with how well it could be read. */
  read(text: string, taxonomy: DepartmentTaxonomy, ctx: ReadContext): R;
  /** A stored reading decoded back (without its verdict, which the store decodes for every generation). */
  decode(f: AnswerFields): S;
  /** The text a text-similarity task scores, given the section it reads (for a sectioned answer). */
  text?(answer: S, section: string | undefined): string;
}

/** Any generation, whatever its answer: what the registry and the pipeline hold. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGeneration = Generation<string, any, any, string>;

/** Declare a generation, keeping its literal kind and its answer types. */
export function generation<const K extends string, R extends ReadVerdict, S extends object, const T extends string>(g: Generation<K, R, S, T>): Generation<K, R, S, T> {
  return g;
}
