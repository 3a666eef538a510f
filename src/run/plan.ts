/**
 * The plan of a run: which prompts every case needs, how many of each kind, and roughly how many input tokens
 * they hold. Printed before a run starts.
 */
import type { ClinicalCase } from '../bench/case.js';
import { caseSupport, countSupport, type SupportCounts } from '../bench/support.js';
import { scoredRows } from '../tasks/registry/index.js';
import { estimateTokens } from '../models/tokens.js';
import { GENERATION_KINDS, type GenerationKind } from '../tasks/definitions.js';
import { casePrompts, type Prompt, type PromptContext } from '../tasks/prompts.js';

export interface Plan {
  prompts: Prompt[];
  byKind: Record<GenerationKind, number>;
  /** Prompts not asked because their case has no gold answer for them. */
  skipped: Record<GenerationKind, number>;
  /** How many records support each task. */
  support: SupportCounts;
  cases: number;
  records: number;
  estimatedInputTokens: number;
  /** Template identities in use: `en/clinical-diagnosis` → hash + source. */
  templates: Record<string, { hash: string; source: string }>;
}

let plansMade = 0;
/** How many plans this process has made so far (a command plans its prompts once: test/run/session.test.ts). */
export function promptPlansMade(): number {
  return plansMade;
}

/**
 * The prompts of a run. A prompt whose case has no gold answer for it (partial, imported data) is not asked:
 * it is counted in `skipped` instead, so nothing is scored zero for want of a gold answer.
 */
export function planPrompts(cases: readonly ClinicalCase[], ctx: PromptContext, kinds: readonly GenerationKind[] = GENERATION_KINDS): Plan {
  plansMade++;
  const byKind = Object.fromEntries(GENERATION_KINDS.map((k) => [k, 0])) as Record<GenerationKind, number>;
  const skipped = Object.fromEntries(GENERATION_KINDS.map((k) => [k, 0])) as Record<GenerationKind, number>;
  const prompts: Prompt[] = [];
  for (const c of cases) {
    const support = caseSupport(c);
    for (const p of casePrompts(c, ctx, kinds)) {
      if (scoredRows(p.kind, p.exam, c, support).length > 0) prompts.push(p);
      else skipped[p.kind]++;
    }
  }
  const templates: Plan['templates'] = {};
  let estimatedInputTokens = 0;
  for (const p of prompts) {
    byKind[p.kind]++;
    estimatedInputTokens += estimateTokens(p.text);
    templates[`${p.language}/${p.template.name}`] = { hash: p.template.hash, source: p.template.source };
  }
  return { prompts, byKind, skipped, support: countSupport(cases), cases: new Set(cases.map((c) => c.uid)).size, records: cases.length, estimatedInputTokens, templates };
}
