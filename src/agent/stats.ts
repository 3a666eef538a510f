/**
 * What an agent run did per case, beside its scores: how many examinations its clinicians ordered, what share of
 * the case's available examinations that is, and the tokens and cost of all its steps. It reads the steps as they
 * are decoded with the run's jobs (run/step-records.ts): a consultation's orders are typed there.
 */
import type { JobRecord } from '../run/records.js';

export interface AgentStats {
  cases: number;
  /** Mean examinations (lab panels + imaging exams) ordered per case. */
  ordersPerCase: number;
  /** Mean share (0–100) of the case's available examinations that were ordered. */
  orderedShare: number;
  tokensPerCase: number;
  /** USD per case; null when some step had no known price. */
  costPerCase: number | null;
}

/** `available` gives, per case key (`uid\0language`), how many examinations the case has. */
export function agentStats(jobs: readonly JobRecord[], agent: string, available: ReadonlyMap<string, number>): AgentStats {
  const mine = jobs.filter((j) => j.model === agent);
  const perCase = new Map<string, JobRecord[]>();
  for (const j of mine) {
    const k = `${j.caseUid}\u0000${j.language}`;
    perCase.set(k, [...(perCase.get(k) ?? []), j]);
  }
  let orders = 0;
  let share = 0;
  let tokens = 0;
  let cost: number | null = 0;
  for (const [k, steps] of perCase) {
    const ordered = new Set<string>();
    for (const s of steps) {
      if (s.kind !== 'agent-consult' || s.parsed === null) continue;
      for (const x of [...s.parsed.orders.labs, ...s.parsed.orders.imaging]) ordered.add(x);
    }
    orders += ordered.size;
    const n = available.get(k) ?? 0;
    share += n === 0 ? 0 : (100 * ordered.size) / n;
    for (const s of steps) {
      tokens += (s.inputTokens ?? 0) + (s.outputTokens ?? 0);
      if (s.status === 'done' && s.kind !== 'clinical-diagnosis') cost = s.cost === null || cost === null ? null : cost + s.cost;
    }
  }
  const n = perCase.size || 1;
  return { cases: perCase.size, ordersPerCase: orders / n, orderedShare: share / n, tokensPerCase: tokens / n, costPerCase: cost === null ? null : cost / n };
}
