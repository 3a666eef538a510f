/**
 * Keeping secrets out of everything a run writes. The runner registers every API key and header value it
 * hands to a provider; any text bound for the store, the logs or the terminal passes through `redact` first.
 */

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
