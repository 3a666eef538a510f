/**
 * `clinicallab run`: the main job. Loads the cases (the bundled open set by default), plans every prompt, and —
 * when a model is given — runs the jobs in a run directory that can be resumed, retried and inspected.
 */
import type { Command } from 'commander';
import type { Io } from '../io.js';
import { executeRun, type RunFlags } from './run-exec.js';
import { matcherFlags } from './score-exec.js';
import { textFlags } from './text-flags.js';
import { addSamplingOptions } from './model-flags.js';
import { TASKS } from '../../tasks/definitions.js';

export function register(program: Command, io: Io, setExit: (code: number) => void): void {
  const cmd = program
    .command('run')
    .description('evaluate models on ClinicalBench cases (default: the built-in baseline on the bundled open set)')
    .option('-m, --model <spec...>', 'model(s) to evaluate (default: baseline), e.g. openai:gpt-4o-mini, openai-compatible:qwen2.5-7b@http://127.0.0.1:8000/v1, ollama:llama3.1, llama-cpp:model.gguf')
    .option('-c, --cases <paths...>', 'case files or folders (default: the bundled ClinicalBench-Open set)')
    .option('--tasks <list>', `comma-separated tasks: ${TASKS.map((t) => t.id).join(', ')}, difr (default: all)`)
    .option('-l, --lang <lang>', 'only zh or only en records')
    .option('-n, --limit <n>', 'only the first n records')
    .option('-o, --out <dir>', 'run directory (default: clinicallab-runs/<run-id>); an existing one is resumed')
    .option('--max-cost <usd>', "stop starting new requests before the run's cost (USD) would pass this; what earlier invocations of the run spent counts too, so resuming does not spend it again")
    .option('--no-cache', 'do not reuse or store answers in the response cache')
    .option('--cache-dir <dir>', 'response cache folder (default: ~/.cache/clinicallab, or $CLINICALLAB_CACHE_DIR)')
    .option('--bertscore-model <dir>', 'local BERTScore model folder for the text scores, or zh=<dir>,en=<dir> one per language (default: BLEU + ROUGE-L only, labelled so)');
  addSamplingOptions(cmd, 'requests in flight per model (default 4; 1 for llama-cpp)');
  textFlags(matcherFlags(cmd))
    .option('--retry-errors [run]', 're-run only the jobs that ended in error (of the run given, or of --out)')
    .option('--dry-run', 'print the plan and stop')
    .option('-t, --templates <dir>', 'folder with your own templates replacing the built-in ones (a resumed run uses the texts it recorded)')
    .option('--departments <file>', 'department list from a JSON file instead of the built-in 23 (a resumed run uses the list it recorded)')
    .option('--allow-changed-cases', 'resume although the case files changed: keep the answers of unchanged records, ask for added and edited ones, set aside (never score) those of removed or edited records')
    .option('--strict', 'stop at the first invalid record')
    .option('--json', 'print the plan or the result as JSON')
    .addHelpText(
      'after',
      `
Keys come from the environment (OPENAI_API_KEY, ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY,
OPENAI_COMPATIBLE_API_KEY) or from apiKeyEnv/apiKey in the config file — never from flags. They are not
written to the run directory, the cache, logs or errors.

Every answer is stored in <run>/run.sqlite as soon as it arrives. Stop a run at any time (Ctrl-C, or even
kill -9) and run the same command again to continue; nothing answered is asked again. A request that still
fails after its retries is recorded as an error — never scored as a wrong answer — and can be re-run with
--retry-errors. Several processes can work on one run directory at once.

A run records what its scores depend on: the department list (its content), the text of every template,
the scoring options (matcher policy, BERTScore model and its identity, text-metric profile) and a hash of
every case record. Resuming it (--out <run>) and score, leaderboard, report, view and routing need none of
the flags again; a flag that changes one of them is said in the output and the report. A resume whose case
files changed (records added, removed or edited), or given another department list or template, is refused
before any model is asked, naming the file and the records; --allow-changed-cases goes on with the new files.

Without --model (and no models in the config) it runs the built-in baseline model, which needs no weights\nand no keys.

Examples:
  clinicallab run --model openai:gpt-4o-mini --limit 10
  clinicallab run --model openai-compatible:Qwen2.5-7B-Instruct@http://127.0.0.1:8000/v1 --concurrency 32
  clinicallab run --model ollama:llama3.1 --lang en --tasks department,difr
  clinicallab run --out clinicallab-runs/my-run            # resume
  clinicallab run --out clinicallab-runs/my-run --allow-changed-cases   # resume on edited case files
  clinicallab run --retry-errors clinicallab-runs/my-run   # re-run the failed requests`,
    )
    .action(async (flags: RunFlags) => {
      const code = await executeRun(io, flags);
      if (code !== 0) setExit(code);
    });
}
