/**
 * Prices per million tokens (USD), used to report cost and to enforce --max-cost. The built-in table holds list
 * prices of common hosted models as published by their providers in 2025; prices change, so a config file can
 * override any entry or add one (`pricing:` or a model's `price:`). A model without a known price has cost
 * "unknown" — never zero. Local models (baseline, llama-cpp, ollama) cost nothing.
 */
import type { ModelSpec } from './spec.js';
import type { Usage } from './types.js';

export interface Price {
  /** USD per million input tokens. */
  input: number;
  /** USD per million output tokens. */
  output: number;
}

export const BUILTIN_PRICES: Readonly<Record<string, Price>> = {
  'openai:gpt-4o': { input: 2.5, output: 10 },
  'openai:gpt-4o-mini': { input: 0.15, output: 0.6 },
  'openai:gpt-4.1': { input: 2, output: 8 },
  'openai:gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'openai:gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'openai:gpt-4-turbo': { input: 10, output: 30 },
  'openai:gpt-4': { input: 30, output: 60 },
  'openai:gpt-3.5-turbo': { input: 0.5, output: 1.5 },
  'anthropic:claude-3-5-sonnet-latest': { input: 3, output: 15 },
  'anthropic:claude-3-5-haiku-latest': { input: 0.8, output: 4 },
  'anthropic:claude-sonnet-4-0': { input: 3, output: 15 },
  'anthropic:claude-opus-4-0': { input: 15, output: 75 },
  'google:gemini-1.5-pro': { input: 1.25, output: 5 },
  'google:gemini-1.5-flash': { input: 0.075, output: 0.3 },
  'google:gemini-2.0-flash': { input: 0.1, output: 0.4 },
  'google:gemini-2.5-flash': { input: 0.3, output: 2.5 },
  'google:gemini-2.5-pro': { input: 1.25, output: 10 },
};

const FREE: Price = { input: 0, output: 0 };

/** The price of a model: override, else built-in, else free for local providers, else undefined (unknown). */
export function priceOf(spec: ModelSpec, overrides: Readonly<Record<string, Price>> = {}): Price | undefined {
  const override = overrides[spec.id] ?? overrides[`${spec.provider}:${spec.model}`];
  if (override) return override;
  if (spec.provider === 'baseline' || spec.provider === 'llama-cpp' || spec.provider === 'ollama') return FREE;
  return BUILTIN_PRICES[`${spec.provider}:${spec.model}`];
}

/** Cost in USD of one call, or null when the price or the token counts are unknown. */
export function costOf(usage: Usage, price: Price | undefined): number | null {
  if (!price) return null;
  if (usage.inputTokens === undefined || usage.outputTokens === undefined) return null;
  return (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1_000_000;
}
