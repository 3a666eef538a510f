/**
 * One model call kept in a run store, for workflows that decide their next call from the last answer (the
 * agent, the judge): the call becomes a job with a key the caller derives; a job already done is answered from
 * the store without calling again; otherwise it is claimed, run with the usual retries and cache, and recorded
 * as done or as an error.
 */
import type { ExecuteContext } from './execute.js';
import { executeJob, jobResult } from './execute.js';
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

export async function storedCall(store: RunStore, worker: string, call: StoredCall, ctx: ExecuteContext, opts: { leaseMs: number; retryErrors?: boolean }): Promise<string> {
  const existing = store.job(call.key);
  if (existing?.status === 'done') {
    store.ledger.unorphan([call.key]); // set aside when its record changed, but asked again word for word
    return existing.response!;
  }
  if (!existing) {
    store.addJobs([{ key: call.key, model: call.model, kind: call.kind, caseUid: call.caseUid, language: call.language, ...(call.exam ? { exam: call.exam } : {}), templateHash: call.templateHash, prompt: call.prompt, promptHash: sha256(call.prompt).slice(0, 32) }]);
  }
  const job = store.claimKey(call.key, worker, opts.leaseMs, opts.retryErrors ?? false);
  if (!job) throw new StoredCallFailed(`${call.label}: ${store.job(call.key)?.error ?? 'claimed by another worker'}`);
  const outcome = await executeJob(job, ctx);
  if (outcome.status === 'cancelled' || outcome.status === 'stopped') {
    store.release(call.key, worker);
    throw new StoredCallFailed(outcome.status === 'stopped' ? `${call.label}: stopped: ${outcome.reason}` : 'cancelled', true);
  }
  if (outcome.status === 'error') {
    store.fail(call.key, worker, outcome.kind, `${call.label}: ${outcome.message}`, outcome.attempts);
    throw new StoredCallFailed(`${call.label}: ${outcome.message}`);
  }
  store.complete(call.key, worker, jobResult(outcome, call.parse(outcome.result.text)));
  return outcome.result.text;
}
