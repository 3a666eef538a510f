/** What `clinicallab run` does once its flags are parsed: turn them into the library's options, show the plan, run, score, report. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { effectiveScoring } from '../../metrics/settings.js';
import { describeFileChanges } from '../../run/case-check.js';
import { ResumeRefused } from '../../run/resume-check.js';
import { ModelError } from '../../models/errors.js';
import type { Config } from '../../run/config.js';
import { assertKeys, InvalidOptions, prepareEvaluation, runPrepared, type EvaluationOptions } from '../../run/evaluation.js';
import { describeRun, type RunInfo } from '../../run/inspect.js';
import { Progress } from '../../run/progress.js';
import type { ModelFlags } from '../../run/setup.js';
import { formerTaskName } from '../../tasks/definitions.js';
import type { RunnerResult } from '../../run/runner.js';
import { STORE_FILE } from '../../run/store.js';
import { storeErrorOf } from '../../run/store-errors.js';
import { GENERATION_KINDS } from '../../tasks/definitions.js';
import { paint, table, type Io } from '../io.js';
import { fileSummaryLines, hasErrors, languageOption, loadSummaryLine, printProblems, UsageError } from '../common.js';
import { printRunSummary, printScores } from './run-summary.js';
import { commandContexts, overrideLines, scoreFlagsOf, scoreRuns, scoringOverrideOf } from './score-exec.js';
import { cacheFrom, number, samplingSettings, type SamplingFlags } from './model-flags.js';
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
  profile?: string;
  bertscoreLayer?: string;
  bertscoreRescale?: boolean;
  bertscoreBaseline?: string;
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

/** The library's options from the flags (number flags checked here, so a bad one is named as typed). */
function evaluationOptions(flags: RunFlags, config: Config, sampling: ModelFlags): EvaluationOptions {
  const retryDir = typeof flags.retryErrors === 'string' ? flags.retryErrors : undefined;
  const out = retryDir ?? flags.out;
  const maxCost = number('--max-cost', flags.maxCost, { min: 0 });
  const limit = number('--limit', flags.limit, { integer: true, min: 1 });
  const language = languageOption(flags.lang);
  return {
    config,
    sampling,
    ...(flags.model?.length ? { models: flags.model } : {}),
    ...(flags.cases?.length ? { cases: flags.cases } : {}),
    ...(flags.tasks ? { tasks: [flags.tasks] } : {}),
    ...(language ? { language } : {}),
    ...(limit !== undefined ? { limit } : {}),
    ...(out !== undefined ? { out } : {}),
    ...(maxCost !== undefined ? { maxCost } : {}),
    ...(flags.templates ? { templates: flags.templates } : {}),
    ...(flags.departments ? { departments: flags.departments } : {}),
    ...(flags.retryErrors ? { retryErrors: true } : {}),
    allowChangedCases: flags.allowChangedCases ?? false,
    strict: flags.strict ?? false,
  };
}

export async function executeRun(io: Io, flags: RunFlags): Promise<number> {
  const scoring = scoringOverrideOf(scoreFlagsOf(flags)); // a bad scoring flag is a usage error before any model is asked
  const { config, flags: modelFlags } = samplingSettings(flags);
  const options = evaluationOptions(flags, config, modelFlags);
  let prepared;
  try {
    prepared = await prepareEvaluation(options);
  } catch (err) {
    throw err instanceof InvalidOptions ? new UsageError(err.message) : err;
  }
  const { loaded, plan, models, kinds, paths, jobCount, estimatedCost } = prepared;
  if (!flags.json) printProblems(io, loaded, true);
  // the tasks renamed by issue 18 (`principal`, `principle`) are still read, with a note
  for (const name of (flags.tasks ? [flags.tasks] : (config.tasks ?? [])).flatMap((t) => t.split(','))) {
    const note = formerTaskName(name);
    if (note) io.err(`${paint(io, 'yellow', 'note')}: ${note}`);
  }

  // resuming: the same dataset, department list and templates, or a refusal before any model is asked
  if (prepared.refused) {
    io.err(`${paint(io, 'red', 'error')}: ${prepared.refused.message}`);
    return 1;
  }
  if (prepared.changes && !flags.json) {
    const what = prepared.changes.touchesRun ? 'going on as --allow-changed-cases asks' : 'none of them touches the records of the run: going on';
    io.err(`${paint(io, 'yellow', 'note')}: the case files changed since the run last read them; ${what}:\n${describeFileChanges(prepared.changes).map((l) => `  ${l}`).join('\n')}`);
  }
  if (!flags.json) {
    for (const t of prepared.changedTemplates) {
      io.err(`${paint(io, 'yellow', 'note')}: ${t.file} ${t.now === null ? 'is gone' : `has changed (hash ${t.recorded}, now ${t.now})`} since the run used it as template ${t.key}; the run goes on with the text it recorded (a new text would make other prompts: start a new run for it)`);
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
      const noPrice = prepared.unpriced;
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

  try {
    assertKeys(models); // before anything is written
  } catch (err) {
    throw err instanceof InvalidOptions ? new UsageError(err.message) : err;
  }
  const dir = prepared.dir;
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
    const { result, setAside } = await runPrepared(prepared, {
      ...options,
      scoring: effectiveScoring(undefined, scoring).settings, // recorded by a new run; a resumed one keeps its own
      ...(cache ? { cache } : {}),
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
    const [scores] = info.totals.done > 0 ? await scoreRuns(io, [dir], scoreFlagsOf(flags), contexts, prepared.session) : [];
    const overrides = scores ? overrideLines([scores]) : [];
    if (flags.json) io.out(JSON.stringify({ dir, result, totals: info.totals, status: info.status, errors: info.errorsByKind, ...(setAside ? { setAside } : {}), ...(scores ? { leaderboard: Object.fromEntries(scores.models.map((m) => [m.model, m.leaderboard])), textProfile: scores.textProfile, overrides: scores.scoring?.overrides ?? [] } : {}) }, null, 2));
    else {
      printRunSummary(io, info, result);
      if (scores) printScores(io, scores);
      for (const line of overrides) io.out(paint(io, 'yellow', line));
      io.out(paint(io, 'bold', `\nResults: ${dir}`));
    }
    if (scores) {
      // the scores just computed (with the jobs they decoded) are handed on: the report reads nothing a second time
      const report = await writeReport([dir], join(dir, 'report.html'), { scoring, contexts, session: prepared.session, scoredRuns: [scores] });
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
