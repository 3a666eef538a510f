/**
 * One model call kept in a run store, for workflows that decide their next call from the last answer (the
 * agent, the 4-dimension rater): the call becomes a job with a key the caller derives; a job already done is
 * answered from the store without calling again (and without touching the budget); otherwise its expected cost
 * is reserved from the executor's budget, it waits for a place in its model's lane, is claimed, run with the
 * usual retries and cache, and recorded as done or as an error.
 */
import { jobResult } from './execute.js';
import type { ToolDefinition } from '../models/types.js';
import type { Lane } from './executor.js';
import type { JobSpec } from './jobs.js';
import { sha256 } from './keys.js';
import type { RunStore } from './store.js';

export class StoredCallFailed extends Error {
  constructor(
    message: string,
    readonly cancelled = false,
  ) {
    super(message);
    this.name = 'StoredCallFailed';
  }
}

/** The budget would be passed by this call: it was not made (the caller leaves its work unfinished, for a resume). */
export class BudgetReached extends Error {
  constructor() {
    super('the budget (--max-cost) is reached');
    this.name = 'BudgetReached';
  }
}

export interface StoredCall {
  key: string;
  /** Model id the job is stored (and scored) under. */
  model: string;
  kind: JobSpec['kind'];
  caseUid: string;
  language: string;
  exam?: string;
  templateHash: string;
  prompt: string;
  /** Label for error messages, e.g. "clinician (openai:gpt-4o)". */
  label: string;
  /** The structured reading stored beside the answer. */
  parse: (text: string) => unknown;
}

export interface StoredCallOptions {
  /** Ask again a call that ended in error. */
  retryErrors?: boolean;
  /** Expected answer length for the budget (default: what the lane estimates). */
  outputTokens?: number;
  /** Tools the model may call (a tool-calling role), part of the request and of its cache key. */
  tools?: ToolDefinition[];
}

export async function storedCall(store: RunStore, worker: string, call: StoredCall, lane: Lane, opts: StoredCallOptions = {}): Promise<string> {
  const existing = store.job(call.key);
  if (existing?.status === 'done') {
    store.ledger.unorphan([call.key]); // set aside when its record changed, but asked again word for word
    return existing.response!;
  }
  const reserved = lane.reserve(call.prompt, opts.outputTokens);
  if (reserved === false) throw new BudgetReached();
  try {
    if (!existing) {
      store.addJobs([{ key: call.key, model: call.model, kind: call.kind, caseUid: call.caseUid, language: call.language, ...(call.exam ? { exam: call.exam } : {}), templateHash: call.templateHash, prompt: call.prompt, promptHash: sha256(call.prompt).slice(0, 32) }]);
    }
    return await lane.withSlot(async () => {
      const job = store.claimKey(call.key, worker, lane.leaseMs, opts.retryErrors ?? false);
      if (!job) throw new StoredCallFailed(`${call.label}: ${store.job(call.key)?.error ?? 'claimed by another worker'}`);
      const outcome = await lane.runJobInSlot(job, (_e, delayMs) => store.renewLease(call.key, worker, Date.now() + delayMs + lane.leaseMs), opts.tools);
      if (outcome.status === 'cancelled' || outcome.status === 'stopped') {
        store.release(call.key, worker);
        throw new StoredCallFailed(outcome.status === 'stopped' ? `${call.label}: stopped: ${outcome.reason}` : 'cancelled', true);
      }
      if (outcome.status === 'error') {
        store.fail(call.key, worker, outcome.kind, `${call.label}: ${outcome.message}`, outcome.attempts);
        throw new StoredCallFailed(`${call.label}: ${outcome.message}`);
      }
      if (store.complete(call.key, worker, jobResult(outcome, call.parse(outcome.result.text)))) lane.spend(outcome);
      return outcome.result.text;
    });
  } finally {
    lane.unreserve(reserved);
  }
}
