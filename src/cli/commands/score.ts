/** `clinicallab score <run…>`: (re)score stored answers — no candidate model is called — and print the leaderboard. */
import type { Command } from 'commander';
import { basename } from 'node:path';
import { leaderboard } from '../../metrics/clinical.js';
import { compareModels, leaderboardCI } from '../../metrics/compare.js';
import { departmentWinRate } from '../../metrics/dwr.js';
import { groupCases, type ModelScores } from '../../metrics/score-run.js';
import { isRunDir } from '../../run/inspect.js';
import { RUNS_DIR } from '../../run/setup.js';
import { displayWidth, paint, table, type Io } from '../io.js';
import { taxonomyFrom, UsageError } from '../common.js';
import { BEST_LEGEND, leaderboardTable, type LeaderboardRow } from '../../report/leaderboard-table.js';
import { buildViewModel } from '../../report/view-model.js';
import { reportExtras } from './report-shared.js';
import { scoreRuns, type ScoreFlags } from './score-exec.js';

interface Options extends ScoreFlags {
  ci?: boolean;
  resamples?: string;
  by?: string;
  compare?: boolean;
  json?: boolean;
  departments?: string;
}

export function register(program: Command, io: Io): void {
  program
    .command('score')
    .description('score the stored answers of one or more runs (no model is called) and print the leaderboard')
    .argument('<runs...>', 'run directories (or names under clinicallab-runs/)')
    .option('--bertscore-model <dir>', 'local BERTScore model folder (config.json, tokenizer.json, onnx/model.onnx); without it text scores are BLEU + ROUGE-L only, and say so')
    .option('--judge <spec>', 'a model that judges diagnosis matches the lexicon cannot decide (e.g. openai:gpt-4o-mini); its unreadable replies count as judge errors')
    .option('--cda-requires-preliminary', 'CDA also requires the preliminary diagnosis to be right')
    .option('--ci', 'show 95% bootstrap confidence intervals')
    .option('--resamples <n>', 'bootstrap resamples (default 1000)')
    .option('--by <what>', 'also break scores down by department or language')
    .option('--compare', 'paired comparison of the models (McNemar for yes/no columns, paired bootstrap for the rest)')
    .option('--cases <paths...>', 'case files, when they are no longer where the run found them')
    .option('--departments <file>', 'department list from a JSON file instead of the built-in 23')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      `
Scores are recomputed from the answers stored in each run and written back to the run (table "scores", with
the reason for every verdict). Several runs (or a run with several models) are compared: DWR is computed
across all of them.`,
    )
    .action(async (runs: string[], opts: Options) => {
      const dirs = runs.map((r) => (isRunDir(r) ? r : `${RUNS_DIR}/${r}`));
      const missing = dirs.filter((d) => !isRunDir(d));
      if (missing.length) throw new UsageError(`not a run directory: ${missing.join(', ')}`);
      if (opts.by && opts.by !== 'department' && opts.by !== 'language') throw new UsageError('--by takes department or language');
      const resamples = opts.resamples === undefined ? undefined : Number(opts.resamples);
      if (resamples !== undefined && (!Number.isInteger(resamples) || resamples < 10)) throw new UsageError('--resamples should be a whole number ≥ 10');
      const taxonomy = await taxonomyFrom(opts.departments);
      const scored = await scoreRuns(io, dirs, taxonomy, opts);
      const all: (ModelScores & { label: string })[] = scored.flatMap((r) =>
        r.models.map((m) => ({ ...m, label: scored.filter((x) => x.models.some((y) => y.model === m.model)).length > 1 ? `${m.model} (${basename(r.dir)})` : m.model })),
      );
      const dwr = departmentWinRate(Object.fromEntries(all.map((m) => [m.label, m.cases])));
      const metricOpts = { ...(opts.cdaRequiresPreliminary ? { cdaRequiresPreliminary: true } : {}), ...(resamples ? { resamples } : {}) };
      const rows: LeaderboardRow[] = all.map((m) => ({
        model: m.label,
        leaderboard: m.leaderboard,
        ...(all.length > 1 ? { dwr: dwr.dwr[m.label]! } : {}),
        ...(opts.ci ? { ci: leaderboardCI(m.cases, metricOpts) } : {}),
        errors: m.errors,
        pending: m.pending,
        skipped: m.skipped,
        unreadable: m.unreadable,
      }));
      const lexicalOnly = scored.some((r) => r.textComponents === 'bleu+rouge');
      const comparisons = opts.compare && all.length > 1 ? all.slice(1).map((b) => ({ a: all[0]!.label, b: b.label, rows: compareModels(all[0]!.cases, b.cases, metricOpts) })) : [];
      // agent statistics and what the datasets support, read back from the stores just scored
      const vm = await buildViewModel(dirs, { taxonomy, ci: false, details: false, ...(opts.cases ? { cases: opts.cases } : {}) });
      if (opts.json) {
        const datasets = vm.runs.map((r) => ({ run: r.name, dataset: r.dataset }));
        io.out(JSON.stringify({ textComponents: lexicalOnly ? 'bleu+rouge' : 'bleu+rouge+bertscore', models: rows, dwr, comparisons, ...(vm.agents ? { agents: vm.agents } : {}), datasets }, null, 2));
        return;
      }
      const style = { bold: (s: string) => paint(io, 'bold', s), dim: (s: string) => paint(io, 'dim', s) };
      io.out(leaderboardTable(rows, { lexicalOnly, style, widthOf: displayWidth }));
      for (const line of reportExtras(io, vm)) io.out(line);
      if (opts.by) {
        for (const m of all) {
          io.out(paint(io, 'bold', `\n${m.label} by ${opts.by}`));
          const groups = [...groupCases(m.cases, opts.by as 'department' | 'language')].sort(([a], [b]) => a.localeCompare(b));
          const sub = groups.map(([g, cases]) => ({ model: g, leaderboard: leaderboard(cases, metricOpts), errors: {}, pending: {}, skipped: {} }));
          io.out(leaderboardTable(sub, { lexicalOnly, style, widthOf: displayWidth, firstColumn: opts.by === 'department' ? 'Department' : 'Language' }).split('\n').filter((l) => !l.includes('records scored') && !l.includes(BEST_LEGEND)).join('\n'));
        }
      }
      for (const c of comparisons) {
        io.out(paint(io, 'bold', `\n${c.a} vs ${c.b}`));
        io.out(
          table(
            ['metric', 'n', 'A', 'B', 'A − B', '95% CI', 'p', 'test'],
            c.rows.map((r) => [r.metric, String(r.n), r.a.toFixed(2), r.b.toFixed(2), r.diff.toFixed(2), r.low !== undefined ? `${r.low.toFixed(2)} – ${r.high!.toFixed(2)}` : '', r.p < 0.001 ? '<0.001' : r.p.toFixed(3), r.test]),
            [1, 2, 3, 4, 6],
          ),
        );
      }
    });
}
