/**
 * Errors from a model call, classified so the runner can decide: retry (rate limit, server error, timeout,
 * dropped connection, garbled response) or give up and record the job as an error. An error is never an answer.
 */

export type ModelErrorKind =
  | 'rate-limit'
  | 'server'
  | 'timeout'
  | 'network'
  | 'invalid-response'
  | 'empty-response'
  | 'bad-request'
  | 'auth'
  | 'not-found'
  | 'unavailable'
  | 'aborted'
  | 'unknown';

const RETRYABLE: ReadonlySet<ModelErrorKind> = new Set(['rate-limit', 'server', 'timeout', 'network', 'invalid-response', 'empty-response']);

export class ModelError extends Error {
  readonly kind: ModelErrorKind;
  readonly retryable: boolean;
  readonly status?: number;
  /** How long the server asked us to wait (Retry-After), in milliseconds. */
  readonly retryAfterMs?: number;

  constructor(kind: ModelErrorKind, message: string, options: { status?: number; retryAfterMs?: number; retryable?: boolean; cause?: unknown } = {}) {
    super(message, options.cause !== undefined ? { cause: options.cause } : undefined);
    this.name = 'ModelError';
    this.kind = kind;
    this.retryable = options.retryable ?? RETRYABLE.has(kind);
    if (options.status !== undefined) this.status = options.status;
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
  }
}

/** Kind of error for an HTTP status. */
export function kindForStatus(status: number): ModelErrorKind {
  if (status === 429) return 'rate-limit';
  if (status === 408) return 'timeout';
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not-found';
  if (status >= 500) return 'server';
  if (status >= 400) return 'bad-request';
  return 'unknown';
}

/** Read a Retry-After header (seconds or an HTTP date) or retry-after-ms into milliseconds. */
export function parseRetryAfter(headers: Record<string, string | undefined> | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const ms = lower['retry-after-ms'];
  if (ms !== undefined && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = lower['retry-after'];
  if (value === undefined) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.max(0, Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
