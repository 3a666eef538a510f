/**
 * Reading the ClinicalAgent parts of a run for a report: which models of the store are agents (their
 * configuration is stored as `agent:<id>` beside the manifest, and their steps are `agent-…` jobs), the
 * configuration itself (variant, role models, routing table), and the statistics `clinicallab agent` prints
 * (src/agent/stats.ts): examinations ordered per case, their share of those available, tokens and cost per case.
 */
import type { RoutingTable } from '../agent/routing.js';
import { agentStats, type AgentStats } from '../agent/stats.js';
import type { RoleModels } from '../agent/workflow.js';
import type { ClinicalCase } from '../bench/case.js';
import type { RunStore, StoredJob } from '../run/store.js';

/** The configuration an agent run stored (`store.getMeta('agent:<id>')`). */
export interface AgentConfigRead {
  k: number;
  m: number;
  roles: RoleModels;
  routing: RoutingTable;
}

export interface AgentRead {
  /** Null when the run holds the agent's steps but not its configuration. */
  config: AgentConfigRead | null;
  /** `orderedShare` is null when some case of the agent could not be read. */
  stats: Omit<AgentStats, 'orderedShare'> & { orderedShare: number | null };
}

/** What `readStore` keeps of an agent until the cases are loaded. */
export interface AgentPending {
  config: AgentConfigRead | null;
  jobs: StoredJob[];
}

const ROLES = ['navigator', 'radiologist', 'chief', 'nurse', 'pharmacist'] as const;

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The stored configuration, checked: anything that is not the shape `runAgent` writes reads as null. */
export function agentConfig(meta: unknown): AgentConfigRead | null {
  if (!isObject(meta)) return null;
  const { k, m, roles, routing } = meta;
  if (typeof k !== 'number' || typeof m !== 'number' || !isObject(roles) || !isObject(routing) || !isObject(routing.departments)) return null;
  if (!ROLES.every((r) => typeof roles[r] === 'string')) return null;
  const departments: RoutingTable['departments'] = {};
  for (const [id, e] of Object.entries(routing.departments)) {
    if (!isObject(e) || !Array.isArray(e.models)) return null;
    departments[id] = { models: e.models.filter(isObject).map(ranked), fallback: e.fallback === true };
  }
  return {
    k,
    m,
    roles: Object.fromEntries(ROLES.map((r) => [r, roles[r] as string])) as unknown as RoleModels,
    routing: {
      source: Array.isArray(routing.source) ? routing.source.map(String) : [],
      minCases: typeof routing.minCases === 'number' ? routing.minCases : 0,
      overall: Array.isArray(routing.overall) ? routing.overall.filter(isObject).map(ranked) : [],
      departments,
    },
  };
}

function ranked(r: Record<string, unknown>): { model: string; score: number | null; n: number } {
  return { model: String(r.model), score: typeof r.score === 'number' ? r.score : null, n: typeof r.n === 'number' ? r.n : 0 };
}

/** The agent models of a store: those with a stored configuration or with `agent-…` steps. */
export function readAgents(store: RunStore, jobs: readonly StoredJob[]): Map<string, AgentPending> {
  const out = new Map<string, AgentPending>();
  const stepsOf = new Set(jobs.filter((j) => j.kind.startsWith('agent-')).map((j) => j.model));
  for (const model of new Set(jobs.map((j) => j.model))) {
    const meta = store.getMeta<unknown>(`agent:${model}`);
    if (meta === undefined && !stepsOf.has(model)) continue;
    out.set(model, { config: agentConfig(meta), jobs: jobs.filter((j) => j.model === model) });
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
