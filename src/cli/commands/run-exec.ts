/** What `clinicallab run` does once its flags are parsed: resolve, plan, run, report. */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DepartmentTaxonomy } from '../../bench/departments.js';
import { filterCases } from '../../bench/stats.js';
import { effectiveScoring } from '../../metrics/settings.js';
import { describeFileChanges } from '../../run/case-check.js';
import { BUILTIN, changedTemplateFiles, recordedTaxonomy, withRecordedTemplates } from '../../run/recorded.js';
import { assertResumable, checkResume, readResumeState, ResumeRefused } from '../../run/resume-check.js';
import { ModelError } from '../../models/errors.js';
import { configCasePaths, type Config } from '../../run/config.js';
import { evaluate, type Manifest } from '../../run/evaluate.js';
import { describeRun, type RunInfo } from '../../run/inspect.js';
import { planPrompts } from '../../run/plan.js';
import { Progress } from '../../run/progress.js';
import { kindsForTasks, modelEntries, newRunId, RUNS_DIR, unpriced } from '../../run/setup.js';
import { formerTaskName } from '../../tasks/definitions.js';
import { CaseSession } from '../../bench/session.js';
import type { RunnerResult } from '../../run/runner.js';
import { STORE_FILE } from '../../run/store.js';
import { storeErrorOf } from '../../run/store-errors.js';
import { GENERATION_KINDS } from '../../tasks/definitions.js';
import { loadTemplates } from '../../tasks/templates.js';
import { paint, table, type Io } from '../io.js';
import { casePathsOrBundled, fileSummaryLines, hasErrors, languageOption, loadSummaryLine, loadWithReport, taxonomyFrom, UsageError } from '../common.js';
import { printRunSummary, printScores } from './run-summary.js';
import { commandContexts, overrideLines, scoreFlagsOf, scoreRuns, scoringOverrideOf } from './score-exec.js';
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
  allowChangedCases?: boolean;
  strict?: boolean;
  json?: boolean;
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
  const scoring = scoringOverrideOf(scoreFlagsOf(flags)); // a bad scoring flag is a usage error before any model is asked
  const { config, flags: modelFlags } = samplingSettings(flags);
  const retryDir = typeof flags.retryErrors === 'string' ? flags.retryErrors : undefined;
  const outFlag = retryDir ?? flags.out ?? config.out;
  // a run directory given to resume supplies what it was made with: models, cases, filters, department list,
  // templates and scoring settings — and what it recorded of its case files, to tell whether they changed
  const state = outFlag ? readResumeState(outFlag) : undefined;
  const previous: Manifest | undefined = state?.manifest;
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
  // the tasks renamed by issue 18 (`principal`, `principle`) are still read, with a note
  for (const name of (flags.tasks ? [flags.tasks] : (config.tasks ?? [])).flatMap((t) => t.split(','))) {
    const note = formerTaskName(name);
    if (note) io.err(`${paint(io, 'yellow', 'note')}: ${note}`);
  }
  checkPrices(models, maxCost);

  // a resumed run uses the department list and the templates it recorded, unless told otherwise
  const departmentsFile = flags.departments ?? config.departments;
  const recordedList = state && outFlag ? recordedTaxonomy(state.inputs, outFlag) : undefined;
  const taxonomy = departmentsFile ? await taxonomyFrom(departmentsFile) : (recordedList ?? DepartmentTaxonomy.default());
  const taxonomySource = departmentsFile ?? (recordedList ? (previous?.departmentList?.source ?? BUILTIN) : BUILTIN);
  const templatesDir = flags.templates ?? config.templates;
  const templates = templatesDir || !state ? await loadTemplates(templatesDir) : withRecordedTemplates(await loadTemplates(), state.inputs, outFlag!);
  const paths = casePathsOrBundled(flags.cases ?? configCasePaths(config) ?? previous?.cases.map((c) => c.file));
  // one session for the command: the case files are parsed here, and scoring and the report reuse them
  const session = new CaseSession();
  const loaded = await loadWithReport(io, paths, { taxonomy, strict: flags.strict ?? false, quiet: true, json: flags.json ?? false, session });
  let cases = filterCases(loaded.cases, language ? { language } : {});
  if (limit !== undefined) cases = cases.slice(0, limit);
  const plan = planPrompts(cases, { templates, taxonomy }, kinds);
  const jobCount = plan.prompts.length * models.length;
  const estimatedCost = models.every((m) => m.price)
    ? models.reduce((sum, m) => sum + (plan.estimatedInputTokens * m.price!.input + plan.prompts.length * (m.params.maxTokens ?? 600) * m.price!.output) / 1e6, 0)
    : null;

  // resuming: the same dataset, department list and templates, or a refusal before any model is asked
  const scoringNow = effectiveScoring(previous?.scoring, scoring);
  if (state && outFlag) {
    const check = checkResume(state, { files: loaded.files, allCases: loaded.cases, cases, templates: plan.templates, taxonomy, taxonomySource });
    try {
      assertResumable(check, outFlag, flags.allowChangedCases ?? false, `clinicallab run --out ${outFlag}`);
    } catch (err) {
      if (!(err instanceof ResumeRefused)) throw err;
      io.err(`${paint(io, 'red', 'error')}: ${err.message}`);
      return 1;
    }
    if (check.changes && !flags.json) {
      const what = check.changes.touchesRun ? 'going on as --allow-changed-cases asks' : 'none of them touches the records of the run: going on';
      io.err(`${paint(io, 'yellow', 'note')}: the case files changed since the run last read them; ${what}:\n${describeFileChanges(check.changes).map((l) => `  ${l}`).join('\n')}`);
    }
    if (!templatesDir && !flags.json) {
      for (const t of changedTemplateFiles(state.inputs)) {
        io.err(`${paint(io, 'yellow', 'note')}: ${t.file} ${t.now === null ? 'is gone' : `has changed (hash ${t.recorded}, now ${t.now})`} since the run used it as template ${t.key}; the run goes on with the text it recorded (a new text would make other prompts: start a new run for it)`);
      }
    }
  }

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
  const cache = cacheFrom(config, flags.cache, flags.cacheDir, (m) => io.err(`${paint(io, 'yellow', 'warning')}: ${m}`));
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
  let stoppedModels = 0;
  if (!flags.json) io.out(`Run directory: ${dir}${existsSync(join(dir, 'run.sqlite')) ? ' (resuming)' : ''}`);
  try {
    const { result, setAside } = await evaluate({
      dir,
      models,
      cases,
      caseFiles: loaded.files,
      kinds,
      templates,
      taxonomy,
      taxonomySource,
      allCases: loaded.cases,
      scoring: scoringNow.settings,
      allowChangedCases: flags.allowChangedCases ?? false,
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
        else if (e.type === 'model-stopped' && ++stoppedModels > 0) io.err(`${paint(io, 'red', 'stopped')}: ${e.model}: ${e.message}. Its ${e.pending} unanswered job${e.pending === 1 ? ' is' : 's are'} left pending: run the same command again to continue.`);
        else if (e.type === 'budget-reached') io.err(paint(io, 'yellow', `budget reached: $${e.spent.toFixed(4)} spent on this run (earlier invocations included) of --max-cost $${e.maxCost}; no new requests are started, those in flight finish`));
        progress?.update(e);
      },
    });
    progress?.finish();
    if (setAside && !flags.json) {
      io.out(`Set aside ${setAside.orphaned} answer${setAside.orphaned === 1 ? '' : 's'} of removed or edited records as orphaned (kept and counted, never scored); ${setAside.dropped} unanswered job${setAside.dropped === 1 ? '' : 's'} of those records dropped.`);
    }
    const info = describeRun(dir);
    // score what was answered (no model is called) and show the leaderboard, with the run's own settings
    const contexts = commandContexts();
    const [scores] = info.totals.done > 0 ? await scoreRuns(io, [dir], scoreFlagsOf(flags), contexts, session) : [];
    const overrides = scores ? overrideLines([scores]) : [];
    if (flags.json) io.out(JSON.stringify({ dir, result, totals: info.totals, status: info.status, errors: info.errorsByKind, ...(setAside ? { setAside } : {}), ...(scores ? { leaderboard: Object.fromEntries(scores.models.map((m) => [m.model, m.leaderboard])), overrides: scores.scoring?.overrides ?? [] } : {}) }, null, 2));
    else {
      printRunSummary(io, info, result);
      if (scores) printScores(io, scores);
      for (const line of overrides) io.out(paint(io, 'yellow', line));
      io.out(paint(io, 'bold', `\nResults: ${dir}`));
    }
    if (scores) {
      const report = await writeReport([dir], join(dir, 'report.html'), { scoring, contexts, session });
      if (!flags.json) io.out(paint(io, 'bold', `Report:  ${report.file}`) + paint(io, 'dim', '  (open it in a browser; clinicallab view serves all runs)'));
    }
    if (hasErrors(loaded)) {
      // the valid records were run and scored; the exit status still says that the input had errors
      if (!flags.json) io.err(paint(io, 'red', `The case files had errors (listed above): ${loaded.skipped} record${loaded.skipped === 1 ? ' was' : 's were'} not run. Check them with: clinicallab validate`));
      return 1;
    }
    return exitStatus(io, info, result, stoppedModels > 0, Boolean(flags.json));
  } catch (err) {
    if (err instanceof ModelError) throw new UsageError(err.message);
    if (err instanceof ResumeRefused) {
      io.err(`${paint(io, 'red', 'error')}: ${err.message}`);
      return 1;
    }
    throw storeErrorOf(err, join(dir, STORE_FILE)); // a SQLite failure not already explained, said for a user
  } finally {
    process.off('SIGINT', onSigint);
    cache?.close();
  }
}


/**
 * 0 when the run is complete — or when this worker did all it could and the rest is in the hands of other live
 * workers (their jobs running under leases that have not passed): then it says so. 1 otherwise.
 */
function exitStatus(io: Io, info: RunInfo, result: RunnerResult, modelStopped: boolean, json: boolean): 0 | 1 {
  if (info.status === 'complete') return 0;
  const t = info.totals;
  const othersAtWork = t.running - t.stale;
  const cleanHere = result.errors === 0 && !result.interrupted && !result.budgetReached && !modelStopped;
  if (cleanHere && info.status === 'incomplete' && t.pending === 0 && t.error === 0 && t.stale === 0 && othersAtWork > 0) {
    if (!json) io.out(`This worker is done: the other ${othersAtWork} job${othersAtWork === 1 ? ' is' : 's are'} being answered by other workers on this run (their leases are live).`);
    return 0;
  }
  return 1;
}
