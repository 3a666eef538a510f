/**
 * Running one job: cache lookup, the model call with a per-request timeout, retries with backoff on the errors
 * worth retrying (rate limits, server errors, timeouts, dropped connections, unreadable or empty answers), and
 * the outcome — an answer, an error with its reason, or "cancelled" when the run is being stopped.
 */
import { ModelError } from '../models/errors.js';
import { costOf, type Price } from '../models/pricing.js';
import type { GenerateRequest, GenerateResult, Model, ToolDefinition } from '../models/types.js';
import { toModelError } from '../models/ai-sdk.js';
import { keySource } from '../models/registry.js';
import { cacheKey, type ResponseCache } from './cache.js';
import type { ModelEntry } from './jobs.js';
import { AdaptiveLimiter, backoffDelay, MAX_RETRY_AFTER_MS, sleep, type BackoffOptions } from './limiter.js';
import { ModelStop } from './model-stop.js';
import { wellFormed } from './well-formed.js';
import type { Redactor } from './secrets.js';
import type { JobResult, StoredJob } from './store.js';

export type Outcome =
  /** `repaired`: the answer had lone UTF-16 surrogates, each stored as U+FFFD (the store keeps well-formed UTF-8 only). */
  | { status: 'done'; result: GenerateResult; latencyMs: number; attempts: number; cached: boolean; cost: number | null; repaired?: boolean }
  | { status: 'error'; kind: string; message: string; attempts: number }
  | { status: 'cancelled'; attempts: number }
  /** The model was stopped (its key refused, or its server asking too long a wait again): the job stays pending. */
  | { status: 'stopped'; reason: string; attempts: number };

/** How long a claimed job is held for: long enough for every attempt to time out, plus a minute. */
export function leaseFor(entry: ModelEntry): number {
  return entry.timeoutMs * (entry.maxRetries + 1) + 60_000;
}

/** What every model of a run shares: secrets to keep out, how to back off, when to stop, the cache. */
export interface SharedContext {
  redactor: Redactor;
  backoff: BackoffOptions;
  signal: AbortSignal;
  cache?: ResponseCache;
  /** The environment keys are read from (default process.env). */
  env?: NodeJS.ProcessEnv;
}

/** The context one model's calls run in: its own adaptive limit (Retry-After capped as the backoff says), its price. */
export function executeContext(model: Model, entry: ModelEntry, shared: SharedContext): ExecuteContext {
  return {
    model,
    entry,
    stop: new ModelStop(),
    ...keySourceOf(entry, shared.env),
    limiter: new AdaptiveLimiter(entry.concurrency, shared.backoff.maxRetryAfterMs),
    redactor: shared.redactor,
    backoff: shared.backoff,
    signal: shared.signal,
    ...(shared.cache ? { cache: shared.cache } : {}),
    ...(entry.price ? { price: entry.price } : {}),
  };
}

function keySourceOf(entry: ModelEntry, env: NodeJS.ProcessEnv | undefined): { keySource?: string } {
  const source = keySource(entry.spec, entry.settings, env);
  return source === undefined ? {} : { keySource: source };
}

export interface ExecuteContext {
  model: Model;
  entry: ModelEntry;
  limiter: AdaptiveLimiter;
  cache?: ResponseCache;
  redactor: Redactor;
  backoff: BackoffOptions;
  price?: Price;
  /** Aborts when the run is stopping. */
  signal: AbortSignal;
  /** Stops this model alone, leaving its jobs pending. */
  stop: ModelStop;
  /** Where the model's key came from (an environment variable, the config), for an authentication failure. */
  keySource?: string;
  /** Tools offered with every request of this context (the interactive doctor's actions); part of the cache key. */
  tools?: ToolDefinition[];
  /** Told about each failed attempt that will be retried. */
  onRetry?: (job: StoredJob, error: ModelError, delayMs: number) => void;
}

function requestFor(job: StoredJob, entry: ModelEntry): GenerateRequest {
  const p = entry.params;
  return {
    messages: [{ role: 'user', content: job.prompt }],
    task: { kind: job.kind, language: job.language === 'zh' ? 'zh' : 'en', ...(job.k !== undefined ? { k: job.k } : {}) },
    temperature: p.temperature,
    ...(p.maxTokens !== undefined ? { maxTokens: p.maxTokens } : {}),
    ...(p.seed !== undefined ? { seed: p.seed } : {}),
    ...(p.topP !== undefined ? { topP: p.topP } : {}),
    ...(p.topK !== undefined ? { topK: p.topK } : {}),
  };
}

export async function executeJob(job: StoredJob, ctx: ExecuteContext): Promise<Outcome> {
  const request: GenerateRequest = { ...requestFor(job, ctx.entry), ...(ctx.tools?.length ? { tools: ctx.tools } : {}) };
  const key = cacheKey(ctx.entry.spec.id, ctx.entry.params, request.messages, request.tools ? { tools: request.tools } : undefined, request.task);
  return executeRequest(request, key, ctx, ctx.onRetry ? (error, delayMs) => ctx.onRetry!(job, error, delayMs) : undefined);
}

/**
 * One request of any kind (a job, a matcher's judge question) with the cache under `key`, the per-request
 * timeout, retries and backoff, the model's stop, and redaction of what it returns.
 */
export async function executeRequest(request: GenerateRequest, key: string, ctx: ExecuteContext, onRetry?: (error: ModelError, delayMs: number) => void): Promise<Outcome> {
  const hit = ctx.cache?.get(key);
  if (hit) return { status: 'done', result: hit, latencyMs: 0, attempts: 0, cached: true, cost: 0 };

  let attempts = 0;
  const waiting = AbortSignal.any([ctx.signal, ctx.stop.signal]);
  const stopped = (): Outcome | undefined => {
    if (ctx.signal.aborted) return { status: 'cancelled', attempts };
    if (ctx.stop.reason !== undefined) return { status: 'stopped', reason: ctx.stop.reason, attempts };
    return undefined;
  };
  for (let attempt = 0; ; attempt++) {
    const pause = ctx.limiter.pauseLeft();
    if (pause > 0) await sleep(pause, waiting);
    const before = stopped();
    if (before) return before;
    attempts++;
    const timeout = AbortSignal.timeout(ctx.entry.timeoutMs);
    const signal = AbortSignal.any([waiting, timeout]);
    const sentAt = Date.now();
    const started = performance.now();
    let error: ModelError;
    try {
      const answer = await ctx.model.generate({ ...request, signal });
      // an empty answer is retried — unless the token limit cut it off (a reasoning model that spent every token
      // thinking): asking again would give the same, so it is kept and read as truncated
      if (answer.text.trim() === '' && answer.finishReason !== 'length') throw new ModelError('empty-response', 'the model returned an empty answer');
      const { result, repaired } = cleanAnswer(answer, ctx.redactor);
      ctx.limiter.onSuccess();
      putInCache(ctx.cache, key, ctx.entry.spec.id, result);
      return { status: 'done', result, latencyMs: Math.round(performance.now() - started), attempts, cached: false, cost: costOf(result.usage, ctx.price), ...(repaired ? { repaired } : {}) };
    } catch (err) {
      error = toModelError(err, signal);
      if (timeout.aborted && !ctx.signal.aborted) error = new ModelError('timeout', `no answer within ${ctx.entry.timeoutMs} ms`, { cause: err });
    }
    const after = stopped();
    if (after) return after;
    if (error.kind === 'auth') {
      ctx.stop.stop(ctx.redactor.redact(`the server refused the key (${error.status ?? 'authentication failed'}${ctx.keySource ? `; the key came from ${ctx.keySource}` : ''}): ${error.message}`));
      return { status: 'stopped', reason: ctx.stop.reason!, attempts };
    }
    const maxWait = ctx.backoff.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS;
    const asked = error.retryAfterMs;
    if (asked !== undefined && asked > maxWait && !ctx.stop.grantLongPause(sentAt, maxWait)) {
      ctx.stop.stop(`the server asked again to wait ${duration(asked)}, longer than the ${duration(maxWait)} clinicallab waits, after a pause of ${duration(maxWait)}`);
      return { status: 'stopped', reason: ctx.stop.reason!, attempts };
    }
    if (error.kind === 'rate-limit' || error.kind === 'server') ctx.limiter.onPushback(asked); // the limiter caps the pause
    if (!error.retryable || attempt >= ctx.entry.maxRetries) {
      const tries = attempts === 1 ? '' : ` (after ${attempts} attempts)`;
      const wait = asked !== undefined && asked > maxWait ? `; the server asked to wait ${duration(asked)}, longer than the ${duration(maxWait)} clinicallab waits — retry later with --retry-errors` : '';
      return { status: 'error', kind: error.kind, message: ctx.redactor.redact(`${error.message}${tries}${wait}`), attempts };
    }
    const delay = backoffDelay(attempt, error.retryAfterMs, ctx.backoff);
    onRetry?.(error, delay);
    await sleep(delay, waiting);
  }
}

/** An answer as it may be kept: no secret a server echoed back in it, and well-formed text. */
function cleanAnswer(answer: GenerateResult, redactor: Redactor): { result: GenerateResult; repaired: boolean } {
  const { text, repaired } = wellFormed(redactor.redactSecrets(answer.text));
  return { result: text === answer.text ? answer : { ...answer, text }, repaired };
}

const duration = (ms: number): string => (ms % 1000 === 0 ? `${ms / 1000} s` : `${Math.round(ms)} ms`);

/** Keep an answer in the cache; a cache that cannot be written (disk full) only costs a later call, never the answer. */
function putInCache(cache: ResponseCache | undefined, key: string, model: string, result: GenerateResult): void {
  try {
    cache?.put(key, model, result);
  } catch {
    // the answer itself is recorded in the run store, whose own failures stop the run with a clear message
  }
}

/** What the store records for an answered job. */
export function jobResult(outcome: Extract<Outcome, { status: 'done' }>, parsed: unknown): JobResult {
  const r = outcome.result;
  return {
    response: r.text,
    parsed,
    ...(r.usage.inputTokens !== undefined ? { inputTokens: r.usage.inputTokens } : {}),
    ...(r.usage.outputTokens !== undefined ? { outputTokens: r.usage.outputTokens } : {}),
    latencyMs: outcome.latencyMs,
    cost: outcome.cost,
    finishReason: r.finishReason,
    attempts: outcome.attempts,
    cached: outcome.cached,
  };
}
