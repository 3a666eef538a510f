/**
 * Reading the ClinicalAgent parts of a run for a report: which models of the store are agents (their
 * configuration is stored as `agent:<id>` beside the manifest, and their steps are `agent-…` jobs), the
 * configuration itself (variant, role models, routing table), and the statistics `clinicallab agent` prints
 * (src/agent/stats.ts): examinations ordered per case, their share of those available, tokens and cost per case.
 * Newer runs also record every model the agent may call (roles, parameters, limits, price, the key variable's
 * name), the templates it used and the warnings its variant deserved; a run made before that reads as none.
 */
import { agentRecordOf, type AgentRecord } from '../agent/agent-record.js';
import type { RoutingTable } from '../agent/routing.js';
import { agentStats, type AgentStats } from '../agent/stats.js';
import type { RoleModels } from '../agent/workflow.js';
import type { ClinicalCase } from '../bench/case.js';
import type { JobRecord } from '../run/records.js';
import type { RunStore } from '../run/store.js';
import type { AgentModelView } from './types.js';

/** The configuration an agent run stored (`agent:<id>`, agent/agent-record.ts), as the report reads it. */
export interface AgentConfigRead {
  k: number;
  m: number;
  roles: RoleModels;
  routing: RoutingTable;
  /** Whether the run recorded its models and templates (runs made before the agent did read as not). */
  recorded: boolean;
  /** Every model the agent may call (empty when the run did not record them). */
  models: AgentModelView[];
  /** `<lang>/<template>` → hash and source of each template the agent used. */
  templates: Record<string, { hash: string; source: string }>;
  /** What the variant could not do as named (e.g. fewer clinicians than m in some departments). */
  warnings: string[];
}

export interface AgentRead {
  /** Null when the run holds the agent's steps but not its configuration (a malformed one is refused). */
  config: AgentConfigRead | null;
  /** `orderedShare` is null when some case of the agent could not be read. */
  stats: Omit<AgentStats, 'orderedShare'> & { orderedShare: number | null };
}

/** What `readStore` keeps of an agent until the cases are loaded. */
export interface AgentPending {
  config: AgentConfigRead | null;
  jobs: JobRecord[];
}

/** The configuration as the report reads it, from the record the run stored (decoded by agent/agent-record.ts). */
export function agentConfig(r: AgentRecord): AgentConfigRead {
  return {
    k: r.k,
    m: r.m,
    roles: r.roles,
    routing: r.routing,
    recorded: r.models !== undefined,
    models: (r.models ?? []).map((x) => ({ ...x, params: { ...x.params }, roles: [...x.roles] })),
    templates: { ...(r.templates ?? {}) },
    warnings: [...(r.warnings ?? [])],
  };
}

/** The agent models of a store: those with a stored configuration or with `agent-…` steps. */
export function readAgents(store: RunStore, dir: string, jobs: readonly JobRecord[]): Map<string, AgentPending> {
  const out = new Map<string, AgentPending>();
  const stepsOf = new Set(jobs.filter((j) => j.kind.startsWith('agent-')).map((j) => j.model));
  for (const model of new Set(jobs.map((j) => j.model))) {
    const record = agentRecordOf(store, dir, model);
    if (record === undefined && !stepsOf.has(model)) continue;
    out.set(model, { config: record ? agentConfig(record) : null, jobs: jobs.filter((j) => j.model === model) });
  }
  return out;
}

const caseKey = (uid: string, language: string): string => `${uid}\u0000${language}`;

/** Each agent's statistics, now that the cases (and so the examinations available) are known. */
export function agentReads(pending: ReadonlyMap<string, AgentPending>, cases: ReadonlyMap<string, ClinicalCase>): Map<string, AgentRead> {
  const out = new Map<string, AgentRead>();
  for (const [model, p] of pending) {
    const keys = new Set(p.jobs.map((j) => caseKey(j.caseUid, j.language)));
    const available = new Map<string, number>();
    for (const k of keys) {
      const c = cases.get(k);
      if (c) available.set(k, c.labs.length + c.imaging.length);
    }
    const s = agentStats(p.jobs, model, available);
    out.set(model, { config: p.config, stats: { ...s, orderedShare: available.size === keys.size ? s.orderedShare : null } });
  }
  return out;
}
