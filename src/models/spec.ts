/**
 * Model spec strings — how users name a model on the command line and in config:
 *
 *   baseline                                   the built-in model (no weights, no keys)
 *   openai:<model>  anthropic:<model>  google:<model>
 *   openai-compatible:<model>@<baseURL>        vLLM, SGLang, llama.cpp server, LM Studio, DeepSeek, …
 *   ollama:<model>[@<baseURL>]
 *   llama-cpp:<path/to/model.gguf>             in-process through node-llama-cpp
 *
 * Secrets never live in a spec: keys come from the environment or the config file. A base URL with credentials
 * in it (user:password@ or token@) is refused, and one is shown and stored with every query value and key-like
 * path segment replaced by ***.
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

/**
 * A path segment that looks like a key (some gateways take the key in the path): 20 or more letters, digits and
 * `-_.~`, with both letters and digits in it.
 */
const KEYISH_SEGMENT = /^(?=[^/]*\d)(?=[^/]*[A-Za-z])[A-Za-z0-9\-_.~]{20,}$/;

/**
 * The parts of a URL that may be secrets: its user name and password, every query value (whatever the
 * parameter's name: `subscription-key`, `x-api-key`, `access_key`, `code` …) and path segments that look like keys.
 */
export function urlSecrets(url: string | undefined): string[] {
  if (!url) return [];
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return [];
  }
  const decode = (x: string): string => {
    try {
      return decodeURIComponent(x);
    } catch {
      return x;
    }
  };
  const found = [u.username, u.password, ...[...u.searchParams.values()], ...u.pathname.split('/').filter((seg) => KEYISH_SEGMENT.test(decode(seg)))];
  return [...new Set(found.flatMap((x) => [x, decode(x)]).filter((x) => x !== ''))];
}

/** A URL as it may be shown and stored: no user info, every query value replaced by ***, key-like path segments too. */
export function redactUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url.replace(/\/\/[^/@]*@/, '//').replace(/([?&][^=&#]*=)[^&#]*/g, '$1***');
  }
  u.username = '';
  u.password = '';
  for (const name of [...new Set(u.searchParams.keys())]) u.searchParams.set(name, '***');
  u.pathname = u.pathname.split('/').map((seg) => (KEYISH_SEGMENT.test(seg) ? '***' : seg)).join('/');
  const out = u.toString().replace(/=\*\*\*/g, '=***').replace(/\/\*\*\*(?=[/?#]|$)/g, '/***');
  return out.endsWith('/') && !url.endsWith('/') && u.pathname === '/' ? out.slice(0, -1) : out;
}

/** A spec or other text with every URL in it shown as redactUrl shows it (for messages about a spec). */
export function redactUrlsIn(text: string): string {
  return text.replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, (url) => redactUrl(url));
}

/** A base URL checked: http(s), and no credentials in it (fetch cannot send them; they would leak into messages). */
export function checkBaseUrl(url: string, what: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new SpecError(`${what}: "${redactUrl(url)}" is not a URL (expected e.g. http://127.0.0.1:8000/v1)`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new SpecError(`${what}: the base URL must start with http:// or https://`);
  if (u.username !== '' || u.password !== '') {
    throw new SpecError(`${what}: a base URL cannot carry credentials (user:password@ or token@ before the host); give the key through the environment (OPENAI_COMPATIBLE_API_KEY, or the variable named by apiKeyEnv), apiKey or headers in the config file`);
  }
  return url.replace(/\/+$/, '');
}

/** Parse a spec string; errors say what was expected. */
export function parseModelSpec(spec: string): ModelSpec {
  const s = spec.trim();
  if (s === 'baseline') return { provider: 'baseline', model: 'baseline', id: 'baseline' };
  const colon = s.indexOf(':');
  if (colon <= 0) throw new SpecError(`"${redactUrlsIn(spec)}" is not a model spec; expected <provider>:<model>, with provider one of ${PROVIDERS.join(', ')}`);
  const provider = s.slice(0, colon) as ProviderName;
  const rest = s.slice(colon + 1).trim();
  if (!(PROVIDERS as readonly string[]).includes(provider)) {
    throw new SpecError(`"${redactUrlsIn(spec)}": unknown provider "${provider}"; use one of ${PROVIDERS.join(', ')}`);
  }
  if (rest === '') throw new SpecError(`"${redactUrlsIn(spec)}": the model name is missing after "${provider}:"`);
  if (provider === 'openai-compatible' || provider === 'ollama') {
    const at = rest.search(/@[a-z][a-z0-9+.-]*:\/\//i);
    if (at < 0) {
      if (provider === 'openai-compatible') throw new SpecError(`"${redactUrlsIn(spec)}": give the server as openai-compatible:<model>@<baseURL>, e.g. openai-compatible:qwen2.5-7b@http://127.0.0.1:8000/v1`);
      return { provider, model: rest, id: `ollama:${rest}` };
    }
    const model = rest.slice(0, at);
    const baseURL = checkBaseUrl(rest.slice(at + 1), `"${redactUrlsIn(spec)}"`);
    if (model === '') throw new SpecError(`"${redactUrlsIn(spec)}": the model name is missing before "@"`);
    return { provider, model, baseURL, id: `${provider}:${model}@${redactUrl(baseURL)}` };
  }
  return { provider, model: rest, id: `${provider}:${rest}` };
}
