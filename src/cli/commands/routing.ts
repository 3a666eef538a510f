/** `clinicallab routing <run…>`: the ClinicalAgent routing table — for each department, models ranked by benchmark. */
import type { Command } from 'commander';
import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { buildRoutingTable } from '../../agent/routing.js';
import { routingRows } from '../../report/routing-table.js';
import { isRunDir } from '../../run/inspect.js';
import { RUNS_DIR } from '../../run/setup.js';
import { DepartmentTaxonomy } from '../../bench/departments.js';
import { paint, table, type Io } from '../io.js';
import { UsageError } from '../common.js';
import { overrideLines, scoreRuns } from './score-exec.js';
import { profileLabel } from '../../report/profile-text.js';

interface Options {
  out?: string;
  minCases?: string;
  json?: boolean;
  departments?: string;
}

export function register(program: Command, io: Io): void {
  program
    .command('routing')
    .description('build the agent routing table: per department, the models ranked by their benchmark results')
    .argument('<runs...>', 'scored (or scorable) run directories holding the candidate models')
    .option('-o, --out <file>', 'write the table as JSON (give it to the agent; or write one by hand)')
    .option('--min-cases <n>', 'departments with fewer scored cases use the overall ranking (default 5)')
    .option('--departments <file>', "department list from a JSON file instead of the one the runs recorded (default: the runs' own)")
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      `
Models are ranked per department by the authors' weighted average (5·Acc + DIFR + PD + 5·FD + DB + DD + PT + TP
+ ID) / 17 on that department's cases, ties broken by the overall Avg. Each run is scored with the department
list and scoring settings it recorded; the departments of the table are the first run's. A hand-written table is JSON:
  { "departments": { "gastroenterology": ["openai:gpt-4o", "ollama:qwen2.5"], … }, "overall": [{ "model": "…" }] }`,
    )
    .action(async (runs: string[], opts: Options) => {
      const dirs = runs.map((r) => (isRunDir(r) ? r : `${RUNS_DIR}/${r}`));
      const missing = dirs.filter((d) => !isRunDir(d));
      if (missing.length) throw new UsageError(`not a run directory: ${missing.join(', ')}`);
      const minCases = opts.minCases === undefined ? 5 : Number(opts.minCases);
      if (!Number.isInteger(minCases) || minCases < 0) throw new UsageError('--min-cases should be a whole number ≥ 0');
      const scored = await scoreRuns(io, dirs, opts.departments ? { departments: opts.departments } : {});
      const taxonomy = scored[0]?.taxonomy ?? DepartmentTaxonomy.default();
      const byModel: Record<string, (typeof scored)[number]['models'][number]['cases']> = {};
      for (const r of scored) for (const m of r.models) byModel[byModel[m.model] ? `${m.model} (${basename(r.dir)})` : m.model] = m.cases;
      const routing = buildRoutingTable(byModel, taxonomy, { minCases, source: dirs });
      // models ranked on text scores of different profiles: said, as every table of them says it
      const profiles = [...new Set(scored.map((r) => r.textProfile))];
      const mixed = profiles.length > 1 ? [profileLabel('mixed', profiles)] : [];
      if (opts.out) await writeFile(opts.out, `${JSON.stringify(routing, null, 2)}\n`);
      if (opts.json) {
        io.out(JSON.stringify(routing, null, 2));
        for (const line of [...mixed, ...overrideLines(scored)]) io.err(`${paint(io, 'yellow', 'warning')}: ${line}`);
        return;
      }
      io.out(table(['department', 'ranking (weighted average, cases)', 'basis'], routingRows(routing, taxonomy)));
      for (const line of [...mixed, ...overrideLines(scored)]) io.out(paint(io, 'yellow', line));
      if (opts.out) io.out(`written to ${opts.out}`);
    });
}
