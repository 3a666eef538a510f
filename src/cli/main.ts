/** The command line: parse flags, call the library, print. No logic of its own lives here. */
import { Command, CommanderError } from 'commander';
import { packageVersion } from '../bench/bundled.js';
import { processIo, paint, safeIo, type Io } from './io.js';
import { UsageError } from './common.js';
import * as agent from './commands/agent.js';
import * as cases from './commands/cases.js';
import * as importer from './commands/import.js';
import * as interactive from './commands/interactive.js';
import * as judge from './commands/judge.js';
import * as match from './commands/match.js';
import * as leaderboard from './commands/leaderboard.js';
import * as prompt from './commands/prompt.js';
import * as report from './commands/report.js';
import * as run from './commands/run.js';
import * as routing from './commands/routing.js';
import * as runs from './commands/runs.js';
import * as score from './commands/score.js';
import * as similarity from './commands/similarity.js';
import * as templates from './commands/templates.js';
import * as validate from './commands/validate.js';
import * as view from './commands/view.js';

export function createProgram(io: Io, setExit: (code: number) => void): Command {
  const program = new Command();
  program
    .name('clinicallab')
    .description('ClinicalLab: evaluate LLMs and LLM agents on multi-department clinical diagnosis (ClinicalBench).')
    .version(packageVersion(), '-V, --version')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: (s) => io.out(s.replace(/\n$/, '')), writeErr: (s) => io.err(s.replace(/\n$/, '')) })
    .exitOverride();
  program.addHelpText(
    'after',
    `
Start with:
  clinicallab run                      the built-in baseline on the bundled open case set: answers, scores, report
  clinicallab run --model <spec>       evaluate a model (openai:…, openai-compatible:<model>@<url>, ollama:…, llama-cpp:…)
  clinicallab score <run…> --compare   leaderboard, confidence intervals and paired tests of finished runs
  clinicallab agent --variant 3@1      ClinicalAgent, routed by benchmark results
  clinicallab interactive              the doctor must ask, examine and order before diagnosing (interactive ClinicalBench)
  clinicallab validate <files>         check ClinicalBench files
  clinicallab import <file> --preset agentclinic   bring another dataset in (or --map mapping.yaml)
  clinicallab cases --show <uid>       read a case section by section`,
  );
  run.register(program, io, setExit);
  agent.register(program, io, setExit);
  interactive.register(program, io, setExit);
  judge.register(program, io, setExit);
  validate.register(program, io, setExit);
  cases.register(program, io, setExit);
  importer.register(program, io, setExit);
  match.register(program, io, setExit);
  prompt.register(program, io);
  templates.register(program, io);
  runs.register(program, io);
  routing.register(program, io);
  score.register(program, io);
  similarity.register(program, io);
  leaderboard.register(program, io);
  report.register(program, io);
  view.register(program, io);
  for (const cmd of program.commands) cmd.exitOverride().configureOutput({ writeOut: (s) => io.out(s.replace(/\n$/, '')), writeErr: (s) => io.err(s.replace(/\n$/, '')) });
  return program;
}

/** Run the CLI with the given arguments (without `node` and the script); returns the exit code. */
export async function main(argv: string[], terminal: Io = processIo()): Promise<number> {
  // everything printed goes through here: no control character of data reaches the terminal
  const io = safeIo(terminal);
  let code = 0;
  const program = createProgram(io, (c) => {
    code = Math.max(code, c);
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end here with exit code 0; usage mistakes with 1 from commander → 2.
      return err.exitCode === 0 ? 0 : 2;
    }
    if (err instanceof UsageError) {
      io.err(`${paint(io, 'red', 'error')}: ${err.message}`);
      return 2;
    }
    io.err(`${paint(io, 'red', 'error')}: ${err instanceof Error ? err.message : String(err)}`);
    if (process.env.CLINICALLAB_DEBUG && err instanceof Error && err.stack) io.err(err.stack);
    return 1;
  }
}
