/**
 * The executor: the one place every model call goes through — benchmark jobs, ClinicalAgent's steps, the
 * 4-dimension rater's ratings and the matcher's judge questions. It owns, for a command:
 *
 * - one lane per model: the model made once, its adaptive concurrency limit (requests in flight never pass it,
 *   whoever asks), its pause when the server says Retry-After, its stop (key refused, too long a wait asked
 *   again);
 * - retries with backoff, the per-request timeout and the lease a claimed job is held for;
 * - the budget (`maxCost`), counted over the whole run directory so resuming does not spend it again;
 * - the response cache, and redaction of every key and header value out of answers and error texts.
 *
 * Stages after `run` (metrics, agent) call it; none of them wires its own contexts, leases or budget.
 */
import type { ModelError } from '../models/errors.js';
import { createModel as createRegistryModel } from '../models/registry.js';
import type { GenerateRequest, Model, ToolDefinition } from '../models/types.js';
import { Budget, estimateCost } from './budget.js';
import type { ResponseCache } from './cache.js';
import { executeContext, executeJob, executeRequest, leaseFor, type ExecuteContext, type Outcome } from './execute.js';
import type { ModelEntry } from './jobs.js';
import { DEFAULT_BACKOFF, type BackoffOptions } from './limiter.js';
import { Redactor, redactorFor } from './secrets.js';
import type { StoredJob } from './store.js';

export interface ExecutorOptions {
  /** Every model the command may call: their keys, header values and URL secrets are kept out of everything written. */
  entries: Iterable<ModelEntry>;
  /** Builds the Model of an entry (default: the provider registry; tests inject their own). */
  createModel?: (entry: ModelEntry) => Promise<Model>;
  /** The environment keys are read from (default process.env). */
  env?: NodeJS.ProcessEnv;
  cache?: ResponseCache;
  backoff?: BackoffOptions;
  /** Aborts every lane: nothing new is asked, waits end at once, requests in flight are cancelled. */
  signal?: AbortSignal;
  /** USD: no call is started once its expected cost would take the run past this. */
  maxCost?: number;
  /** USD the run directory's stored answers cost already (earlier invocations), counted against `maxCost`. */
  spent?: number;
  /** A redactor to use instead of one built from `entries` (which then holds only what the caller put in it). */
  redactor?: Redactor;
}

/** One model's lane: its Model, its execution context and a gate that keeps its requests within its limit. */
export class Lane {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly seen = { n: 0, total: 0 };

  constructor(
    readonly entry: ModelEntry,
    readonly ctx: ExecuteContext,
    private readonly owner: Executor,
  ) {
    ctx.signal.addEventListener('abort', () => this.wakeAll(), { once: true });
    ctx.stop.signal.addEventListener('abort', () => this.wakeAll(), { once: true });
  }

  get model(): Model {
    return this.ctx.model;
  }

  /** How many requests may be in flight now (the adaptive limit). */
  get limit(): number {
    return this.ctx.limiter.limit;
  }

  /** Requests of this lane in flight now. */
  get inFlight(): number {
    return this.active;
  }

  /** Why this model was stopped for the rest of the command, if it was. */
  get stopReason(): string | undefined {
    return this.ctx.stop.reason;
  }

  /** How long a job claimed for this model is held: every attempt may time out, plus a minute. */
  get leaseMs(): number {
    return leaseFor(this.entry);
  }

  /** Whether one more request may start at once. */
  hasRoom(): boolean {
    return this.active < this.ctx.limiter.limit;
  }

  /** Run `fn` holding one of the lane's places (waiting for one); the place is given back however it ends. */
  async withSlot<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await fn();
    } finally {
      this.release();
    }
  }

  /** Run a stored job: cache, the call, retries; `onRetry` hears of each retry (to renew the job's lease). */
  runJob(job: StoredJob, onRetry?: (error: ModelError, delayMs: number) => void): Promise<Outcome> {
    return this.withSlot(() => this.runJobInSlot(job, onRetry));
  }

  /** runJob for a caller already holding a place (inside withSlot). */
  runJobInSlot(job: StoredJob, onRetry?: (error: ModelError, delayMs: number) => void, tools?: ToolDefinition[]): Promise<Outcome> {
    return executeJob(job, { ...this.ctx, ...(tools?.length ? { tools } : {}), ...(onRetry ? { onRetry: (_job: StoredJob, e: ModelError, d: number) => onRetry(e, d) } : {}) });
  }

  /** Ask a request that is not a stored job (the matcher's judge), cached under `cacheKey`. */
  ask(request: GenerateRequest, cacheKey: string): Promise<Outcome> {
    return this.withSlot(() => executeRequest(request, cacheKey, this.ctx));
  }

  /**
   * Reserve the expected cost of a call with this prompt; false when it would take the run past the budget.
   * The expected answer length is `outputTokens` when given, else the mean of this model's answers so far, else
   * its token limit (1024 without one). No budget, or no price for the model: nothing is reserved (0).
   */
  reserve(prompt: string, outputTokens?: number): number | false {
    const budget = this.owner.budget;
    if (budget.maxCost === undefined || !this.entry.price) return 0;
    const guess = outputTokens ?? (this.seen.n > 0 ? this.seen.total / this.seen.n : (this.entry.params.maxTokens ?? 1024));
    return budget.reserve(estimateCost(prompt, guess, this.entry.price));
  }

  /** A reserved call ended, answered or not. */
  unreserve(reserved: number): void {
    this.owner.budget.release(reserved);
  }

  /** An answered call was kept: its cost counts against the budget, its length informs the next estimates. */
  spend(outcome: Extract<Outcome, { status: 'done' }>): void {
    this.owner.budget.spend(outcome.cost);
    const out = outcome.result.usage.outputTokens;
    if (out !== undefined && !outcome.cached) {
      this.seen.n++;
      this.seen.total += out;
    }
  }

  private async acquire(): Promise<void> {
    while (!this.hasRoom() && !this.ctx.signal.aborted && this.ctx.stop.reason === undefined) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.active++;
  }

  private release(): void {
    this.active--;
    while (this.waiting.length > 0 && this.hasRoom()) this.waiting.shift()!();
  }

  private wakeAll(): void {
    for (const w of this.waiting.splice(0)) w();
  }
}

export class Executor {
  readonly redactor: Redactor;
  readonly budget: Budget;
  readonly signal: AbortSignal;
  readonly env: NodeJS.ProcessEnv;
  private readonly lanes = new Map<string, Promise<Lane>>();
  private readonly entries: ModelEntry[];

  constructor(private readonly opts: ExecutorOptions) {
    this.entries = [...opts.entries];
    this.env = opts.env ?? process.env;
    this.redactor = opts.redactor ?? redactorFor(this.entries, this.env);
    this.budget = new Budget(opts.maxCost, opts.maxCost === undefined ? 0 : (opts.spent ?? 0));
    this.signal = opts.signal ?? new AbortController().signal;
  }

  /** The longest lease any of the command's models needs (for steps recorded without a call). */
  get longestLease(): number {
    return Math.max(60_000, ...this.entries.map(leaseFor));
  }

  /** The lane of a model, made on first use; a model that cannot be made rejects (every time, with the same error). */
  lane(entry: ModelEntry): Promise<Lane> {
    const id = entry.spec.id;
    let lane = this.lanes.get(id);
    if (!lane) {
      const make = this.opts.createModel ?? ((e: ModelEntry) => createRegistryModel(e.spec, e.settings, this.env));
      lane = make(entry).then(
        (model) =>
          new Lane(
            entry,
            executeContext(model, entry, { redactor: this.redactor, signal: this.signal, env: this.env, backoff: this.opts.backoff ?? DEFAULT_BACKOFF, ...(this.opts.cache ? { cache: this.opts.cache } : {}) }),
            this,
          ),
      );
      lane.catch(() => undefined); // rejected lanes are reported where they are awaited
      this.lanes.set(id, lane);
    }
    return lane;
  }

  /** Close every model the executor made (llama.cpp frees its weights). */
  async close(): Promise<void> {
    const lanes = [...this.lanes.values()];
    this.lanes.clear();
    for (const settled of await Promise.allSettled(lanes)) if (settled.status === 'fulfilled') await settled.value.model.close?.();
  }
}
