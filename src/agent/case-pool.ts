/**
 * The case loop every workflow run of this stage shares (ClinicalAgent, interactive ClinicalBench): `concurrency`
 * workers take cases from one queue; a case that ends in error is failed and counted; the budget or a stopped model
 * ends the run with the cases not yet done left unfinished, their finished steps kept for a resume.
 */
import type { ClinicalCase } from '../bench/case.js';
import { BudgetReached, StoredCallFailed } from '../run/call.js';
import type { Redactor } from '../run/secrets.js';

export interface PoolCounts {
  done: number;
  failed: number;
  unfinished: number;
  budgetReached: boolean;
  /** Why a model was stopped (redacted), when one was. */
  modelStopped?: string;
}

export interface CasePool {
  cases: readonly ClinicalCase[];
  concurrency: number;
  signal: AbortSignal;
  redactor: Redactor;
  /** One case, end to end. */
  work: (c: ClinicalCase) => Promise<void>;
  /** A case that ended in error: record it (the message is redacted). */
  fail: (c: ClinicalCase, message: string) => void;
  onCase?: (c: ClinicalCase, outcome: 'done' | 'error', message?: string) => void;
}

/** Run the pool, counting into `result`; `unfinished` is set once every worker has ended. */
export async function runCasePool(p: CasePool, result: PoolCounts): Promise<void> {
  const queue = [...p.cases];
  const workers = Array.from({ length: Math.max(1, p.concurrency) }, async () => {
    for (let c = queue.shift(); c && !p.signal.aborted && !result.budgetReached && !result.modelStopped; c = queue.shift()) {
      try {
        await p.work(c);
        result.done++;
        p.onCase?.(c, 'done');
      } catch (err) {
        if (p.signal.aborted) break;
        if (err instanceof BudgetReached) {
          result.budgetReached = true;
          break;
        }
        if (err instanceof StoredCallFailed && err.cancelled) {
          result.modelStopped ??= p.redactor.redact(err.message);
          break;
        }
        const message = p.redactor.redact((err as Error).message);
        p.fail(c, message);
        result.failed++;
        p.onCase?.(c, 'error', message);
      }
    }
  });
  await Promise.all(workers);
  result.unfinished = p.cases.length - result.done - result.failed;
}
