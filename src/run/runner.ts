/**
 * The evaluation runner: put the jobs of a run in its store, then work through the pending ones — per model, as
 * many at once as the model's adaptive limit allows — until none is left, the budget is reached or the run is
 * stopped. Jobs end done or error; a stopped run leaves the rest pending, and running the same command again
 * continues it. Several processes can work on one store at once. When the store itself fails (disk full,
 * read-only, damaged), every worker stops — nothing more is asked, requests in flight are cancelled — and the
 * run rejects once with that error.
 */
import type { DepartmentTaxonomy } from '../bench/departments.js';
import type { Model } from '../models/types.js';
import { parseAnswer } from './answers.js';
import type { ResponseCache } from './cache.js';
import { jobResult, type Outcome } from './execute.js';
import { Executor, type Lane } from './executor.js';
import type { JobSpec, ModelEntry } from './jobs.js';
import type { BackoffOptions } from './limiter.js';
import { Redactor } from './secrets.js';
import { newWorkerId, type RunStore, type StoredJob } from './store.js';

export type RunEvent =
  | { type: 'job-done'; job: StoredJob; cached: boolean; inputTokens?: number; outputTokens?: number; cost: number | null }
  | { type: 'job-error'; job: StoredJob; kind: string; message: string }
  | { type: 'retry'; job: StoredJob; kind: string; delayMs: number }
  | { type: 'budget-reached'; spent: number; maxCost: number }
  | { type: 'model-failed'; model: string; message: string }
  /** A model stopped for the rest of this invocation (key refused, too long a wait asked again); its jobs stay pending. */
  | { type: 'model-stopped'; model: string; message: string; pending: number };

export interface RunnerOptions {
  store: RunStore;
  jobs: readonly JobSpec[];
  models: readonly ModelEntry[];
  taxonomy: DepartmentTaxonomy;
  /** Builds the Model of an entry (the registry; tests inject their own). */
  createModel: (entry: ModelEntry) => Promise<Model>;
  cache?: ResponseCache;
  /**
   * Stop scheduling once the run's cost would pass this much (USD): what its stored answers cost — in every
   * invocation so far, so resuming does not spend the budget again — plus what this invocation spends.
   */
  maxCost?: number;
  signal?: AbortSignal;
  backoff?: BackoffOptions;
  redactor?: Redactor;
  /** The environment the keys are read from (default process.env), to name a refused key's variable. */
  env?: NodeJS.ProcessEnv;
  onEvent?: (event: RunEvent) => void;
  workerId?: string;
}

export interface RunnerResult {
  done: number;
  errors: number;
  /** Jobs left pending (budget reached, interrupted, or a model that could not be created). */
  pending: number;
  cached: number;
  /** Answers that had lone UTF-16 surrogates, stored with each replaced by U+FFFD. */
  repaired: number;
  inputTokens: number;
  outputTokens: number;
  /** Spent by this invocation; null when some answered job had no known price. */
  cost: number | null;
  budgetReached: boolean;
  interrupted: boolean;
  wallMs: number;
}

export async function runJobs(opts: RunnerOptions): Promise<RunnerResult> {
  const started = performance.now();
  const { store } = opts;
  const worker = opts.workerId ?? newWorkerId();
  const redactor = opts.redactor ?? new Redactor();
  const stopped = opts.signal ?? new AbortController().signal;
  // a failing store stops every model's workers, not only the one that hit it
  const storeFailed = new AbortController();
  const signal = AbortSignal.any([stopped, storeFailed.signal]);
  let fatal: { error: unknown } | undefined;
  const fail = (err: unknown): void => {
    fatal ??= { error: err };
    storeFailed.abort();
  };
  const emit = opts.onEvent ?? (() => undefined);
  store.addJobs(opts.jobs);
  store.reclaimStale(Date.now(), new Set([worker]));

  const result: RunnerResult = { done: 0, errors: 0, pending: 0, cached: 0, repaired: 0, inputTokens: 0, outputTokens: 0, cost: 0, budgetReached: false, interrupted: false, wallMs: 0 };
  // every call goes through the executor: per-model lanes, retries, the cache, redaction and the budget, which
  // covers the whole run (what its stored answers cost in earlier invocations counts)
  const executor = new Executor({
    entries: opts.models,
    createModel: opts.createModel,
    redactor,
    signal,
    ...(opts.env ? { env: opts.env } : {}),
    ...(opts.backoff ? { backoff: opts.backoff } : {}),
    ...(opts.cache ? { cache: opts.cache } : {}),
    ...(opts.maxCost !== undefined ? { maxCost: opts.maxCost, spent: store.totals().cost } : {}),
  });

  const runModel = async (entry: ModelEntry): Promise<void> => {
    const id = entry.spec.id;
    if (store.pendingCount(id) === 0) return;
    let lane: Lane;
    try {
      lane = await executor.lane(entry);
    } catch (err) {
      emit({ type: 'model-failed', model: id, message: redactor.redact((err as Error).message) });
      return;
    }
    const leaseMs = lane.leaseMs;
    const inFlight = new Set<Promise<void>>();

    const handle = async (job: StoredJob, reserved: number): Promise<void> => {
      try {
        const outcome = await lane.runJob(job, (error, delayMs) => {
          store.renewLease(job.key, worker, Date.now() + delayMs + leaseMs);
          emit({ type: 'retry', job, kind: error.kind, delayMs });
        });
        record(job, outcome);
      } catch (err) {
        fail(err);
      } finally {
        lane.unreserve(reserved);
      }
    };

    const record = (job: StoredJob, outcome: Outcome): void => {
      if (outcome.status === 'cancelled' || outcome.status === 'stopped') {
        if (!fatal) store.release(job.key, worker); // after a store failure the next run reclaims it
        return;
      }
      if (outcome.status === 'error') {
        if (store.fail(job.key, worker, outcome.kind, outcome.message, outcome.attempts)) {
          result.errors++;
          emit({ type: 'job-error', job, kind: outcome.kind, message: outcome.message });
        }
        return;
      }
      const r = outcome.result;
      const saved = store.complete(job.key, worker, jobResult(outcome, parseAnswer(job.kind, r.text, opts.taxonomy, { finishReason: r.finishReason, ...(r.reasoning ? { reasoningChars: r.reasoning.length } : {}) })));
      if (!saved) return;
      result.done++;
      if (outcome.cached) result.cached++;
      if (outcome.repaired) result.repaired++;
      result.inputTokens += r.usage.inputTokens ?? 0;
      result.outputTokens += r.usage.outputTokens ?? 0;
      lane.spend(outcome);
      if (outcome.cost === null) result.cost = null;
      else if (result.cost !== null) result.cost += outcome.cost;
      emit({ type: 'job-done', job, cached: outcome.cached, ...(r.usage.inputTokens !== undefined ? { inputTokens: r.usage.inputTokens } : {}), ...(r.usage.outputTokens !== undefined ? { outputTokens: r.usage.outputTokens } : {}), cost: outcome.cost });
    };

    try {
      for (;;) {
        while (!signal.aborted && lane.stopReason === undefined && !result.budgetReached && lane.hasRoom()) {
          const [job] = store.claim(id, 1, worker, leaseMs);
          if (!job) break;
          const reserved = lane.reserve(job.prompt);
          if (reserved === false) {
            store.release(job.key, worker);
            if (!result.budgetReached) emit({ type: 'budget-reached', spent: executor.budget.spentSoFar, maxCost: opts.maxCost! });
            result.budgetReached = true;
            break;
          }
          const p = handle(job, reserved).finally(() => inFlight.delete(p));
          inFlight.add(p);
        }
        if (inFlight.size === 0) break;
        await Promise.race(inFlight);
      }
    } catch (err) {
      fail(err);
    } finally {
      await Promise.allSettled(inFlight);
    }
    if (lane.stopReason !== undefined && !fatal) emit({ type: 'model-stopped', model: id, message: lane.stopReason, pending: store.pendingCount(id) });
  };

  try {
    await Promise.all(opts.models.map((m) => runModel(m).catch(fail)));
  } finally {
    await executor.close();
  }
  if (fatal) throw fatal.error; // once, after every worker has stopped
  result.interrupted = stopped.aborted;
  result.pending = opts.models.reduce((n, m) => n + store.pendingCount(m.spec.id), 0);
  result.wallMs = Math.round(performance.now() - started);
  return result;
}
