/**
 * From a spec string (and optional per-model settings) to a working Model. Keys are read here, from the
 * environment variable a provider conventionally uses or one the config names, and handed to the provider —
 * nothing else in the product ever sees them.
 */
import { createAiSdkModel } from './ai-sdk.js';
import { ModelError } from './errors.js';
import { parseModelSpec, type ModelSpec } from './spec.js';
import type { Model } from './types.js';

export interface ModelSettings {
  /** Name of the environment variable holding the API key (default per provider). */
  apiKeyEnv?: string;
  /** An API key given in a config file (prefer apiKeyEnv). */
  apiKey?: string;
  /** Extra HTTP headers for the provider. */
  headers?: Record<string, string>;
  /** The provider's API address when not the usual one (openai, anthropic, google, ollama): a proxy or gateway. */
  baseURL?: string;
  /** llama-cpp: CPU threads (default 1). */
  threads?: number;
  /** llama-cpp: context size in tokens. */
  contextSize?: number;
}

const DEFAULT_KEY_ENV: Partial<Record<ModelSpec['provider'], string[]>> = {
  openai: ['OPENAI_API_KEY'],
  anthropic: ['ANTHROPIC_API_KEY'],
  google: ['GOOGLE_GENERATIVE_AI_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_API_KEY'],
  'openai-compatible': ['OPENAI_COMPATIBLE_API_KEY'],
};

/** Providers that cannot work without a key. */
const NEEDS_KEY = new Set<ModelSpec['provider']>(['openai', 'anthropic', 'google']);

/** The API key for a model, or undefined. Throws a ModelError('auth') when a hosted provider has none. */
export function apiKeyFor(spec: ModelSpec, settings: ModelSettings = {}, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (settings.apiKey) return settings.apiKey;
  const names = settings.apiKeyEnv ? [settings.apiKeyEnv] : (DEFAULT_KEY_ENV[spec.provider] ?? []);
  for (const name of names) {
    const v = env[name];
    if (v && v.trim() !== '') return v.trim();
  }
  if (NEEDS_KEY.has(spec.provider) || settings.apiKeyEnv) {
    throw new ModelError('auth', `${spec.id} needs an API key: set ${names.join(' or ')} in the environment${settings.apiKeyEnv ? '' : ' (or name another variable with apiKeyEnv in the config)'}`);
  }
  return undefined;
}

/** Where a model's key comes from, said for a user (never the key): "OPENAI_API_KEY", "the config file's apiKey", or undefined without a key. */
export function keySource(spec: ModelSpec, settings: ModelSettings = {}, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (settings.apiKey) return "the config file's apiKey";
  const names = settings.apiKeyEnv ? [settings.apiKeyEnv] : (DEFAULT_KEY_ENV[spec.provider] ?? []);
  const name = names.find((n) => (env[n] ?? '').trim() !== '');
  return name === undefined ? undefined : `the environment variable ${name}`;
}

/** Create the model a spec names. */
export async function createModel(specOrString: string | ModelSpec, settings: ModelSettings = {}, env: NodeJS.ProcessEnv = process.env): Promise<Model> {
  const spec = typeof specOrString === 'string' ? parseModelSpec(specOrString) : specOrString;
  switch (spec.provider) {
    case 'baseline': {
      const { createBaselineModel } = await import('./baseline/index.js');
      return createBaselineModel();
    }
    case 'llama-cpp': {
      const { createLlamaCppModel } = await import('./llama-cpp.js');
      return createLlamaCppModel({
        path: spec.model,
        id: spec.id,
        ...(settings.threads !== undefined ? { threads: settings.threads } : {}),
        ...(settings.contextSize !== undefined ? { contextSize: settings.contextSize } : {}),
      });
    }
    default: {
      const apiKey = apiKeyFor(spec, settings, env);
      return createAiSdkModel(spec, { ...(apiKey !== undefined ? { apiKey } : {}), ...(settings.headers ? { headers: settings.headers } : {}), ...(settings.baseURL ? { baseURL: settings.baseURL } : {}) });
    }
  }
}
