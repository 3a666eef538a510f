/**
 * What every workflow run of this stage takes (ClinicalAgent's run-agent.ts, interactive ClinicalBench's
 * run-interactive.ts): the run directory and its cases, the config and the flags, and how model calls are made.
 */
import type { ClinicalCase } from '../bench/case.js';
import type { DepartmentTaxonomy } from '../bench/departments.js';
import type { FileReport } from '../bench/loader.js';
import type { Model } from '../models/types.js';
import type { ResponseCache } from '../run/cache.js';
import type { Config } from '../run/config.js';
import type { ModelEntry } from '../run/jobs.js';
import type { BackoffOptions } from '../run/limiter.js';
import type { ModelFlags } from '../run/setup.js';
import type { TemplateSet } from '../tasks/templates.js';

export interface WorkflowRunOptions {
  dir: string;
  cases: readonly ClinicalCase[];
  caseFiles: readonly FileReport[];
  /** Every record of the case files, before the language and limit filters (default: `cases`); each is hashed. */
  allCases?: readonly ClinicalCase[];
  templates: TemplateSet;
  taxonomy: DepartmentTaxonomy;
  /** Where the department list came from, for the record (default "builtin"). */
  taxonomySource?: string;
  /** The config file's settings (models' keys, headers, prices, sampling, limits), as `clinicallab run` uses them. */
  fileConfig?: Config;
  /** Command-line overrides of sampling and limits; they win over the config file. */
  flags?: ModelFlags;
  /** Cases worked on at once (default: the flags' or the config's concurrency, else 4). */
  concurrency?: number;
  /** USD: no new model call is started once its estimated cost would pass this (covers the whole run directory; needs prices). */
  maxCost?: number;
  cache?: ResponseCache;
  retryErrors?: boolean;
  signal?: AbortSignal;
  backoff?: BackoffOptions;
  env?: NodeJS.ProcessEnv;
  /** Make a role's model (default: from its spec and its settings, as the runner does). */
  createModel?: (spec: string, entry: ModelEntry) => Promise<Model>;
  onCase?: (c: ClinicalCase, outcome: 'done' | 'error', message?: string) => void;
}
