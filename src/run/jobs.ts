/**
 * Jobs: one model call each — a model × a prompt (case, language, generation kind, exam). Built from the plan and
 * the models of a run; each has a key derived from everything that determines its answer.
 */
import type { ModelSettings } from '../models/registry.js';
import type { Price } from '../models/pricing.js';
import type { ModelSpec } from '../models/spec.js';
import type { GenerationKind } from '../tasks/definitions.js';
import type { Prompt } from '../tasks/prompts.js';
import { hashOf, sha256 } from './keys.js';

/** Sampling parameters: they change answers, so they are part of every key. */
export interface SamplingParams {
  temperature: number;
  maxTokens?: number;
  seed?: number;
  topP?: number;
  topK?: number;
}

/** A model as a run uses it: what to call, how hard, at what price. */
export interface ModelEntry {
  spec: ModelSpec;
  params: SamplingParams;
  settings: ModelSettings;
  concurrency: number;
  timeoutMs: number;
  maxRetries: number;
  price?: Price;
}

/** Steps beyond the benchmark tasks: ClinicalAgent's (`agent-…`), the 4-dimension judge's (`judge-…`), interactive turns (`interactive-…`). */
export type AgentStepKind = `agent-${string}` | `judge-${string}` | `interactive-${string}`;

export interface JobSpec {
  key: string;
  model: string;
  kind: GenerationKind | AgentStepKind;
  caseUid: string;
  language: string;
  exam?: string;
  k?: number;
  templateHash: string;
  prompt: string;
  promptHash: string;
}

export function jobFor(entry: ModelEntry, prompt: Prompt): JobSpec {
  const promptHash = sha256(prompt.text).slice(0, 32);
  const key = hashOf({
    model: entry.spec.id,
    params: entry.params,
    template: prompt.template.hash,
    case: prompt.caseUid,
    language: prompt.language,
    kind: prompt.kind,
    exam: prompt.exam ?? '',
    prompt: promptHash,
  });
  return {
    key,
    model: entry.spec.id,
    kind: prompt.kind,
    caseUid: prompt.caseUid,
    language: prompt.language,
    ...(prompt.exam !== undefined ? { exam: prompt.exam } : {}),
    ...(prompt.k !== undefined ? { k: prompt.k } : {}),
    templateHash: prompt.template.hash,
    prompt: prompt.text,
    promptHash,
  };
}

/** Every job of a run: each model × each prompt. */
export function buildJobs(prompts: readonly Prompt[], models: readonly ModelEntry[]): JobSpec[] {
  return models.flatMap((m) => prompts.map((p) => jobFor(m, p)));
}
