/** What `clinicallab run` does once its flags are parsed: resolve, plan, run, report. */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { filterCases } from '../../bench/stats.js';
import { ModelError } from '../../models/errors.js';
import { configCasePaths, type Config } from '../../run/config.js';
import { evaluate, type Manifest } from '../../run/evaluate.js';
import { describeRun, isRunDir } from '../../run/inspect.js';
import { planPrompts } from '../../run/plan.js';
import { Progress } from '../../run/progress.js';
import { kindsForTasks, modelEntries, newRunId, RUNS_DIR, unpriced } from '../../run/setup.js';
import { RunStore, STORE_FILE } from '../../run/store.js';
import { storeErrorOf } from '../../run/store-errors.js';
import { GENERATION_KINDS } from '../../tasks/definitions.js';
import { loadTemplates } from '../../tasks/templates.js';
import { paint, table, type Io } from '../io.js';
import { casePathsOrBundled, fileSummaryLines, hasErrors, languageOption, loadSummaryLine, loadWithReport, taxonomyFrom, UsageError } from '../common.js';
import { printRunSummary, printScores } from './run-summary.js';
import { matcherOptionsOf, scoreFlagsOf, scoreRuns } from './score-exec.js';
import { cacheFrom, checkKeys, checkPrices, number, samplingSettings, type SamplingFlags } from './model-flags.js';
import { writeReport } from '../../report/index.js';

export interface RunFlags extends SamplingFlags {
  model?: string[];
  cases?: string[];
  tasks?: string;
  lang?: string;
  limit?: string;
  out?: string;
  maxCost?: string;
  cache?: boolean;
  cacheDir?: string;
  retryErrors?: string | boolean;
  bertscoreModel?: string;
  matchThreshold?: string;
  broaderPrediction?: string;
  narrowerPrediction?: boolean;
  dryRun?: boolean;
  templates?: string;
  departments?: string;
  strict?: boolean;
  json?: boolean;
}

/** A run directory given to resume supplies the models, cases and filters it was made with. */
function fromManifest(dir: string): Manifest | undefined {
  if (!isRunDir(dir)) return undefined;
  const store = RunStore.open(dir);
  try {
    return store.getManifest<Manifest>();
  } finally {
    store.close();
  }
}

function configFromManifest(m: Manifest): Config {
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

export async function executeRun(io: Io, flags: RunFlags): Promise<number> {
  matcherOptionsOf(scoreFlagsOf(flags)); // a bad scoring flag is a usage error before any model is asked
  const { config, flags: modelFlags } = samplingSettings(flags);
  const retryDir = typeof flags.retryErrors === 'string' ? flags.retryErrors : undefined;
  const outFlag = retryDir ?? flags.out ?? config.out;
  const previous = outFlag ? fromManifest(outFlag) : undefined;
  if (flags.retryErrors && !previous) throw new UsageError(`--retry-errors needs an existing run directory (${outFlag ?? 'give one with --retry-errors <run> or --out'})`);

  const maxCost = number('--max-cost', flags.maxCost, { min: 0 }) ?? config.maxCost;
  const limit = number('--limit', flags.limit, { integer: true, min: 1 }) ?? config.limit ?? previous?.filters.limit;
  const language = languageOption(flags.lang) ?? config.lang ?? (previous?.filters.language as 'zh' | 'en' | undefined);

  const modelSource = flags.model?.length || config.models?.length ? config : previous ? configFromManifest(previous) : config;
  let models;
  try {
    models = modelEntries(flags.model, modelSource, modelFlags);
    // nothing named anywhere: the built-in baseline, which needs no weights and no keys
    if (models.length === 0) models = modelEntries(['baseline'], modelSource, modelFlags);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  let kinds;
  try {
    kinds = flags.tasks || config.tasks ? kindsForTasks(flags.tasks ? [flags.tasks] : config.tasks) : (previous?.kinds ?? kindsForTasks(undefined));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  checkPrices(models, maxCost);

  const taxonomy = await taxonomyFrom(flags.departments ?? config.departments);
  const templates = await loadTemplates(flags.templates ?? config.templates);
  const paths = casePathsOrBundled(flags.cases ?? configCasePaths(config) ?? previous?.cases.map((c) => c.file));
  const loaded = await loadWithReport(io, paths, { taxonomy, strict: flags.strict ?? false, quiet: true, json: flags.json ?? false });
  let cases = filterCases(loaded.cases, language ? { language } : {});
  if (limit !== undefined) cases = cases.slice(0, limit);
  const plan = planPrompts(cases, { templates, taxonomy }, kinds);
  const jobCount = plan.prompts.length * models.length;
  const estimatedCost = models.every((m) => m.price)
    ? models.reduce((sum, m) => sum + (plan.estimatedInputTokens * m.price!.input + plan.prompts.length * (m.params.maxTokens ?? 600) * m.price!.output) / 1e6, 0)
    : null;

  if (!flags.json) {
    io.out(paint(io, 'bold', `Cases: ${paths.join(', ')}`));
    for (const f of fileSummaryLines(loaded)) io.out(f);
    io.out(loadSummaryLine(loaded));
    const shown = GENERATION_KINDS.filter((k) => kinds.includes(k));
    const anySkipped = shown.some((k) => plan.skipped[k] > 0);
    // prompts whose case has no gold answer for them (partial, imported data) are not asked: say how many
    io.out(
      anySkipped
        ? table(['generation', 'prompts', 'skipped (no gold)'], shown.map((k) => [k, String(plan.byKind[k]), String(plan.skipped[k])]), [1, 2])
        : table(['generation', 'prompts'], shown.map((k) => [k, String(plan.byKind[k])]), [1]),
    );
    io.out(`${plan.prompts.length} prompts for ${plan.records} records (${plan.cases} cases), about ${plan.estimatedInputTokens.toLocaleString('en-US')} input tokens per model.`);
    if (models.length > 0) {
      io.out(`Models (${models.length}): ${models.map((m) => m.spec.id).join(', ')} → ${jobCount} jobs` + (estimatedCost !== null ? `, estimated cost ≤ $${estimatedCost.toFixed(2)}` : ''));
      const noPrice = unpriced(models);
      if (noPrice.length > 0) io.out(paint(io, 'yellow', `No price known for ${noPrice.join(', ')}: cost will be reported as unknown.`));
    }
  }
  if (hasErrors(loaded) && flags.strict) return 1;

  if (flags.dryRun) {
    if (flags.json) {
      const { prompts: _prompts, ...summary } = plan;
      io.out(JSON.stringify({ ok: !hasErrors(loaded), loaded: loaded.loaded, skipped: loaded.skipped, problems: loaded.problems, models: models.map((m) => m.spec.id), jobs: jobCount, estimatedCost, plan: summary }, null, 2));
    } else io.out(paint(io, 'dim', '--dry-run: stopping before any model is called.'));
    return hasErrors(loaded) ? 1 : 0;
  }

  checkKeys(models); // before anything is written
  const dir = resolve(outFlag ?? join(RUNS_DIR, newRunId(models)));
  const cache = cacheFrom(config, flags.cache, flags.cacheDir);
  const controller = new AbortController();
  let interrupts = 0;
  const onSigint = (): void => {
    interrupts++;
    if (interrupts > 1) process.exit(130);
    io.err(`\n${paint(io, 'yellow', 'stopping: finishing nothing new, giving unfinished jobs back (Ctrl-C again to quit at once)')}`);
    controller.abort();
  };
  process.on('SIGINT', onSigint);
  const tty = Boolean(process.stderr.isTTY) && !flags.json;
  let progress: Progress | undefined;
  if (!flags.json) io.out(`Run directory: ${dir}${existsSync(join(dir, 'run.sqlite')) ? ' (resuming)' : ''}`);
  try {
    const { result } = await evaluate({
      dir,
      models,
      cases,
      caseFiles: loaded.files,
      kinds,
      templates,
      taxonomy,
      filters: { ...(language ? { language } : {}), ...(limit !== undefined ? { limit } : {}) },
      ...(cache ? { cache } : {}),
      ...(maxCost !== undefined ? { maxCost } : {}),
      retryErrors: Boolean(flags.retryErrors),
      signal: controller.signal,
      onStart: ({ total, done, reset }) => {
        if (reset > 0 && !flags.json) io.out(`Retrying ${reset} job${reset === 1 ? '' : 's'} that had ended in error.`);
        progress = new Progress({ total, alreadyDone: done, tty, write: (t) => process.stderr.write(flags.json ? '' : t) });
      },
      onEvent: (e) => {
        if (e.type === 'model-failed') io.err(`${paint(io, 'red', 'error')}: ${e.model}: ${e.message}`);
        else if (e.type === 'budget-reached') io.err(paint(io, 'yellow', `budget reached: $${e.spent.toFixed(4)} spent on this run (earlier invocations included) of --max-cost $${e.maxCost}; no new requests are started, those in flight finish`));
        progress?.update(e);
      },
    });
    progress?.finish();
    const info = describeRun(dir);
    // score what was answered (no model is called) and show the leaderboard
    const [scores] = info.totals.done > 0 ? await scoreRuns(io, [dir], taxonomy, scoreFlagsOf(flags)) : [];
    if (flags.json) io.out(JSON.stringify({ dir, result, totals: info.totals, status: info.status, errors: info.errorsByKind, ...(scores ? { leaderboard: Object.fromEntries(scores.models.map((m) => [m.model, m.leaderboard])) } : {}) }, null, 2));
    else {
      printRunSummary(io, info, result);
      if (scores) printScores(io, scores);
      io.out(paint(io, 'bold', `\nResults: ${dir}`));
    }
    if (scores) {
      const report = await writeReport([dir], join(dir, 'report.html'));
      if (!flags.json) io.out(paint(io, 'bold', `Report:  ${report.file}`) + paint(io, 'dim', '  (open it in a browser; clinicallab view serves all runs)'));
    }
    return info.status === 'complete' ? 0 : 1;
  } catch (err) {
    if (err instanceof ModelError) throw new UsageError(err.message);
    throw storeErrorOf(err, join(dir, STORE_FILE)); // a SQLite failure not already explained, said for a user
  } finally {
    process.off('SIGINT', onSigint);
    cache?.close();
  }
}

