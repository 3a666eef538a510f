/** `clinicallab leaderboard <run…>`: the leaderboard of stored scores, as a terminal table, JSON or CSV. */
import type { Command } from 'commander';
import { exportTable } from '../../report/export.js';
import { buildViewModel } from '../../report/view-model.js';
import type { Io } from '../io.js';
import { UsageError } from '../common.js';
import { printWarnings, reportOptions, runDirs, terminalLeaderboard, viewModelOptions, type ReportFlags } from './report-shared.js';

interface Options extends ReportFlags {
  ci?: boolean;
  format?: string;
}

export function register(program: Command, io: Io): void {
  reportOptions(
    program
      .command('leaderboard')
      .description('print the leaderboard of one or more runs from their stored scores (no model is called)')
      .argument('<runs...>', 'run directories (or names under clinicallab-runs/)')
      .option('--ci', 'add 95% bootstrap intervals')
      .option('--format <format>', 'json or csv instead of the table'),
  )
    .addHelpText(
      'after',
      `
Columns in the paper's layout: Acc, DIFR, PD, DB, DD, FD, PT, TP, ID | DWR, CDA, Acceptability, Avg and the
weighted average. DWR is computed across every model of the runs given. Errors are excluded and counted
under the table, the best value of each column is marked ▲ (and bold on a terminal), and text columns scored
without BERTScore are marked *. Agent runs add their examinations, tokens and cost per case; runs on partial
data say which tasks their records have no gold answer for. With --reference the authors' published rows
follow in a table of their own: they were measured on the real ClinicalBench, not on the cases of these runs;
the runs' text scores are then computed with the authors text profile, the one that reproduces the published
figures, unless --profile says otherwise (said under the table). Rows of different profiles get a warning.`,
    )
    .action(async (runs: string[], opts: Options) => {
      const dirs = runDirs(runs);
      if (opts.format !== undefined && opts.format !== 'json' && opts.format !== 'csv') throw new UsageError('--format takes json or csv');
      const vm = await buildViewModel(dirs, { ...(await viewModelOptions(opts)), ci: Boolean(opts.ci), details: false });
      printWarnings(io, vm);
      if (opts.format) io.out(exportTable(vm, 'leaderboard', opts.format as 'json' | 'csv').replace(/\r?\n$/, ''));
      else io.out(terminalLeaderboard(io, vm));
    });
}
