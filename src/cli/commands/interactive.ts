/** `clinicallab interactive`: interactive ClinicalBench — the doctor gathers the evidence before diagnosing. */
import type { Command } from 'commander';
import { join, resolve } from 'node:path';
import { DEFAULT_BUDGET, type InteractiveBudget } from '../../agent/interactive/protocol.js';
import { InteractiveSettingsChanged, interactiveModels, interactiveName, runInteractive, type ActionMode } from '../../agent/interactive/run-interactive.js';
import { DEFAULT_EXAM_PRICES_FILE, loadExamPrices } from '../../agent/interactive/scores.js';
import { DepartmentTaxonomy } from '../../bench/departments.js';
import { filterCases } from '../../bench/stats.js';
import { writeReport } from '../../report/index.js';
import { configCasePaths } from '../../run/config.js';
import { evaluatePlanned } from '../../run/evaluate.js';
import { BUILTIN, recordedTaxonomy, withRecordedTemplates } from '../../run/recorded.js';
import { readResumeState, ResumeRefused } from '../../run/resume-check.js';
import { modelEntries, RUNS_DIR, runStamp } from '../../run/setup.js';
import { loadTemplates } from '../../tasks/templates.js';
import { casePathsOrBundled, languageOption, loadWithReport, taxonomyFrom, UsageError } from '../common.js';
import { paint, type Io } from '../io.js';
import { interactiveSection } from './report-shared.js';
import { addSamplingOptions, cacheFrom, checkKeys, checkPrices, number, samplingSettings, type SamplingFlags } from './model-flags.js';
import { scoreRuns } from './score-exec.js';

interface Options extends SamplingFlags {
  model?: string;
  doctor?: string;
  patient?: string;
  maxQuestions?: string;
  maxExams?: string;
  maxTurns?: string;
  actions: string;
  static: boolean;
  examPrices?: string;
  maxCost?: string;
  cases?: string[];
  lang?: string;
  limit?: string;
  out?: string;
  name?: string;
  cache?: boolean;
  cacheDir?: string;
  retryErrors?: boolean;
  departments?: string;
  templates?: string;
  json?: boolean;
}

export function register(program: Command, io: Io, setExit: (code: number) => void): void {
  const cmd = program
    .command('interactive')
    .description('interactive ClinicalBench: the doctor sees the chief complaint only and must ask, examine and order tests before its six-section answer')
    .option('-m, --model <spec>', 'the model of both roles (default: baseline); --doctor or --patient overrides it for that role')
    .option('--doctor <spec>', 'model of the doctor (default: --model)')
    .option('--patient <spec>', 'model of the patient, who answers from the history only (default: --model)')
    .option('--max-questions <n>', `questions to the patient (default ${DEFAULT_BUDGET.questions})`)
    .option('--max-exams <n>', `laboratory panels and imaging exams ordered (default ${DEFAULT_BUDGET.exams})`)
    .option('--max-turns <n>', `turns before the final answer is asked for (default ${DEFAULT_BUDGET.turns})`)
    .option('--actions <mode>', 'how the doctor acts: tools (tool calling), text (ASK:/EXAMINE:/ORDER:/FINAL: lines), or auto (tools for openai, anthropic and google, text otherwise)', 'auto')
    .option('--no-static', 'do not also answer the records statically with the doctor model (then there is no information gap unless the run directory holds static answers of it)')
    .option('--exam-prices <file>', `price table per lab panel and imaging modality (default ${DEFAULT_EXAM_PRICES_FILE})`)
    .option('--max-cost <usd>', "start no new turn once the run's cost (stored answers included) would pass this; needs a price for every model")
    .option('-c, --cases <paths...>', 'case files or folders (default: the bundled open set)')
    .option('-l, --lang <lang>', 'only zh or only en records')
    .option('-n, --limit <n>', 'only the first n records')
    .option('-o, --out <dir>', 'run directory (an existing one is resumed; a benchmark run directory can hold the interactive run too)')
    .option('--name <id>', 'model id the final answers are stored and scored under (default interactive:<doctor>)')
    .option('-t, --templates <dir>', 'folder with your own templates replacing the built-in ones (interactive-doctor, interactive-final, interactive-patient …)')
    .option('--no-cache', 'do not reuse or store answers in the response cache')
    .option('--cache-dir <dir>', 'response cache folder (default ~/.cache/clinicallab)')
    .option('--retry-errors', 'ask failed turns again')
    .option('--departments <file>', 'department list from a JSON file instead of the built-in 23')
    .option('--json', 'print JSON');
  addSamplingOptions(cmd, 'cases worked on at once (default 4, or the config\'s)')
    .addHelpText(
      'after',
      `
Per record the doctor is shown the basic information and the chief complaint, the hospital's lists of lab panels
and imaging exams, and its budget. Each turn it asks the patient a question, requests a physical-examination item,
orders one exam, or gives its final answer in the six sections; when the turns are used up it is asked for its
final answer. The patient (a model given the history only) answers in a patient's words; the examiner, the
laboratory and radiology return what the case holds, or "not done". Every turn is a job of the run store: kill the
command at any moment and run it again to continue. Scores: the six sections and CDA as in the benchmark, exam
precision and recall, questions and turns used, exam cost, and the information gap (FD static − FD interactive,
with McNemar's test and a paired-bootstrap interval, per department). See docs/interactive.md.`,
    )
    .action(async (opts: Options) => {
      const { config: fileConfig, flags } = samplingSettings(opts);
      const budget: InteractiveBudget = {
        questions: number('--max-questions', opts.maxQuestions, { integer: true, min: 0 }) ?? DEFAULT_BUDGET.questions,
        exams: number('--max-exams', opts.maxExams, { integer: true, min: 0 }) ?? DEFAULT_BUDGET.exams,
        turns: number('--max-turns', opts.maxTurns, { integer: true, min: 1 }) ?? DEFAULT_BUDGET.turns,
      };
      if (!['auto', 'tools', 'text'].includes(opts.actions)) throw new UsageError(`--actions "${opts.actions}" should be auto, tools or text`);
      const prices = await loadExamPrices(opts.examPrices).catch((err: unknown) => {
        throw new UsageError((err as Error).message);
      });
      const state = opts.out ? readResumeState(opts.out) : undefined;
      const departmentsFile = opts.departments ?? fileConfig.departments;
      const recordedList = state ? recordedTaxonomy(state.inputs, opts.out!) : undefined;
      const taxonomy = departmentsFile ? await taxonomyFrom(departmentsFile) : (recordedList ?? DepartmentTaxonomy.default());
      const taxonomySource = departmentsFile ?? (recordedList ? (state?.manifest.departmentList?.source ?? BUILTIN) : BUILTIN);
      // one --model for every role, a role flag winning for its role (the convention of every command)
      const doctor = opts.doctor ?? opts.model ?? 'baseline';
      const patient = opts.patient ?? opts.model ?? 'baseline';
      const roles = { doctor, patient };
      let models;
      try {
        models = interactiveModels(roles, fileConfig, flags);
      } catch (err) {
        throw new UsageError((err as Error).message);
      }
      checkKeys([...models.values()]);
      const maxCost = number('--max-cost', opts.maxCost, { min: 0 }) ?? fileConfig.maxCost;
      checkPrices([...models.values()], maxCost);
      const language = languageOption(opts.lang) ?? fileConfig.lang;
      const limit = number('--limit', opts.limit, { integer: true, min: 1 }) ?? fileConfig.limit;
      const templatesDir = opts.templates ?? fileConfig.templates;
      const templates = templatesDir || !state ? await loadTemplates(templatesDir) : withRecordedTemplates(await loadTemplates(), state.inputs, opts.out!);
      const loaded = await loadWithReport(io, casePathsOrBundled(opts.cases ?? configCasePaths(fileConfig)), { taxonomy, quiet: true, json: opts.json ?? false });
      let cases = filterCases(loaded.cases, language ? { language } : {});
      if (limit !== undefined) cases = cases.slice(0, limit);
      const name = opts.name ?? interactiveName(doctor);
      const dir = resolve(opts.out ?? join(RUNS_DIR, `${runStamp()}-interactive`));
      const cache = cacheFrom(fileConfig, opts.cache, opts.cacheDir);
      if (!opts.json) io.out(`${name}: ${cases.length} records, doctor ${doctor}, patient ${patient}; budget ${budget.questions} questions, ${budget.exams} exams, ${budget.turns} turns → ${dir}`);
      try {
        if (opts.static) {
          // the same doctor with the whole case, for the information gap
          const { result } = await evaluatePlanned({
            dir, models: modelEntries([doctor], fileConfig, flags), cases, caseFiles: loaded.files, allCases: loaded.cases, kinds: ['clinical-diagnosis'], templates, taxonomy, taxonomySource,
            ...(cache ? { cache } : {}), ...(opts.retryErrors ? { retryErrors: true } : {}), ...(maxCost !== undefined ? { maxCost } : {}),
          });
          if (!opts.json) io.out(paint(io, 'dim', `Static answers of ${doctor}: ${result.done} asked now, ${result.errors} errors.`));
          if (result.errors > 0) setExit(1);
        }
        const result = await runInteractive({
          dir, cases, caseFiles: loaded.files, allCases: loaded.cases, templates, taxonomy, taxonomySource, name, roles, budget, actions: opts.actions as ActionMode, prices, fileConfig, flags,
          ...(cache ? { cache } : {}),
          ...(opts.retryErrors ? { retryErrors: true } : {}),
          ...(maxCost !== undefined ? { maxCost } : {}),
          onCase: (c, outcome, message) => {
            if (outcome === 'error' && !opts.json) io.err(`${paint(io, 'red', 'error')}: ${c.uid} (${c.language}): ${message}`);
          },
        }).catch((err: unknown) => {
          throw err instanceof InteractiveSettingsChanged ? new UsageError(err.message) : err;
        });
        const scored = await scoreRuns(io, [dir], {});
        const report = await writeReport([dir], join(dir, 'report.html'), { scoredRuns: scored }); // read with the scores and jobs just decoded
        const vm = report.viewModel;
        if (opts.json) {
          io.out(JSON.stringify({ dir, result, interactive: vm.interactive ?? [] }, null, 2));
        } else {
          io.out(`${result.done} cases answered, ${result.failed} stopped by a failed turn, in ${(result.wallMs / 1000).toFixed(1)} s.`);
          if (result.budgetReached) io.err(paint(io, 'yellow', `budget reached (--max-cost $${maxCost}): ${result.unfinished} case(s) left unfinished; run the same command again with a higher budget to finish them`));
          if (result.modelStopped) io.err(paint(io, 'red', `${result.modelStopped}: ${result.unfinished} case(s) left unfinished; run the same command again to finish them`));
          for (const line of interactiveSection(io, vm)) io.out(line);
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
