/**
 * Reading the ClinicalAgent parts of a run for a report: which models of the store are agents (their
 * configuration is stored as `agent:<id>` beside the manifest, and their steps are `agent-…` jobs), the
 * configuration itself (variant, role models, routing table), and the statistics `clinicallab agent` prints
 * (src/agent/stats.ts): examinations ordered per case, their share of those available, tokens and cost per case.
 * Newer runs also record every model the agent may call (roles, parameters, limits, price, the key variable's
 * name), the templates it used and the warnings its variant deserved; a run made before that reads as none.
 */
import type { RoutingTable } from '../agent/routing.js';
import { agentStats, type AgentStats } from '../agent/stats.js';
import type { RoleModels } from '../agent/workflow.js';
import type { ClinicalCase } from '../bench/case.js';
import type { JobRecord } from '../run/records.js';
import type { RunStore } from '../run/store.js';
import type { AgentModelView } from './types.js';

/** The configuration an agent run stored (`store.getMeta('agent:<id>')`). */
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
  /** Null when the run holds the agent's steps but not its configuration. */
  config: AgentConfigRead | null;
  /** `orderedShare` is null when some case of the agent could not be read. */
  stats: Omit<AgentStats, 'orderedShare'> & { orderedShare: number | null };
}

/** What `readStore` keeps of an agent until the cases are loaded. */
export interface AgentPending {
  config: AgentConfigRead | null;
  jobs: JobRecord[];
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
    recorded: Array.isArray(meta.models),
    models: Array.isArray(meta.models) ? meta.models.flatMap((x) => modelRecord(x) ?? []) : [],
    templates: templatesOf(meta.templates),
    warnings: Array.isArray(meta.warnings) ? meta.warnings.filter((w): w is string => typeof w === 'string') : [],
  };
}

/** One recorded model; anything not in the shape `agentManifestModel` (src/agent/setup.ts) writes is left out. */
function modelRecord(x: unknown): AgentModelView | null {
  if (!isObject(x)) return null;
  const { id, provider, model, baseURL, params, concurrency, timeoutMs, maxRetries, price, apiKeyEnv, roles } = x;
  if (typeof id !== 'string' || typeof provider !== 'string' || typeof model !== 'string') return null;
  if (typeof concurrency !== 'number' || typeof timeoutMs !== 'number' || typeof maxRetries !== 'number') return null;
  const priced = isObject(price) && typeof price.input === 'number' && typeof price.output === 'number';
  return {
    id,
    provider,
    model,
    ...(typeof baseURL === 'string' ? { baseURL } : {}),
    params: isObject(params) ? { ...params } : {},
    concurrency,
    timeoutMs,
    maxRetries,
    price: priced ? { input: price.input as number, output: price.output as number } : null,
    ...(typeof apiKeyEnv === 'string' ? { apiKeyEnv } : {}),
    roles: Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [],
  };
}

function templatesOf(x: unknown): Record<string, { hash: string; source: string }> {
  if (!isObject(x)) return {};
  const out: Record<string, { hash: string; source: string }> = {};
  for (const [k, v] of Object.entries(x)) if (isObject(v) && typeof v.hash === 'string') out[k] = { hash: v.hash, source: typeof v.source === 'string' ? v.source : '' };
  return out;
}

function ranked(r: Record<string, unknown>): { model: string; score: number | null; n: number } {
  return { model: String(r.model), score: typeof r.score === 'number' ? r.score : null, n: typeof r.n === 'number' ? r.n : 0 };
}

/** The agent models of a store: those with a stored configuration or with `agent-…` steps. */
export function readAgents(store: RunStore, jobs: readonly JobRecord[]): Map<string, AgentPending> {
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
