/**
 * The plan of a run: which prompts every case needs, how many of each kind, and roughly how many input tokens
 * they hold. Printed before a run starts.
 */
import type { ClinicalCase } from '../bench/case.js';
import { estimateTokens } from '../models/tokens.js';
import { GENERATION_KINDS, type GenerationKind } from '../tasks/definitions.js';
import { casePrompts, type Prompt, type PromptContext } from '../tasks/prompts.js';

export interface Plan {
  prompts: Prompt[];
  byKind: Record<GenerationKind, number>;
  cases: number;
  records: number;
  estimatedInputTokens: number;
  /** Template identities in use: `en/clinical-diagnosis` → hash + source. */
  templates: Record<string, { hash: string; source: string }>;
}

export function planPrompts(cases: readonly ClinicalCase[], ctx: PromptContext, kinds: readonly GenerationKind[] = GENERATION_KINDS): Plan {
  const prompts = cases.flatMap((c) => casePrompts(c, ctx, kinds));
  const byKind = Object.fromEntries(GENERATION_KINDS.map((k) => [k, 0])) as Record<GenerationKind, number>;
  const templates: Plan['templates'] = {};
  let estimatedInputTokens = 0;
  for (const p of prompts) {
    byKind[p.kind]++;
    estimatedInputTokens += estimateTokens(p.text);
    templates[`${p.language}/${p.template.name}`] = { hash: p.template.hash, source: p.template.source };
  }
  return { prompts, byKind, cases: new Set(cases.map((c) => c.uid)).size, records: cases.length, estimatedInputTokens, templates };
}
