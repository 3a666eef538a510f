/**
 * `evaluate(options)`: what `clinicallab run` does, for a program. Plain options (model specs, case paths, task
 * names, a run directory); a run directory that exists is resumed with what it recorded (models, cases,
 * filters, department list, templates), nothing named anywhere means the built-in baseline, and the plan says
 * how many jobs and what they are expected to cost before any model is asked.
 *
 * In two steps for a caller that shows the plan first (the CLI): `prepareEvaluation` resolves and plans and
 * refuses what cannot run (bad options, a changed dataset on resume) before anything is written;
 * `runPrepared` runs it. `evaluate` does both.
 */
import { BUNDLED_CASES_DIR } from '../bench/bundled.js';
import type { ClinicalCase } from '../bench/case.js';
import { loadDepartmentFile } from '../bench/department-file.js';
import { DepartmentTaxonomy } from '../bench/departments.js';
import type { Language } from '../bench/language.js';
import type { LoadResult } from '../bench/loader.js';
import { CaseSession } from '../bench/session.js';
import { filterCases } from '../bench/stats.js';
import { apiKeyFor } from '../models/registry.js';
import type { Model } from '../models/types.js';
import type { GenerationKind } from '../tasks/definitions.js';
import { loadTemplates, type TemplateSet } from '../tasks/templates.js';
import type { ResponseCache } from './cache.js';
import type { CaseChanges } from './case-check.js';
import { configCasePaths, loadConfig, type Config } from './config.js';
import { evaluatePlanned, type EvaluateResult, type Manifest } from './evaluate.js';
import type { ModelEntry } from './jobs.js';
import type { BackoffOptions } from './limiter.js';
import { planPrompts, type Plan } from './plan.js';
import { BUILTIN, changedTemplateFiles, recordedTaxonomy, withRecordedTemplates, type ChangedTemplate, type ScoringSettings } from './recorded.js';
import { assertResumable, checkResume, readResumeState, ResumeRefused } from './resume-check.js';
import type { RunEvent } from './runner.js';
import { kindsForTasks, modelEntries, newRunId, RUNS_DIR, unpriced, type ModelFlags } from './setup.js';
import { join, resolve } from 'node:path';

/** Options a program (or a command's flags) can give; everything has the default `clinicallab run` has. */
export interface EvaluationOptions {
  /** Model specs (`openai:gpt-4o-mini`, …). Default: the config's models, else the resumed run's, else `baseline`. */
  models?: readonly string[];
  /** Case files or folders. Default: the config's, else the resumed run's, else the bundled open set. */
  cases?: readonly string[];
  /** Task names (`department`, `pd`, `difr`, `1`–`8`, …). Default: the config's, else the resumed run's, else all. */
  tasks?: readonly string[];
  language?: Language;
  /** Only the first n records (after the language filter). */
  limit?: number;
  /** The run directory: an existing one is resumed. Default: a new one under `runsDir`. */
  out?: string;
  /** Where a new run directory is made (default `clinicallab-runs`, under the current folder). */
  runsDir?: string;
  /** Ask again the jobs of `out` that ended in error (needs an existing run directory). */
  retryErrors?: boolean;
  /** A config file's settings, or the path of one (keys' variables, headers, prices, sampling, limits, defaults). */
  config?: Config | string;
  /** Sampling and limits for every model; they win over the config. */
  sampling?: ModelFlags;
  /** USD budget over the whole run directory (needs a price for every model). */
  maxCost?: number;
  /** Folder of templates replacing the built-in ones (a resumed run uses the texts it recorded). */
  templates?: string;
  /** A department list file instead of the built-in 23 (a resumed run uses the list it recorded). */
  departments?: string;
  /** Resume although the case files changed (see EvaluateOptions.allowChangedCases). */
  allowChangedCases?: boolean;
  /** Stop loading at the first invalid record. */
  strict?: boolean;
  /** A case session to read the case files through (default: a new one; bench/session.ts). */
  session?: CaseSession;
  /** How the run is to be scored, recorded in a new run (a resumed one keeps its own). */
  scoring?: ScoringSettings;
  cache?: ResponseCache;
  signal?: AbortSignal;
  backoff?: BackoffOptions;
  env?: NodeJS.ProcessEnv;
  createModel?: (entry: ModelEntry) => Promise<Model>;
  onEvent?: (event: RunEvent) => void;
  onStart?: (info: { total: number; done: number; added: number; reset: number }) => void;
}

/** Options that cannot be used (an unknown task, a bad model spec, a budget without prices, a missing key…). */
export class InvalidOptions extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidOptions';
  }
}

/** An evaluation resolved and planned, nothing written yet. */
export interface PreparedEvaluation {
  dir: string;
  /** The run directory exists and is resumed. */
  resuming: boolean;
  config: Config;
  models: ModelEntry[];
  kinds: GenerationKind[];
  paths: string[];
  loaded: LoadResult;
  /** The session the case files were read through: hand it to scoring and the report so they parse nothing again. */
  session: CaseSession;
  /** The records run: after the language and limit filters. */
  cases: ClinicalCase[];
  filters: { language?: Language; limit?: number };
  taxonomy: DepartmentTaxonomy;
  taxonomySource: string;
  templates: TemplateSet;
  /** Whether `templates` came from the options or the config (else a resumed run's recorded texts). */
  templatesGiven: boolean;
  plan: Plan;
  jobCount: number;
  /** An upper estimate in USD (every answer as long as its token limit, 600 without one); null without prices. */
  estimatedCost: number | null;
  /** Models without a known price (their cost is reported as unknown). */
  unpriced: string[];
  maxCost?: number;
  /** What changed in the case files since the resumed run last read them (null: nothing, or a new run). */
  changes: CaseChanges | null;
  /** Template files changed on disk since the resumed run recorded them (it goes on with the recorded texts). */
  changedTemplates: ChangedTemplate[];
  /** Why the resume is refused (a changed dataset without allowChangedCases, another department list…). */
  refused?: ResumeRefused;
}

const wrap = <T>(f: () => T): T => {
  try {
    return f();
  } catch (err) {
    throw new InvalidOptions((err as Error).message);
  }
};

function configOf(c: Config | string | undefined): Config {
  if (c === undefined) return {};
  return typeof c === 'string' ? loadConfig(c).config : c;
}

/** The settings a resumed run's manifest recorded for its models, as a config (keys' variables, prices, limits). */
export function configFromManifest(m: Manifest): Config {
  return {
    models: m.models.map((x) => ({
      spec: x.id,
      temperature: x.params.temperature,
      ...(x.params.maxTokens !== undefined ? { maxTokens: x.params.maxTokens } : {}),
      ...(x.params.seed !== undefined ? { seed: x.params.seed } : {}),
      ...(x.params.topP !== undefined ? { topP: x.params.topP } : {}),
      ...(x.params.topK !== undefined ? { topK: x.params.topK } : {}),
      concurrency: x.concurrency,
      timeoutMs: x.timeoutMs,
      maxRetries: x.maxRetries,
      ...(x.apiKeyEnv ? { apiKeyEnv: x.apiKeyEnv } : {}),
      ...(x.baseURL && !x.id.includes('@') ? { baseURL: x.baseURL } : {}), // a base URL from the config, not the spec
      ...(x.price ? { price: x.price } : {}),
    })),
  };
}

/** Refuse a budget when some model has no price (its cost could not be counted against it). */
export function assertPriced(entries: readonly ModelEntry[], maxCost: number | undefined): void {
  const noPrice = unpriced(entries);
  if (maxCost !== undefined && noPrice.length > 0) {
    throw new InvalidOptions(`--max-cost needs a price for every model; no price is known for ${noPrice.join(', ')} (add one under "pricing" or the model's "price" in the config file)`);
  }
}

/** Refuse, before anything is written, a model without its key. */
export function assertKeys(entries: readonly ModelEntry[], env: NodeJS.ProcessEnv = process.env): void {
  for (const e of entries) wrap(() => apiKeyFor(e.spec, e.settings, env));
}

/** The upper cost estimate of a plan for these models; null when some model has no price. */
export function estimatePlanCost(plan: Plan, models: readonly ModelEntry[]): number | null {
  if (!models.every((m) => m.price)) return null;
  return models.reduce((sum, m) => sum + (plan.estimatedInputTokens * m.price!.input + plan.prompts.length * (m.params.maxTokens ?? 600) * m.price!.output) / 1e6, 0);
}

export async function prepareEvaluation(o: EvaluationOptions): Promise<PreparedEvaluation> {
  const config = wrap(() => configOf(o.config));
  const outGiven = o.out ?? config.out;
  // a run directory given to resume supplies what it was made with: models, cases, filters, department list,
  // templates and scoring settings — and what it recorded of its case files, to tell whether they changed
  const state = outGiven ? readResumeState(outGiven) : undefined;
  const previous = state?.manifest;
  if (o.retryErrors && !previous) throw new InvalidOptions(`--retry-errors needs an existing run directory (${outGiven ?? 'give one with --retry-errors <run> or --out'})`);
  const maxCost = o.maxCost ?? config.maxCost;
  const limit = o.limit ?? config.limit ?? previous?.filters.limit;
  const language = o.language ?? config.lang ?? (previous?.filters.language as Language | undefined);
  const sampling = o.sampling ?? {};

  const modelSource = o.models?.length || config.models?.length ? config : previous ? configFromManifest(previous) : config;
  // nothing named anywhere: the built-in baseline, which needs no weights and no keys
  let models = wrap(() => modelEntries(o.models, modelSource, sampling));
  if (models.length === 0) models = wrap(() => modelEntries(['baseline'], modelSource, sampling));
  const kinds = wrap(() => (o.tasks?.length || config.tasks ? kindsForTasks(o.tasks?.length ? o.tasks : config.tasks) : (previous?.kinds ?? kindsForTasks(undefined))));
  assertPriced(models, maxCost);

  // a resumed run uses the department list and the templates it recorded, unless told otherwise
  const departmentsFile = o.departments ?? config.departments;
  const recordedList = state && outGiven ? recordedTaxonomy(state.inputs, outGiven) : undefined;
  const taxonomy = departmentsFile ? await loadDepartmentFile(departmentsFile) : (recordedList ?? DepartmentTaxonomy.default());
  const taxonomySource = departmentsFile ?? (recordedList ? (previous?.departmentList?.source ?? BUILTIN) : BUILTIN);
  const templatesDir = o.templates ?? config.templates;
  const templates = templatesDir || !state ? await loadTemplates(templatesDir) : withRecordedTemplates(await loadTemplates(), state.inputs, outGiven!);
  const given = o.cases?.length ? [...o.cases] : (configCasePaths(config) ?? previous?.cases.map((c) => c.file));
  const paths = given && given.length > 0 ? given : [BUNDLED_CASES_DIR];
  // one session for the command: the case files are parsed here, and scoring and the report reuse them
  const session = o.session ?? new CaseSession();
  const loaded = await session.load(paths, { strict: o.strict ?? false, taxonomy });
  let cases = filterCases(loaded.cases, language ? { language } : {});
  if (limit !== undefined) cases = cases.slice(0, limit);
  const plan = planPrompts(cases, { templates, taxonomy }, kinds);

  // resuming: the same dataset, department list and templates, or a refusal before any model is asked
  let refused: ResumeRefused | undefined;
  let changes: CaseChanges | null = null;
  if (state && outGiven) {
    const check = checkResume(state, { files: loaded.files, allCases: loaded.cases, cases, templates: plan.templates, taxonomy, taxonomySource });
    changes = check.changes;
    try {
      assertResumable(check, outGiven, o.allowChangedCases ?? false, `clinicallab run --out ${outGiven}`);
    } catch (err) {
      if (!(err instanceof ResumeRefused)) throw err;
      refused = err;
    }
  }
  const runsDir = o.runsDir ?? RUNS_DIR;
  const dir = resolve(outGiven ?? join(runsDir, newRunId(models)));
  return {
    dir,
    resuming: state !== undefined,
    config,
    models,
    kinds,
    paths,
    loaded,
    session,
    cases,
    filters: { ...(language ? { language } : {}), ...(limit !== undefined ? { limit } : {}) },
    taxonomy,
    taxonomySource,
    templates,
    templatesGiven: Boolean(templatesDir),
    plan,
    jobCount: plan.prompts.length * models.length,
    estimatedCost: estimatePlanCost(plan, models),
    unpriced: unpriced(models),
    ...(maxCost !== undefined ? { maxCost } : {}),
    changes,
    changedTemplates: state && !templatesDir ? changedTemplateFiles(state.inputs) : [],
    ...(refused ? { refused } : {}),
  };
}

export interface EvaluationResult extends EvaluateResult {
  dir: string;
  prepared: PreparedEvaluation;
}

/** Run a prepared evaluation: keys checked, then the jobs run in its run directory (resumable at any point). */
export async function runPrepared(p: PreparedEvaluation, o: EvaluationOptions = {}): Promise<EvaluationResult> {
  if (p.refused) throw p.refused;
  assertKeys(p.models, o.env);
  const r = await evaluatePlanned({
    dir: p.dir,
    models: p.models,
    cases: p.cases,
    caseFiles: p.loaded.files,
    allCases: p.loaded.cases,
    kinds: p.kinds,
    templates: p.templates,
    taxonomy: p.taxonomy,
    taxonomySource: p.taxonomySource,
    plan: p.plan,
    filters: p.filters,
    allowChangedCases: o.allowChangedCases ?? false,
    retryErrors: o.retryErrors ?? false,
    ...(o.scoring ? { scoring: o.scoring } : {}),
    ...(o.cache ? { cache: o.cache } : {}),
    ...(p.maxCost !== undefined ? { maxCost: p.maxCost } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.backoff ? { backoff: o.backoff } : {}),
    ...(o.env ? { env: o.env } : {}),
    ...(o.createModel ? { createModel: o.createModel } : {}),
    ...(o.onEvent ? { onEvent: o.onEvent } : {}),
    ...(o.onStart ? { onStart: o.onStart } : {}),
  });
  return { ...r, dir: p.dir, prepared: p };
}

/** Evaluate models on cases as `clinicallab run` does (without printing, scoring or the report). */
export async function evaluate(o: EvaluationOptions = {}): Promise<EvaluationResult> {
  return runPrepared(await prepareEvaluation(o), o);
}
