/**
 * How hard to push one model server: an adaptive concurrency limit (additive increase, multiplicative decrease)
 * that halves when the server pushes back (429, 5xx) and creeps back up with successes; a shared pause when the
 * server says Retry-After; and the backoff delay between retries (exponential with jitter).
 *
 * A server's Retry-After is honoured up to a maximum (`maxRetryAfterMs`, 60 s by default): a server saying
 * "Retry-After: 3600" would otherwise hold the whole run for an hour. Past the maximum the job is retried after
 * the maximum, and ends as an error (for --retry-errors later) if the server keeps refusing. Every wait ends at
 * once when the run is stopped.
 */

export interface BackoffOptions {
  /** First retry delay before jitter (ms). */
  baseMs: number;
  /** Upper bound of any computed delay (ms). */
  maxMs: number;
  /** The longest wait a server's Retry-After is granted (ms; default MAX_RETRY_AFTER_MS). */
  maxRetryAfterMs?: number;
}

/** The default maximum wait for a server's Retry-After: 60 seconds. */
export const MAX_RETRY_AFTER_MS = 60_000;

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1000, maxMs: 60_000, maxRetryAfterMs: MAX_RETRY_AFTER_MS };

/** A server's Retry-After cut to the maximum wait. */
function cappedRetryAfter(retryAfterMs: number, maxMs: number = MAX_RETRY_AFTER_MS): number {
  return Math.max(0, Math.min(retryAfterMs, maxMs));
}

/**
 * Delay before retry number `attempt` (0-based): the server's Retry-After if given (at most
 * `maxRetryAfterMs`), else exponential with jitter.
 */
export function backoffDelay(attempt: number, retryAfterMs: number | undefined, options: BackoffOptions = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  if (retryAfterMs !== undefined) return cappedRetryAfter(retryAfterMs, options.maxRetryAfterMs);
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

export class AdaptiveLimiter {
  /** The configured maximum. */
  readonly max: number;
  private current: number;
  private successes = 0;
  private pausedUntil = 0;

  /** `maxPauseMs`: the longest shared pause a Retry-After can cause. */
  constructor(
    max: number,
    private readonly maxPauseMs: number = MAX_RETRY_AFTER_MS,
  ) {
    this.max = Math.max(1, Math.floor(max));
    this.current = this.max;
  }

  /** How many requests may be in flight now. */
  get limit(): number {
    return this.current;
  }

  onSuccess(): void {
    this.successes++;
    if (this.current < this.max && this.successes >= this.current) {
      this.current++;
      this.successes = 0;
    }
  }

  /** The server pushed back: halve the limit and, when it said how long, pause everyone for that long. */
  onPushback(retryAfterMs?: number, now = Date.now()): void {
    this.current = Math.max(1, Math.floor(this.current / 2));
    this.successes = 0;
    if (retryAfterMs !== undefined) this.pausedUntil = Math.max(this.pausedUntil, now + cappedRetryAfter(retryAfterMs, this.maxPauseMs));
  }

  /** Milliseconds left of a pause the server asked for (0 when none). */
  pauseLeft(now = Date.now()): number {
    return Math.max(0, this.pausedUntil - now);
  }
}

/** Sleep that ends early (resolving) when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done(): void {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
