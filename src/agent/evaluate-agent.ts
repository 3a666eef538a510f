/**
 * `evaluateAgent(options)`: what `clinicallab agent` does, for a program. Plain options: the variant (`3@1`), a
 * routing table (a file from `clinicallab routing`, or one built in code), the models — `model` for every role,
 * a role's own option overriding it for that role, `baseline` when nothing is named — the cases, and a run
 * directory (an existing one is resumed with the department list and templates it recorded).
 *
 * In two steps for a caller that shows what it will do first (the CLI): `prepareAgent` resolves everything and
 * refuses what cannot run before anything is written; `runPreparedAgent` runs it.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { BUNDLED_CASES_DIR } from '../bench/bundled.js';
import type { ClinicalCase } from '../bench/case.js';
import { loadDepartmentFile } from '../bench/department-file.js';
import { DepartmentTaxonomy } from '../bench/departments.js';
import type { Language } from '../bench/language.js';
import { loadCases, type LoadResult } from '../bench/loader.js';
import { filterCases } from '../bench/stats.js';
import type { Model } from '../models/types.js';
import type { ResponseCache } from '../run/cache.js';
import { configCasePaths, loadConfig, type Config } from '../run/config.js';
import { assertKeys, assertPriced, InvalidOptions } from '../run/evaluation.js';
import type { ModelEntry } from '../run/jobs.js';
import type { BackoffOptions } from '../run/limiter.js';
import { BUILTIN, recordedTaxonomy, withRecordedTemplates } from '../run/recorded.js';
import { readResumeState } from '../run/resume-check.js';
import { RUNS_DIR, runStamp, unpriced, type ModelFlags } from '../run/setup.js';
import { loadTemplates, type TemplateSet } from '../tasks/templates.js';
import { parseRoutingTable, type RoutingTable } from './routing.js';
import { resolveAgentModels, runAgent, type AgentRunResult } from './run-agent.js';
import type { AgentModel } from './setup.js';
import { variantWarnings } from './setup.js';
import type { AgentConfig, RoleModels } from './workflow.js';

/** The roles a model can be named for; `model` names all of them at once. */
export const AGENT_ROLES = ['navigator', 'clinician', 'radiologist', 'chief', 'nurse', 'pharmacist'] as const;
export type AgentRole = (typeof AGENT_ROLES)[number];

export interface AgentOptions extends Partial<Record<AgentRole, string>> {
  /** `k@m`: the navigator picks k departments (1, 3 or 5), each consults its top m clinicians (default `1@1`). */
  variant?: string;
  /** A routing table: a file (from `clinicallab routing`, or written by hand) or one built in code. Default: `clinician` for every department. */
  routing?: string | RoutingTable;
  /** The model of every role (default `baseline`); a role's own option overrides it for that role. */
  model?: string;
  cases?: readonly string[];
  language?: Language;
  limit?: number;
  /** The run directory (an existing one is resumed; a benchmark run directory can hold the agent too). */
  out?: string;
  /** Where a new run directory is made (default `clinicallab-runs`). */
  runsDir?: string;
  /** Model id the agent is stored and scored under (default `agent#k@m`). */
  name?: string;
  templates?: string;
  departments?: string;
  /** A config file's settings, or the path of one (role models' keys, headers, prices, sampling, limits). */
  config?: Config | string;
  /** Sampling and limits for every role model; `concurrency` is also the number of cases worked on at once. */
  sampling?: ModelFlags;
  /** USD budget over the whole run directory (needs a price for every model the agent may call). */
  maxCost?: number;
  cache?: ResponseCache;
  retryErrors?: boolean;
  allowChangedCases?: boolean;
  signal?: AbortSignal;
  backoff?: BackoffOptions;
  env?: NodeJS.ProcessEnv;
  createModel?: (spec: string, entry: ModelEntry) => Promise<Model>;
  onCase?: (c: ClinicalCase, outcome: 'done' | 'error', message?: string) => void;
}

export interface PreparedAgent {
  dir: string;
  name: string;
  config: AgentConfig;
  fileConfig: Config;
  flags: ModelFlags;
  models: Map<string, AgentModel>;
  /** Models without a known price (their cost is reported as unknown). */
  unpriced: string[];
  taxonomy: DepartmentTaxonomy;
  taxonomySource: string;
  templates: TemplateSet;
  loaded: LoadResult;
  cases: ClinicalCase[];
  /** What the variant cannot do as named (the routing table lists fewer than m models somewhere). */
  warnings: string[];
  maxCost?: number;
}

/** `k@m` read, or a clear refusal. */
export function parseVariant(variant: string): { k: number; m: number } {
  const v = /^([135])@(\d+)$/.exec(variant);
  if (!v || Number(v[2]) < 1) throw new InvalidOptions(`--variant "${variant}" should be k@m with k 1, 3 or 5 and m ≥ 1 (e.g. 1@1, 3@1, 1@3)`);
  return { k: Number(v[1]), m: Number(v[2]) };
}

/** Each role's model: its own option, else `model`, else the baseline. */
export function roleModels(o: Partial<Record<AgentRole, string>> & { model?: string }): Record<AgentRole, string> {
  return Object.fromEntries(AGENT_ROLES.map((r) => [r, o[r] ?? o.model ?? 'baseline'])) as Record<AgentRole, string>;
}

/** A routing table that sends every department to one clinician. */
export function singleClinicianRouting(clinician: string, taxonomy: DepartmentTaxonomy, source = '--clinician'): RoutingTable {
  return { source: [source], minCases: 0, overall: [{ model: clinician, score: null, n: 0 }], departments: Object.fromEntries(taxonomy.departments.map((d) => [d.id, { models: [{ model: clinician, score: null, n: 0 }], fallback: false }])) };
}

export async function prepareAgent(o: AgentOptions): Promise<PreparedAgent> {
  const fileConfig = o.config === undefined ? {} : typeof o.config === 'string' ? loadConfig(o.config).config : o.config;
  const flags = o.sampling ?? {};
  const maxCost = o.maxCost ?? fileConfig.maxCost;
  const { k, m } = parseVariant(o.variant ?? '1@1');
  // a resumed run uses the department list and templates it recorded, unless told otherwise
  const state = o.out ? readResumeState(o.out) : undefined;
  const departmentsFile = o.departments ?? fileConfig.departments;
  const recordedList = state ? recordedTaxonomy(state.inputs, o.out!) : undefined;
  const taxonomy = departmentsFile ? await loadDepartmentFile(departmentsFile) : (recordedList ?? DepartmentTaxonomy.default());
  const taxonomySource = departmentsFile ?? (recordedList ? (state?.manifest.departmentList?.source ?? BUILTIN) : BUILTIN);
  const roles = roleModels(o);
  const routing: RoutingTable =
    typeof o.routing === 'string' ? parseRoutingTable(await readFile(o.routing, 'utf8'), o.routing, taxonomy) : (o.routing ?? singleClinicianRouting(roles.clinician, taxonomy, o.clinician === undefined && o.model !== undefined ? '--model' : '--clinician'));
  const language = o.language ?? fileConfig.lang;
  const limit = o.limit ?? fileConfig.limit;
  const name = o.name ?? `agent#${k}@${m}`;
  const { clinician: _clinician, ...fixed } = roles;
  const config: AgentConfig = { k, m, routing, roles: fixed satisfies RoleModels };
  let models;
  try {
    models = resolveAgentModels({ config, taxonomy, fileConfig, flags });
  } catch (err) {
    throw new InvalidOptions((err as Error).message);
  }
  const entries = [...models.values()].map((x) => x.entry);
  assertKeys(entries, o.env);
  assertPriced(entries, maxCost);
  const templatesDir = o.templates ?? fileConfig.templates;
  const templates = templatesDir || !state ? await loadTemplates(templatesDir) : withRecordedTemplates(await loadTemplates(), state.inputs, o.out!);
  const given = o.cases?.length ? [...o.cases] : configCasePaths(fileConfig);
  const loaded = await loadCases(given && given.length > 0 ? given : [BUNDLED_CASES_DIR], { taxonomy });
  let cases = filterCases(loaded.cases, language ? { language } : {});
  if (limit !== undefined) cases = cases.slice(0, limit);
  const dir = resolve(o.out ?? join(o.runsDir ?? RUNS_DIR, `${runStamp()}-agent-${k}at${m}`));
  return { dir, name, config, fileConfig, flags, models, unpriced: unpriced(entries), taxonomy, taxonomySource, templates, loaded, cases, warnings: variantWarnings(name, config, taxonomy), ...(maxCost !== undefined ? { maxCost } : {}) };
}

export async function runPreparedAgent(p: PreparedAgent, o: AgentOptions = {}): Promise<AgentRunResult & { dir: string }> {
  const result = await runAgent({
    dir: p.dir, cases: p.cases, caseFiles: p.loaded.files, allCases: p.loaded.cases, templates: p.templates, taxonomy: p.taxonomy, taxonomySource: p.taxonomySource,
    name: p.name, config: p.config, fileConfig: p.fileConfig, flags: p.flags,
    ...(o.allowChangedCases ? { allowChangedCases: true } : {}),
    ...(p.maxCost !== undefined ? { maxCost: p.maxCost } : {}),
    ...(o.cache ? { cache: o.cache } : {}),
    ...(o.retryErrors ? { retryErrors: true } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.backoff ? { backoff: o.backoff } : {}),
    ...(o.env ? { env: o.env } : {}),
    ...(o.createModel ? { createModel: o.createModel } : {}),
    ...(o.onCase ? { onCase: o.onCase } : {}),
  });
  return { ...result, dir: p.dir };
}

/** Run ClinicalAgent as `clinicallab agent` does (without printing, scoring or the report). */
export async function evaluateAgent(o: AgentOptions = {}): Promise<AgentRunResult & { dir: string }> {
  return runPreparedAgent(await prepareAgent(o), o);
}
