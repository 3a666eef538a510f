/** `clinicallab agent`: run ClinicalAgent (Agent#k@m) over cases, then score and report it like any model. */
import type { Command } from 'commander';
import { join } from 'node:path';
import { AGENT_ROLES, prepareAgent, runPreparedAgent, type AgentOptions } from '../../agent/evaluate-agent.js';
import { AgentSettingsChanged } from '../../agent/run-agent.js';
import { agentStats } from '../../agent/stats.js';
import { routingRows } from '../../report/routing-table.js';
import { writeReport } from '../../report/index.js';
import { describeRun } from '../../run/inspect.js';
import { InvalidOptions } from '../../run/evaluation.js';
import { ResumeRefused } from '../../run/resume-check.js';
import { paint, table, type Io } from '../io.js';
import { languageOption, printProblems, UsageError } from '../common.js';
import { printScores } from './run-summary.js';
import { scoreRuns } from './score-exec.js';
import { addSamplingOptions, cacheFrom, number, samplingSettings, type SamplingFlags } from './model-flags.js';

interface Options extends SamplingFlags {
  variant: string;
  routing?: string;
  model?: string;
  clinician?: string;
  navigator?: string;
  radiologist?: string;
  chief?: string;
  nurse?: string;
  pharmacist?: string;
  cases?: string[];
  lang?: string;
  limit?: string;
  out?: string;
  name?: string;
  cache?: boolean;
  cacheDir?: string;
  retryErrors?: boolean;
  allowChangedCases?: boolean;
  departments?: string;
  templates?: string;
  maxCost?: string;
  json?: boolean;
}

export function register(program: Command, io: Io, setExit: (code: number) => void): void {
  const cmd = program
    .command('agent')
    .description('run ClinicalAgent — navigator, department clinicians routed by benchmark, lab, radiologist, chief physician, nurse, pharmacist')
    .option('--variant <k@m>', 'Agent#k@m: the navigator picks k departments (1, 3 or 5), each consults its top m clinicians', '1@1')
    .option('--routing <file>', 'routing table (from clinicallab routing, or written by hand); default: --clinician for every department')
    .option('-m, --model <spec>', 'the model of every role (default: baseline); a role flag below overrides it for that role')
    .option('--clinician <spec>', 'the clinician of every department when there is no routing table (default: --model)')
    .option('--navigator <spec>', 'model of the navigator (default: --model)')
    .option('--radiologist <spec>', 'model of the radiologist (default: --model)')
    .option('--chief <spec>', 'model of the chief physician who merges several opinions (default: --model)')
    .option('--nurse <spec>', 'model of the nurse (default: --model)')
    .option('--pharmacist <spec>', 'model of the pharmacist (default: --model)')
    .option('-c, --cases <paths...>', 'case files or folders (default: the bundled open set)')
    .option('-l, --lang <lang>', 'only zh or only en records')
    .option('-n, --limit <n>', 'only the first n records')
    .option('-o, --out <dir>', 'run directory (an existing one is resumed; a benchmark run directory can hold the agent too)')
    .option('--name <id>', 'model id the agent is stored and scored under (default agent#k@m)')
    .option('-t, --templates <dir>', 'folder with your own templates replacing the built-in ones')
    .option('--max-cost <usd>', "start no new step once the run's cost (stored answers included, as for run) would pass this; needs a price for every model")
    .option('--no-cache', 'do not reuse or store answers in the response cache')
    .option('--cache-dir <dir>', 'response cache folder (default ~/.cache/clinicallab)')
    .option('--retry-errors', 'ask failed steps again')
    .option('--allow-changed-cases', 'resume although the case files changed (as for run): answers of removed or edited records are set aside, never scored')
    .option('--departments <file>', 'department list from a JSON file instead of the built-in 23 (a resumed run uses the list it recorded)')
    .option('--json', 'print JSON');
  addSamplingOptions(cmd, 'cases worked on at once (default 4, or the config\'s)')
    .addHelpText(
      'after',
      `
--model names the model of every role at once (ClinicalAgent on one model: agent --model <spec>); a role
flag (--navigator, --clinician, --radiologist, --chief, --nurse, --pharmacist) overrides it for that role, and
a routing table (--routing) chooses the clinicians. Role models take their settings (apiKeyEnv, headers,
price, temperature, maxTokens, timeoutMs, maxRetries) from the config file's "models" entry with the same
spec, and "pricing"; flags win over the file.`,
    )
    .action(async (opts: Options) => {
      const { config: fileConfig, flags } = samplingSettings(opts);
      const maxCost = number('--max-cost', opts.maxCost, { min: 0 });
      const limit = number('--limit', opts.limit, { integer: true, min: 1 });
      const language = languageOption(opts.lang);
      const options: AgentOptions = {
        variant: opts.variant, config: fileConfig, sampling: flags,
        ...Object.fromEntries(AGENT_ROLES.flatMap((r) => (opts[r] !== undefined ? [[r, opts[r]]] : []))),
        ...(opts.model !== undefined ? { model: opts.model } : {}),
        ...(opts.routing !== undefined ? { routing: opts.routing } : {}),
        ...(opts.cases?.length ? { cases: opts.cases } : {}),
        ...(language ? { language } : {}),
        ...(limit !== undefined ? { limit } : {}),
        ...(opts.out !== undefined ? { out: opts.out } : {}),
        ...(opts.name !== undefined ? { name: opts.name } : {}),
        ...(opts.templates !== undefined ? { templates: opts.templates } : {}),
        ...(opts.departments !== undefined ? { departments: opts.departments } : {}),
        ...(maxCost !== undefined ? { maxCost } : {}),
        ...(opts.allowChangedCases ? { allowChangedCases: true } : {}),
        ...(opts.retryErrors ? { retryErrors: true } : {}),
      };
      let prepared;
      try {
        prepared = await prepareAgent(options);
      } catch (err) {
        throw err instanceof InvalidOptions ? new UsageError(err.message) : err;
      }
      const { dir, name, cases, loaded, taxonomy, warnings } = prepared;
      const { k, m: mm, routing } = prepared.config;
      if (!opts.json) printProblems(io, loaded, true);
      const cache = cacheFrom(fileConfig, opts.cache, opts.cacheDir);
      if (!opts.json) {
        io.out(`${name}: ${cases.length} records, ${k} department(s) × ${mm} clinician(s) each → ${dir}`);
        io.out(paint(io, 'dim', `Routing (${routing.source.join(', ')}):`));
        io.out(paint(io, 'dim', table(['department', 'clinicians, best first', 'basis'], routingRows(routing, taxonomy))));
        const noPrice = prepared.unpriced;
        if (noPrice.length > 0) io.out(paint(io, 'yellow', `No price known for ${noPrice.join(', ')}: cost will be reported as unknown.`));
        for (const w of warnings) io.err(`${paint(io, 'yellow', 'warning')}: ${w}`);
      }
      try {
        const result = await runPreparedAgent(prepared, {
          ...options,
          ...(cache ? { cache } : {}),
          onCase: (c, outcome, message) => {
            if (outcome === 'error' && !opts.json) io.err(`${paint(io, 'red', 'error')}: ${c.uid} (${c.language}): ${message}`);
          },
        }).catch((err: unknown) => {
          throw err instanceof AgentSettingsChanged ? new UsageError(err.message) : err;
        });
        if (result.setAside && !opts.json) io.out(`Set aside ${result.setAside.orphaned} answer(s) of removed or edited records as orphaned (never scored); ${result.setAside.dropped} unanswered step(s) dropped.`);
        const scores = (await scoreRuns(io, [dir], {}))[0]!; // one run, one result
        // the report and the statistics take the jobs scoring decoded, and the scores it computed, as they are
        const report = await writeReport([dir], join(dir, 'report.html'), { scoredRuns: [scores] });
        const stats = (): ReturnType<typeof agentStats> => agentStats(scores.jobs, name, new Map(cases.map((c) => [`${c.uid}\u0000${c.language}`, c.labs.length + c.imaging.length])));
        if (opts.json) io.out(JSON.stringify({ dir, result, status: describeRun(dir).status, agent: stats() }, null, 2));
        else {
          io.out(`${result.done} cases answered, ${result.failed} stopped by a failed step, in ${(result.wallMs / 1000).toFixed(1)} s.`);
          if (result.modelStopped) io.err(paint(io, 'red', `${result.modelStopped}: ${result.unfinished} case(s) left unfinished; run the same command again to finish them`));
          if (result.budgetReached) io.err(paint(io, 'yellow', `budget reached (--max-cost $${prepared.maxCost}): ${result.unfinished} case(s) left unfinished; run the same command again with a higher budget to finish them`));
          printScores(io, scores);
          const s = stats();
          io.out(`Agent: ${s.ordersPerCase.toFixed(1)} examinations ordered per case (${s.orderedShare.toFixed(1)}% of those available), ${Math.round(s.tokensPerCase).toLocaleString('en-US')} tokens and ${s.costPerCase === null ? 'unknown cost' : `$${s.costPerCase.toFixed(4)}`} per case.`);
          io.out(paint(io, 'bold', `\nResults: ${dir}\nReport:  ${report.file}`));
        }
        if (result.failed > 0 || result.unfinished > 0) setExit(1);
      } catch (err) {
        if (!(err instanceof ResumeRefused)) throw err;
        io.err(`${paint(io, 'red', 'error')}: ${err.message}`);
        setExit(1);
      } finally {
        cache?.close();
      }
    });
}
