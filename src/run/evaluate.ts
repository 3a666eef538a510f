/**
 * One evaluation of resolved inputs (loaded cases, model entries, templates): plan the prompts, turn them into
 * jobs for every model, record the manifest, and run the jobs in the run directory's store. Running it again on
 * the same directory continues where it stopped; adding a model adds its jobs. `evaluate(options)`
 * (evaluation.ts) resolves plain options into these inputs, as `clinicallab run` does.
 */
import type { ClinicalCase } from '../bench/case.js';
import { packageVersion } from '../bench/bundled.js';
import type { DepartmentTaxonomy } from '../bench/departments.js';
import type { FileReport } from '../bench/loader.js';
import { createModel } from '../models/registry.js';
import type { Price } from '../models/pricing.js';
import { redactUrl } from '../models/spec.js';
import type { Model } from '../models/types.js';
import type { GenerationKind } from '../tasks/definitions.js';
import type { TemplateSet } from '../tasks/templates.js';
import type { ResponseCache } from './cache.js';
import { buildJobs, type ModelEntry, type SamplingParams } from './jobs.js';
import type { BackoffOptions } from './limiter.js';
import { planPrompts, type Plan } from './plan.js';
import { runJobs, type RunEvent, type RunnerResult } from './runner.js';
import { redactorFor } from './secrets.js';
import { isRunDir } from './inspect.js';
import { caseRecordRows, type CaseChanges } from './case-check.js';
import { BUILTIN, departmentListInfo, recordInputs, templateTexts, type DepartmentListInfo, type ScoringSettings } from './recorded.js';
import { assertResumable, checkResume, recordsToSetAside, resumeState } from './resume-check.js';
import { RunStore } from './store.js';

export interface ManifestModel {
  id: string;
  provider: string;
  model: string;
  baseURL?: string;
  params: SamplingParams;
  concurrency: number;
  timeoutMs: number;
  maxRetries: number;
  /** USD per million tokens; null when unknown. */
  price: Price | null;
  /** Name of the environment variable the key came from (never the key). */
  apiKeyEnv?: string;
}

export interface Manifest {
  tool: { name: 'clinicallab'; version: string };
  node: string;
  createdAt: string;
  updatedAt: string;
  models: ManifestModel[];
  kinds: GenerationKind[];
  filters: { language?: string; limit?: number };
  cases: { file: string; sha256: string; records: number }[];
  records: number;
  /** Prompts not asked because their case has no gold answer for them (partial datasets). */
  skipped?: Partial<Record<GenerationKind, number>>;
  templates: Record<string, { hash: string; source: string }>;
  departments: string[];
  /** Where the department list came from and a hash of its content (its text is kept under `inputs`). */
  departmentList?: DepartmentListInfo;
  /** How the run's answers are scored, unless a command's flag says otherwise. */
  scoring?: Partial<ScoringSettings>;
  invocations: number;
}

export interface EvaluateOptions {
  dir: string;
  models: readonly ModelEntry[];
  cases: readonly ClinicalCase[];
  caseFiles: readonly FileReport[];
  /** Every record of the case files, before the language and limit filters (default: `cases`); each is hashed. */
  allCases?: readonly ClinicalCase[];
  kinds: readonly GenerationKind[];
  templates: TemplateSet;
  /** The plan of these cases, kinds and templates when the caller made it already (it is not made again). */
  plan?: Plan;
  taxonomy: DepartmentTaxonomy;
  /** Where the department list came from, for the record (default "builtin"). */
  taxonomySource?: string;
  /** How the run is to be scored; recorded when the run has no scoring settings yet. */
  scoring?: ScoringSettings;
  /**
   * Resume even though the case files changed: the answers of removed or edited records are set aside as
   * orphaned, added and edited records are planned. Without it such a resume throws ResumeRefused.
   */
  allowChangedCases?: boolean;
  filters?: { language?: string; limit?: number };
  cache?: ResponseCache;
  maxCost?: number;
  retryErrors?: boolean;
  signal?: AbortSignal;
  backoff?: BackoffOptions;
  onEvent?: (event: RunEvent) => void;
  /** Called once the store is ready, with the number of jobs and how many are already done. */
  onStart?: (info: { total: number; done: number; added: number; reset: number }) => void;
  createModel?: (entry: ModelEntry) => Promise<Model>;
  env?: NodeJS.ProcessEnv;
}

/** A model as the run manifest records it: what was called and how, never a key. */
export function manifestModel(e: ModelEntry): ManifestModel {
  return {
    id: e.spec.id,
    provider: e.spec.provider,
    model: e.spec.model,
    ...(e.spec.baseURL ? { baseURL: e.spec.id.slice(e.spec.id.lastIndexOf('@') + 1) } : e.settings.baseURL ? { baseURL: redactUrl(e.settings.baseURL) } : {}),
    params: e.params,
    concurrency: e.concurrency,
    timeoutMs: e.timeoutMs,
    maxRetries: e.maxRetries,
    price: e.price ?? null,
    ...(e.settings.apiKeyEnv ? { apiKeyEnv: e.settings.apiKeyEnv } : {}),
  };
}

export interface EvaluateResult {
  result: RunnerResult;
  manifest: Manifest;
  /** What changed in the case files since the run's last invocation (null: nothing, or a new run). */
  changes: CaseChanges | null;
  /** With `allowChangedCases`: answers set aside as orphaned, and unanswered jobs of those records dropped. */
  setAside: { orphaned: number; dropped: number } | null;
}

export async function evaluatePlanned(opts: EvaluateOptions): Promise<EvaluateResult> {
  const env = opts.env ?? process.env;
  const redactor = redactorFor(opts.models, env);
  const plan = opts.plan ?? planPrompts(opts.cases, { templates: opts.templates, taxonomy: opts.taxonomy }, opts.kinds);
  const jobs = buildJobs(plan.prompts, opts.models);
  const allCases = opts.allCases ?? opts.cases;
  const taxonomySource = opts.taxonomySource ?? BUILTIN;
  const resuming = isRunDir(opts.dir);
  const store = RunStore.open(opts.dir);
  try {
    // a damaged store was refused at open (RunStore.open checks it), before anything is written into it
    const state = resuming ? resumeState(store, opts.dir) : undefined;
    // a changed dataset, department list or template is refused before anything is written or asked
    const check = state ? checkResume(state, { files: opts.caseFiles, allCases, cases: opts.cases, templates: plan.templates, taxonomy: opts.taxonomy, taxonomySource }) : undefined;
    if (check) assertResumable(check, opts.dir, opts.allowChangedCases ?? false);
    const previous = state?.manifest;
    const now = new Date().toISOString();
    const models = [...(previous?.models ?? []).filter((m) => !opts.models.some((e) => e.spec.id === m.id)), ...opts.models.map(manifestModel)];
    const scoring = previous?.scoring ?? opts.scoring;
    const manifest: Manifest = {
      tool: { name: 'clinicallab', version: packageVersion() },
      node: process.version,
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
      models,
      kinds: [...new Set([...(previous?.kinds ?? []), ...opts.kinds])],
      filters: opts.filters ?? previous?.filters ?? {},
      cases: opts.caseFiles.map((f) => ({ file: f.file, sha256: f.sha256, records: f.loaded })),
      records: opts.cases.length,
      skipped: Object.fromEntries(Object.entries(plan.skipped).filter(([, n]) => n > 0)),
      templates: { ...(previous?.templates ?? {}), ...plan.templates },
      departments: opts.taxonomy.departments.map((d) => d.id),
      departmentList: previous?.departmentList ?? departmentListInfo(opts.taxonomy, taxonomySource),
      ...(scoring ? { scoring } : {}),
      invocations: (previous?.invocations ?? 0) + 1,
    };
    store.setManifest(manifest);
    recordInputs(store, opts.dir, opts.taxonomy, templateTexts(opts.templates, Object.keys(plan.templates)));
    store.ledger.setCaseRecords(caseRecordRows(allCases));
    const planned = new Set(jobs.map((j) => j.key));
    let setAside: EvaluateResult['setAside'] = null;
    if (state && check?.changes?.touchesRun) {
      const { refs, reason } = recordsToSetAside(check.changes, state, allCases);
      setAside = store.ledger.orphanRecords(refs.map((r) => ({ ...r, reason: reason(r) })), planned);
    }
    store.ledger.unorphan(planned); // an answer set aside earlier that the plan asks again word for word counts again
    const added = store.addJobs(jobs);
    const reset = opts.retryErrors ? store.resetErrors(opts.models.map((m) => m.spec.id)) : 0;
    const counts = store.counts().filter((c) => opts.models.some((m) => m.spec.id === c.model));
    const total = counts.reduce((n, c) => n + c.n, 0);
    const done = counts.filter((c) => c.status === 'done' || c.status === 'error').reduce((n, c) => n + c.n, 0);
    opts.onStart?.({ total, done, added, reset });
    const result = await runJobs({
      store,
      jobs,
      models: opts.models,
      taxonomy: opts.taxonomy,
      createModel: opts.createModel ?? ((entry) => createModel(entry.spec, entry.settings, env)),
      redactor,
      env,
      ...(opts.cache ? { cache: opts.cache } : {}),
      ...(opts.maxCost !== undefined ? { maxCost: opts.maxCost } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.backoff ? { backoff: opts.backoff } : {}),
      ...(opts.onEvent ? { onEvent: opts.onEvent } : {}),
    });
    store.setManifest({ ...manifest, updatedAt: new Date().toISOString() });
    return { result, manifest, changes: check?.changes ?? null, setAside };
  } finally {
    store.close();
  }
}
