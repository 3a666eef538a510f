/**
 * `rateAnswers(options)`: what `clinicallab rate` (formerly `judge`) does, for a program — the 4-dimension
 * rating (Fluency, Relevance, Completeness, Proficiency) of every six-section answer of a run by rater models.
 * Plain options: the run directory (or its name under `clinicallab-runs/`), the rater specs (`model` for every
 * rater role, `raters` overriding it), the config and sampling as for a run; the department list and templates
 * come from the config when it names them. Ratings are stored in the run: running it again rates only what is
 * left.
 */
import { loadDepartmentFile } from '../bench/department-file.js';
import { DepartmentTaxonomy } from '../bench/departments.js';
import type { Model } from '../models/types.js';
import type { ResponseCache } from '../run/cache.js';
import { loadConfig, type Config } from '../run/config.js';
import { assertKeys, assertPriced, InvalidOptions } from '../run/evaluation.js';
import { isRunDir } from '../run/inspect.js';
import type { ModelEntry } from '../run/jobs.js';
import type { BackoffOptions } from '../run/limiter.js';
import { RUNS_DIR, type ModelFlags } from '../run/setup.js';
import { loadTemplates } from '../tasks/templates.js';
import { isHeuristicJudge, raterEntries, rateRun, type RateRunResult } from './judge-run.js';

export interface RateOptions {
  /** The run directory, or its name under `clinicallab-runs/`. */
  run: string;
  /** The rater model(s); several are averaged. `baseline` rates with documented heuristics, offline. */
  raters?: readonly string[];
  /** The model of every rater role when `raters` is not given. */
  model?: string;
  /** Only the answers of these rated models (default: every model and agent in the run). */
  models?: readonly string[];
  limit?: number;
  /** Re-asks after an unreadable reply (default 2); then it counts as a judge error. */
  retries?: number;
  templates?: string;
  departments?: string;
  config?: Config | string;
  sampling?: ModelFlags;
  maxCost?: number;
  cache?: ResponseCache;
  signal?: AbortSignal;
  backoff?: BackoffOptions;
  env?: NodeJS.ProcessEnv;
  createModel?: (entry: ModelEntry) => Promise<Model>;
}

export interface RateResult extends RateRunResult {
  dir: string;
  raters: { spec: string; heuristic: boolean }[];
}

/** The run directory a `run` option names, or a clear refusal. */
export function runDirOf(run: string): string {
  const dir = isRunDir(run) ? run : `${RUNS_DIR}/${run}`;
  if (!isRunDir(dir)) throw new InvalidOptions(`${run} is not a run directory`);
  return dir;
}

export async function rateAnswers(o: RateOptions): Promise<RateResult> {
  const dir = runDirOf(o.run);
  const raters = o.raters?.length ? [...o.raters] : o.model ? [o.model] : [];
  if (raters.length === 0) throw new InvalidOptions('name the rater model(s) with --model or --rater, e.g. --model openai:gpt-4o (baseline rates offline with heuristics)');
  if (o.limit !== undefined && !(Number.isInteger(o.limit) && o.limit >= 1)) throw new InvalidOptions('--limit should be a whole number ≥ 1');
  if (o.retries !== undefined && !(Number.isInteger(o.retries) && o.retries >= 0)) throw new InvalidOptions('--retries should be a whole number ≥ 0');
  const fileConfig = o.config === undefined ? {} : typeof o.config === 'string' ? loadConfig(o.config).config : o.config;
  const flags = o.sampling ?? {};
  const maxCost = o.maxCost ?? fileConfig.maxCost;
  let entries;
  try {
    entries = raterEntries(raters, fileConfig, flags);
  } catch (err) {
    throw new InvalidOptions((err as Error).message);
  }
  assertKeys([...entries.values()], o.env);
  assertPriced([...entries.values()], maxCost);
  const departments = o.departments ?? fileConfig.departments;
  const r = await rateRun({
    dir,
    raters,
    fileConfig,
    flags,
    taxonomy: departments ? await loadDepartmentFile(departments) : DepartmentTaxonomy.default(),
    templates: await loadTemplates(o.templates ?? fileConfig.templates),
    ...(o.models ? { models: o.models } : {}),
    ...(o.limit !== undefined ? { limit: o.limit } : {}),
    ...(o.retries !== undefined ? { retries: o.retries } : {}),
    ...(o.cache ? { cache: o.cache } : {}),
    ...(maxCost !== undefined ? { maxCost } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.backoff ? { backoff: o.backoff } : {}),
    ...(o.env ? { env: o.env } : {}),
    ...(o.createModel ? { createModel: o.createModel } : {}),
  });
  return { ...r, dir, raters: raters.map((spec) => ({ spec, heuristic: isHeuristicJudge(spec) })) };
}
