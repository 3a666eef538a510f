/**
 * Stable identities. A job key and a cache key are hashes of everything that determines an answer — model spec
 * (secrets removed), sampling parameters, template hash, prompt text, case, task, exam — and of nothing else:
 * never an API key, never a timestamp.
 */
import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so equal values always serialise the same way. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A short hash of any value (canonical JSON), for keys. */
export function hashOf(value: unknown, length = 32): string {
  return sha256(canonicalJson(value)).slice(0, length);
}
