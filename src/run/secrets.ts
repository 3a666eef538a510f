/**
 * Keeping secrets out of everything a run writes. The runner registers every API key and header value it
 * hands to a provider, and every part of a base URL that may be one; error texts bound for the store, the logs
 * or the terminal pass through `redact`, and answers through `redactSecrets` (a server may echo a key back).
 */
import { apiKeyFor } from '../models/registry.js';
import { urlSecrets } from '../models/spec.js';
import { wellFormed } from './well-formed.js';
import type { ModelEntry } from './jobs.js';

export class Redactor {
  private readonly secrets = new Set<string>();

  /** Register a secret (ignored when empty or too short to be one). */
  add(secret: string | undefined): void {
    if (secret && secret.length >= 6) this.secrets.add(secret);
  }

  /** The text with every registered secret replaced by *** (and nothing else changed): for model answers. */
  redactSecrets(text: string): string {
    let out = text;
    for (const s of this.secrets) if (out.includes(s)) out = out.split(s).join('***');
    return out;
  }

  /** redactSecrets, and also whatever looks like a credential in an error text: auth headers, key parameters, URL user info. */
  redact(text: string): string {
    const out = wellFormed(this.redactSecrets(text)).text;
    // Authorization headers and key-like URL parameters, whatever their value
    return out
      .replace(/(authorization["']?\s*[:=]\s*["']?)(bearer\s+)?[^\s"',}]+/gi, '$1$2***')
      .replace(/([?&](?:api[-_]?key|key|token|access[-_]?token)=)[^&\s"']+/gi, '$1***')
      .replace(/(x-api-key["']?\s*[:=]\s*["']?)[^\s"',}]+/gi, '$1***')
      .replace(/\/\/[^/@\s:]+:[^/@\s]+@/g, '//***@');
  }
}

/** A redactor that knows every secret these models are given: keys, header values, passwords in base URLs. */
export function redactorFor(entries: Iterable<ModelEntry>, env: NodeJS.ProcessEnv = process.env): Redactor {
  const redactor = new Redactor();
  for (const e of entries) {
    try {
      redactor.add(apiKeyFor(e.spec, e.settings, env));
    } catch {
      // a missing key is reported when the model is created
    }
    for (const v of Object.values(e.settings.headers ?? {})) redactor.add(v);
    for (const url of [e.spec.baseURL, e.settings.baseURL]) for (const secret of urlSecrets(url)) redactor.add(secret);
  }
  return redactor;
}
