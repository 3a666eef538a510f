/**
 * Keeping secrets out of everything a run writes. The runner registers every API key and header value it
 * hands to a provider; any text bound for the store, the logs or the terminal passes through `redact` first.
 */
import { apiKeyFor } from '../models/registry.js';
import type { ModelEntry } from './jobs.js';

export class Redactor {
  private readonly secrets = new Set<string>();

  /** Register a secret (ignored when empty or too short to be one). */
  add(secret: string | undefined): void {
    if (secret && secret.length >= 6) this.secrets.add(secret);
  }

  redact(text: string): string {
    let out = text;
    for (const s of this.secrets) out = out.split(s).join('***');
    // Authorization headers and key-like URL parameters, whatever their value
    return out
      .replace(/(authorization["']?\s*[:=]\s*["']?)(bearer\s+)?[^\s"',}]+/gi, '$1$2***')
      .replace(/([?&](?:api[-_]?key|key|token|access[-_]?token)=)[^&\s"']+/gi, '$1***')
      .replace(/(x-api-key["']?\s*[:=]\s*["']?)[^\s"',}]+/gi, '$1***')
      .replace(/\/\/[^/@\s:]+:[^/@\s]+@/g, '//***@');
  }
}

/** The password of a URL with credentials (user:password@host), to be kept out of messages. */
function passwordOf(url: string | undefined): string | undefined {
  try {
    return url ? decodeURIComponent(new URL(url).password) || undefined : undefined;
  } catch {
    return undefined;
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
    for (const url of [e.spec.baseURL, e.settings.baseURL]) redactor.add(passwordOf(url));
  }
  return redactor;
}
