/**
 * `clinicallab run`: the main job. This version loads and validates the cases (the bundled open set by
 * default), renders every prompt of every task and prints the plan. Sending the prompts to models is the
 * evaluation runner's job, which is not part of this version; the command says so rather than pretending.
 */
import type { Command } from 'commander';
import { filterCases } from '../../bench/stats.js';
import { planPrompts } from '../../run/plan.js';
import { GENERATION_KINDS } from '../../tasks/definitions.js';
import { loadTemplates } from '../../tasks/templates.js';
import { paint, table, type Io } from '../io.js';
import { casePathsOrBundled, hasErrors, languageOption, loadSummaryLine, loadWithReport, taxonomyFrom, UsageError } from '../shared.js';

interface Options {
  cases?: string[];
  lang?: string;
  limit?: string;
  templates?: string;
  departments?: string;
  strict?: boolean;
  json?: boolean;
}

export function register(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command('run')
    .description('plan an evaluation: load the cases (default: the bundled open set) and render every prompt')
    .option('-c, --cases <paths...>', 'case files or folders (default: the bundled ClinicalBench-Open set)')
    .option('-l, --lang <lang>', 'only zh or only en records')
    .option('-n, --limit <n>', 'only the first n records')
    .option('-t, --templates <dir>', 'folder with your own templates replacing the built-in ones')
    .option('--departments <file>', 'department list from a JSON file instead of the built-in 23')
    .option('--strict', 'stop at the first invalid record')
    .option('--json', 'print the plan as JSON')
    .addHelpText(
      'after',
      `
This version validates the cases and prints the plan (prompts per task, estimated input tokens, template
hashes); it does not call any model yet. Exit status 1 when a case file has errors.`,
    )
    .action(async (opts: Options) => {
      const taxonomy = await taxonomyFrom(opts.departments);
      const language = languageOption(opts.lang);
      const limit = opts.limit === undefined ? undefined : Number(opts.limit);
      if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new UsageError(`--limit "${opts.limit}" should be a whole number ≥ 1`);
      const templates = await loadTemplates(opts.templates);
      const paths = casePathsOrBundled(opts.cases);
      const result = await loadWithReport(io, paths, { taxonomy, strict: opts.strict ?? false, quiet: true, json: opts.json ?? false });
      let cases = filterCases(result.cases, language ? { language } : {});
      if (limit !== undefined) cases = cases.slice(0, limit);
      const plan = planPrompts(cases, { templates, taxonomy });
      if (hasErrors(result)) setExit(1);
      if (opts.json) {
        const { prompts: _prompts, ...summary } = plan;
        io.out(JSON.stringify({ ok: !hasErrors(result), loaded: result.loaded, skipped: result.skipped, problems: result.problems, plan: summary }, null, 2));
        return;
      }
      io.out(paint(io, 'bold', `Cases: ${paths.join(', ')}`));
      io.out(loadSummaryLine(result));
      io.out('');
      io.out(table(['generation', 'prompts'], GENERATION_KINDS.map((k) => [k, String(plan.byKind[k])]), [1]));
      io.out('');
      io.out(`${plan.prompts.length} prompts for ${plan.records} records (${plan.cases} cases), about ${plan.estimatedInputTokens.toLocaleString('en-US')} input tokens.`);
      io.out(`Templates: ${Object.entries(plan.templates).map(([k, v]) => `${k}#${v.hash}${v.source === 'builtin' ? '' : ` (${v.source})`}`).join(', ')}`);
      io.out('');
      io.out(paint(io, 'yellow', 'No model was called: this version plans and validates; model execution comes with the evaluation runner.'));
      io.out('See a case with `clinicallab cases --show <uid>` and its prompts with `clinicallab prompt --uid <uid>`.');
    });
}
