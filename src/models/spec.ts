/**
 * Model spec strings — how users name a model on the command line and in config:
 *
 *   baseline                                   the built-in model (no weights, no keys)
 *   openai:<model>  anthropic:<model>  google:<model>
 *   openai-compatible:<model>@<baseURL>        vLLM, SGLang, llama.cpp server, LM Studio, DeepSeek, …
 *   ollama:<model>[@<baseURL>]
 *   llama-cpp:<path/to/model.gguf>             in-process through node-llama-cpp
 *
 * Secrets never live in a spec: keys come from the environment or the config file, and a base URL is shown
 * and stored without user:password or key-like query parameters.
 */

export const PROVIDERS = ['baseline', 'openai', 'anthropic', 'google', 'openai-compatible', 'ollama', 'llama-cpp'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export interface ModelSpec {
  provider: ProviderName;
  /** Model name at the provider, or the file path for llama-cpp. */
  model: string;
  baseURL?: string;
  /** The spec as shown and stored: secrets removed. */
  id: string;
}

export class SpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpecError';
  }
}

const KEYISH_PARAM = /^(?:api[-_]?key|key|token|access[-_]?token|auth|sig|signature|password|secret)$/i;

/** A URL without credentials: user:password removed, key-like query values replaced by ***. */
export function redactUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url.replace(/\/\/[^/@]*@/, '//');
  }
  u.username = '';
  u.password = '';
  for (const name of [...u.searchParams.keys()]) if (KEYISH_PARAM.test(name)) u.searchParams.set(name, '***');
  const out = u.toString();
  return out.endsWith('/') && !url.endsWith('/') && u.pathname === '/' ? out.slice(0, -1) : out;
}

function checkUrl(url: string, spec: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new SpecError(`"${spec}": "${url}" is not a URL (expected e.g. http://127.0.0.1:8000/v1)`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new SpecError(`"${spec}": the base URL must start with http:// or https://`);
  return url.replace(/\/+$/, '');
}

/** Parse a spec string; errors say what was expected. */
export function parseModelSpec(spec: string): ModelSpec {
  const s = spec.trim();
  if (s === 'baseline') return { provider: 'baseline', model: 'baseline', id: 'baseline' };
  const colon = s.indexOf(':');
  if (colon <= 0) throw new SpecError(`"${spec}" is not a model spec; expected <provider>:<model>, with provider one of ${PROVIDERS.join(', ')}`);
  const provider = s.slice(0, colon) as ProviderName;
  const rest = s.slice(colon + 1).trim();
  if (!(PROVIDERS as readonly string[]).includes(provider)) {
    throw new SpecError(`"${spec}": unknown provider "${provider}"; use one of ${PROVIDERS.join(', ')}`);
  }
  if (rest === '') throw new SpecError(`"${spec}": the model name is missing after "${provider}:"`);
  if (provider === 'openai-compatible' || provider === 'ollama') {
    const at = rest.search(/@[a-z][a-z0-9+.-]*:\/\//i);
    if (at < 0) {
      if (provider === 'openai-compatible') throw new SpecError(`"${spec}": give the server as openai-compatible:<model>@<baseURL>, e.g. openai-compatible:qwen2.5-7b@http://127.0.0.1:8000/v1`);
      return { provider, model: rest, id: `ollama:${rest}` };
    }
    const model = rest.slice(0, at);
    const baseURL = checkUrl(rest.slice(at + 1), spec);
    if (model === '') throw new SpecError(`"${spec}": the model name is missing before "@"`);
    return { provider, model, baseURL, id: `${provider}:${model}@${redactUrl(baseURL)}` };
  }
  return { provider, model: rest, id: `${provider}:${rest}` };
}
