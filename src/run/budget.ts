/**
 * A run's budget (`--max-cost`): what its stored answers cost already — in every invocation so far, so resuming
 * does not spend it again — what the calls in flight are expected to cost, and whether one more call fits. Used
 * by the runner and by ClinicalAgent alike. Without a budget every call fits.
 */
import type { Price } from '../models/pricing.js';
import { estimateTokens } from '../models/tokens.js';

/** The expected cost (USD) of one call: its prompt's tokens and a guess of its answer's, at the model's price. */
export function estimateCost(prompt: string, outputTokens: number, price: Price): number {
  return (estimateTokens(prompt) * price.input + outputTokens * price.output) / 1_000_000;
}

export class Budget {
  private committed = 0;

  constructor(
    readonly maxCost: number | undefined,
    private spent = 0,
  ) {}

  /** USD spent so far, stored answers included. */
  get spentSoFar(): number {
    return this.spent;
  }

  /** Reserve a call's estimate; false when it would pass the budget. Without a budget nothing is reserved (0). */
  reserve(estimate: number): number | false {
    if (this.maxCost === undefined) return 0;
    if (this.spent + this.committed + estimate > this.maxCost) return false;
    this.committed += estimate;
    return estimate;
  }

  /** A reserved call ended (answered or not): its estimate no longer counts. */
  release(reserved: number): void {
    this.committed -= reserved;
  }

  /** What an answered call actually cost. */
  spend(cost: number | null | undefined): void {
    if (cost) this.spent += cost;
  }
}
