/** `clinicallab report <run…>`: the self-contained HTML report of one or more runs, or its tables as JSON / CSV. */
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { EXPORT_TABLES, exportTable, isExportTable } from '../../report/export.js';
import { PANEL_TABLES } from '../../report/panels.js';
import { writeFileAtomic, writeReport } from '../../report/index.js';
import { buildViewModel } from '../../report/view-model.js';
import { paint, type Io } from '../io.js';
import { UsageError } from '../common.js';
import { printWarnings, reportOptions, runDirs, viewModelOptions, type ReportFlags } from './report-shared.js';

interface Options extends ReportFlags {
  output?: string;
  format?: string;
  table?: string;
  ci?: boolean;
}

/** The tables `--table` takes, each with its panel and what it holds (from the report's list of panels). */
export function tableHelp(): string {
  const width = Math.max(...EXPORT_TABLES.map((t) => t.length));
  return [...PANEL_TABLES].map(([name, t]) => `  ${name.padEnd(width)}  ${t.about} [${t.panel.nav}]`).join('\n');
}

function kib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

export function register(program: Command, io: Io): void {
  reportOptions(
    program
      .command('report')
      .description('write a self-contained HTML report of one or more runs (or export its tables as JSON or CSV)')
      .argument('<runs...>', 'run directories (or names under clinicallab-runs/)')
      .option('-o, --output <file>', 'where to write (default report.html; with --format, standard output)')
      .option('--format <format>', 'json or csv: export a table instead of writing HTML')
      .option('--table <table>', `with --format: ${EXPORT_TABLES.join(', ')} (default cases; json without --table gives the whole report data)`)
      .option('--no-ci', 'skip the bootstrap intervals (faster on very large runs)'),
  )
    .addHelpText(
      'after',
      `
The HTML file opens offline from disk: the charting library and all data are inside it, and it loads
nothing from the network. It holds the leaderboard (sortable, with 95% intervals), the department × model
heatmaps, the task and ClinicalMetrics charts, a case browser with every answer, verdict and reason, and the
run manifests. Everything models and cases wrote is shown as text, never run as markup.

Tables (--table, with --format json or csv), each with [the report panel that shows it]:
${tableHelp()}

Examples:
  clinicallab report clinicallab-runs/<run> -o report.html --reference
  clinicallab report <run-a> <run-b> --format csv --table leaderboard
  clinicallab report <run> --format json -o results.json`,
    )
    .action(async (runs: string[], opts: Options) => {
      const dirs = runDirs(runs);
      if (opts.format !== undefined && opts.format !== 'json' && opts.format !== 'csv') throw new UsageError('--format takes json or csv');
      const table = opts.table ?? 'cases';
      if (!isExportTable(table)) throw new UsageError(`--table takes ${EXPORT_TABLES.join(', ')}`);
      if (opts.table !== undefined && opts.format === undefined) throw new UsageError('--table goes with --format json|csv');
      const vmOpts = { ...(await viewModelOptions(opts)), ...(opts.ci === false ? { ci: false } : {}) };
      if (opts.format === undefined) {
        const out = resolve(opts.output ?? 'report.html');
        const written = await writeReport(dirs, out, vmOpts);
        printWarnings(io, written.viewModel);
        const vm = written.viewModel;
        io.out(`${vm.models.length} model${vm.models.length === 1 ? '' : 's'}, ${vm.cases.length} records, ${vm.rows.length} scored rows from ${dirs.length} run${dirs.length === 1 ? '' : 's'}.`);
        io.out(paint(io, 'bold', `Report: ${written.file} (${kib(written.bytes)})`));
        return;
      }
      const vm = await buildViewModel(dirs, vmOpts);
      printWarnings(io, vm);
      const text = opts.format === 'json' && opts.table === undefined ? `${JSON.stringify(vm, null, 2)}\n` : exportTable(vm, table, opts.format);
      if (opts.output === undefined || opts.output === '-') io.out(text.replace(/\r?\n$/, ''));
      else {
        const bytes = writeFileAtomic(resolve(opts.output), text);
        io.out(`Wrote ${resolve(opts.output)} (${kib(bytes)}).`);
      }
    });
}
