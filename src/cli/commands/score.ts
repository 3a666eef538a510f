/** `clinicallab score <run…>`: (re)score stored answers — no candidate model is called — and print the leaderboard. */
import type { Command } from 'commander';
import { basename } from 'node:path';
import { leaderboard, type Leaderboard, type MetricOptions } from '../../metrics/clinical.js';
import { sharedLeaderboards, sharedRecords } from '../../metrics/shared.js';
import { sharedNote } from '../../report/dash-notes.js';
import { compareModels, leaderboardCI, type ComparisonRow } from '../../metrics/compare.js';
import { departmentWinRate, dwrCI } from '../../metrics/dwr.js';
import { groupCases, groupCounts, type ModelScores, type OutcomeCounts } from '../../metrics/score-run.js';
import { DEFAULT_RESAMPLES, DEFAULT_SEED, type BootstrapOptions } from '../../metrics/stats.js';
import { CaseSession } from '../../bench/session.js';
import { isRunDir } from '../../run/inspect.js';
import { RUNS_DIR } from '../../run/setup.js';
import { displayWidth, paint, table, type Io } from '../io.js';
import { UsageError } from '../common.js';
import { leaderboardTable, type LeaderboardRow, type TableStyle } from '../../report/leaderboard-table.js';
import { buildViewModel } from '../../report/view-model.js';
import { reportExtras } from './report-shared.js';
import { commandContexts, departmentChoice, matcherFlags, matchJudgeFlags, withMatchJudge, overrideLines, scoreRuns, scoringOverrideOf, type ScoreFlags } from './score-exec.js';
import { textFlags } from './text-flags.js';
import { profileLines } from '../../report/profile-text.js';

interface Options extends ScoreFlags {
  ci?: boolean;
  resamples?: string;
  seed?: string;
  by?: string;
  compare?: boolean;
  json?: boolean;
}

type By = 'department' | 'language';
type Labelled = ModelScores & { label: string; textProfile: string };
type Counts = OutcomeCounts;

/** A whole number flag in [min, max], or undefined when not given. */
function wholeNumber(flag: string, value: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const n = value.trim() === '' ? NaN : Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${flag} should be a whole number ≥ ${min}${max < Number.MAX_SAFE_INTEGER ? ` and ≤ ${max}` : ''}, not "${value}"`);
  return n;
}

/** How a group of a breakdown is named: records without a department (partial datasets) get a name of their own. */
function groupLabel(group: string, by: By): string {
  return group !== '' ? group : by === 'department' ? '(no department)' : '(no language)';
}

/** The breakdown of one model: per group its leaderboard and the counts of what was not scored. */
function breakdown(m: ModelScores, by: By, metricOpts: MetricOptions): { group: string; leaderboard: Leaderboard; counts: Counts }[] {
  const cases = groupCases(m.cases, by);
  const counts = groupCounts(m.outcomes, by);
  const none: Counts = { errors: {}, pending: {}, skipped: {}, unreadable: {}, refused: {}, truncated: {} };
  return [...new Set([...cases.keys(), ...counts.keys()])]
    .sort((a, b) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map((g) => ({ group: groupLabel(g, by), leaderboard: leaderboard(cases.get(g) ?? [], metricOpts), counts: counts.get(g) ?? none }));
}

/** Names of the comparison rows in the terminal, and the test behind each. */
const COMPARE_LABELS: Record<string, string> = { WeightedAvg: 'Weighted avg', DWR: 'DWR (head to head)' };
const AGGREGATES = new Set(['DIFR', 'Acceptability', 'Avg', 'WeightedAvg']);
function testLabel(r: ComparisonRow): string {
  if (r.test === 'mcnemar') return 'McNemar';
  if (r.metric === 'DWR') return 'bootstrap within departments';
  return AGGREGATES.has(r.metric) ? 'bootstrap of the aggregate' : 'bootstrap of the mean';
}

function comparisonTable(rows: readonly ComparisonRow[]): string {
  const f = (v: number | undefined): string => (v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(2));
  return table(
    ['metric', 'n', 'A', 'B', 'A − B', '95% CI', 'p', 'test'],
    rows.map((r) => [
      COMPARE_LABELS[r.metric] ?? r.metric,
      String(r.n),
      f(r.a),
      f(r.b),
      f(r.diff),
      r.low !== undefined && r.high !== undefined ? `${f(r.low)} – ${f(r.high)}` : '',
      !Number.isFinite(r.p) ? '—' : r.p < 0.001 ? '<0.001' : r.p.toFixed(3),
      testLabel(r),
    ]),
    [1, 2, 3, 4, 6],
  );
}

const COMPARE_NOTE = [
  'McNemar: exact test on the records one model got right and the other wrong. Bootstrap of the mean: the per-record',
  'differences resampled. Bootstrap of the aggregate: DIFR, Acceptability, Avg and the weighted average recomputed for',
  'both models from the same resampled records. DWR (head to head): the two models’ DWR when only they are compared',
  '(ties win for both), records resampled within departments.',
];

export function register(program: Command, io: Io): void {
  const cmd = program
    .command('score')
    .description('score the stored answers of one or more runs (no model is called) and print the leaderboard')
    .argument('<runs...>', 'run directories (or names under clinicallab-runs/)')
    .option('--bertscore-model <dir>', "local BERTScore model folder (config.json, tokenizer.json, onnx/model.onnx), or zh=<dir>,en=<dir> one per language, instead of the run's (default: the one the run was made with; without any, text scores are BLEU + ROUGE-L only, and say so)")
    .option('--no-bertscore-model', 'text scores from BLEU + ROUGE-L only, even for a run made with a BERTScore model')
    .option('--cda-requires-preliminary', 'CDA also requires the preliminary diagnosis to be right');
  matchJudgeFlags(cmd, 'a model that decides the diagnosis matches the rules leave open (e.g. openai:gpt-4o-mini); its unreadable replies count as judge errors');
  textFlags(matcherFlags(cmd))
    .option('--ci', 'show 95% bootstrap confidence intervals (DWR too, with several models)')
    .option('--resamples <n>', `bootstrap resamples of --ci and --compare (default ${DEFAULT_RESAMPLES})`)
    .option('--seed <n>', `seed of the bootstraps of --ci and --compare (default ${DEFAULT_SEED}); the same seed gives the same intervals and p-values`)
    .option('--by <what>', 'also break scores down by department or language')
    .option('--compare', 'paired comparison of the first model with each other one (McNemar for yes/no columns, paired bootstrap for the rest)')
    .option('--cases <paths...>', 'case files, when they are no longer where the run found them')
    .option('--departments <file>', "department list from a JSON file instead of the one the run recorded (default: the run's own)")
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      `
Scores are recomputed from the answers stored in each run and written back to the run (table "scores", with
the reason for every verdict). Several runs (or a run with several models) are compared: DWR is computed
across all of them. The matcher flags change which diagnoses count as the gold one (see clinicallab match).

Each run is scored the way it was made — its department list, matcher options, BERTScore model and text-metric
profile are recorded in it — so no flag is needed. A flag that changes one of them is said under the table
(and in --json as "overrides"); later reports of the run use its own settings again unless given the flag too.`,
    )
    .action(async (runs: string[], given: Options) => {
      const opts = withMatchJudge(given);
      const dirs = runs.map((r) => (isRunDir(r) ? r : `${RUNS_DIR}/${r}`));
      const missing = dirs.filter((d) => !isRunDir(d));
      if (missing.length) throw new UsageError(`not a run directory: ${missing.join(', ')}`);
      if (opts.by && opts.by !== 'department' && opts.by !== 'language') throw new UsageError('--by takes department or language');
      const by = opts.by as By | undefined;
      const resamples = wholeNumber('--resamples', opts.resamples, 10);
      const seed = wholeNumber('--seed', opts.seed, 0, 2 ** 32 - 1);
      scoringOverrideOf(opts); // a bad scoring flag is a usage error before anything is scored
      const departments = await departmentChoice(opts.departments);
      const contexts = commandContexts(); // one judge and one BERTScore model for scoring and reading back
      const session = new CaseSession(); // each run's case files parsed once, for scoring and reading back
      const scored = await scoreRuns(io, dirs, opts, contexts, session);
      const all: Labelled[] = scored.flatMap((r) =>
        r.models.map((m) => ({ ...m, textProfile: r.textProfile, label: scored.filter((x) => x.models.some((y) => y.model === m.model)).length > 1 ? `${m.model} (${basename(r.dir)})` : m.model })),
      );
      const byLabel = Object.fromEntries(all.map((m) => [m.label, m.cases]));
      const dwr = departmentWinRate(byLabel);
      const cda = scored.every((r) => r.scoring?.settings.cdaRequiresPreliminary);
      const metricOpts: MetricOptions & BootstrapOptions = {
        ...(cda ? { cdaRequiresPreliminary: true } : {}),
        ...(resamples !== undefined ? { resamples } : {}),
        ...(seed !== undefined ? { seed } : {}),
      };
      const dwrIntervals = opts.ci && all.length > 1 ? dwrCI(byLabel, metricOpts) : undefined;
      const shared = sharedRecords(byLabel);
      const marks = sharedLeaderboards(byLabel, metricOpts);
      const rows: LeaderboardRow[] = all.map((m) => ({
        model: m.label,
        leaderboard: m.leaderboard,
        records: m.cases.length,
        ...(marks ? { marks: marks[m.label]! } : {}),
        ...(dwr.dwr[m.label] !== undefined && all.length > 1 ? { dwr: dwr.dwr[m.label]! } : {}),
        ...(opts.ci ? { ci: leaderboardCI(m.cases, metricOpts) } : {}),
        ...(dwrIntervals ? { dwrCi: dwrIntervals[m.label] ?? null } : {}),
        errors: m.errors,
        pending: m.pending,
        skipped: m.skipped,
        unreadable: m.unreadable,
        refused: m.refused,
        truncated: m.truncated,
        textProfile: m.textProfile,
      }));
      const groups = by ? all.map((m) => ({ model: m.label, groups: breakdown(m, by, metricOpts) })) : [];
      const lexicalOnly = scored.some((r) => r.textComponents === 'bleu+rouge');
      const profiles = [...new Set(scored.map((r) => r.textProfile))];
      const notes: Record<string, number> = {};
      for (const r of scored) for (const [k, n] of Object.entries(r.libraryNotes)) notes[k] = (notes[k] ?? 0) + n;
      const comparisons = opts.compare && all.length > 1 ? all.slice(1).map((b) => ({ a: all[0]!.label, b: b.label, rows: compareModels(all[0]!.cases, b.cases, metricOpts) })) : [];
      const bootstrap = { seed: seed ?? DEFAULT_SEED, resamples: resamples ?? DEFAULT_RESAMPLES };
      // agent statistics and what the datasets support, read back from the stores with the scores just computed
      // (handed on: nothing is scored, counted or put in a leaderboard twice)
      const vm = await buildViewModel(dirs, {
        scoredRuns: scored,
        ...(departments ? { taxonomy: departments.taxonomy, departmentsSource: departments.source } : {}),
        scoring: scoringOverrideOf(opts),
        contexts,
        session,
        ci: false,
        details: false,
        ...(opts.cases ? { cases: opts.cases } : {}),
        ...(cda ? { cdaRequiresPreliminary: true } : {}),
      });
      const overrides = overrideLines(scored);
      if (opts.json) {
        const datasets = vm.runs.map((r) => ({ run: r.name, dataset: r.dataset }));
        const byGroup = by ? Object.fromEntries(groups.map((m) => [m.model, Object.fromEntries(m.groups.map((g) => [g.group, { leaderboard: g.leaderboard, counts: g.counts }]))])) : undefined;
        io.out(
          JSON.stringify(
            {
              textComponents: lexicalOnly ? 'bleu+rouge' : 'bleu+rouge+bertscore',
              textProfile: profiles.length === 1 ? profiles[0] : 'mixed',
              ...(profiles.length > 1 ? { textProfiles: Object.fromEntries(scored.map((r) => [r.dir, r.textProfile])) } : {}),
              ...(Object.keys(notes).length ? { libraryNotes: notes } : {}),
              ...(opts.ci || opts.compare ? { bootstrap } : {}),
              models: rows,
              dwr,
              comparisons,
              overrides: Object.fromEntries(scored.map((r) => [r.dir, r.scoring?.overrides ?? []])),
              ...(byGroup ? { by, byGroup } : {}),
              ...(vm.agents ? { agents: vm.agents } : {}),
              datasets,
            },
            null,
            2,
          ),
        );
        return;
      }
      const style: TableStyle = { bold: (s) => paint(io, 'bold', s), dim: (s) => paint(io, 'dim', s) };
      const note = sharedNote(shared);
      io.out(leaderboardTable(rows, { lexicalOnly, style, widthOf: displayWidth, ...(note ? { notes: [note] } : {}) }));
      for (const line of profileLines(profiles, notes)) io.out(profiles.length > 1 ? paint(io, 'yellow', line) : style.dim(line));
      if (opts.ci) io.out(style.dim(`Bootstrap: seed ${bootstrap.seed}, ${bootstrap.resamples} resamples${dwrIntervals ? '; DWR resampled within departments' : ''}.`));
      for (const line of reportExtras(io, vm)) io.out(line);
      for (const line of overrides) io.out(paint(io, 'yellow', line));
      for (const m of groups) {
        io.out(paint(io, 'bold', `\n${m.model} by ${by!}`));
        const sub: LeaderboardRow[] = m.groups.map((g) => ({ model: g.group, leaderboard: g.leaderboard, ...g.counts }));
        io.out(leaderboardTable(sub, { lexicalOnly, style, widthOf: displayWidth, firstColumn: by === 'department' ? 'Department' : 'Language', details: false, legend: false }));
      }
      for (const c of comparisons) {
        io.out(paint(io, 'bold', `\n${c.a} vs ${c.b}`));
        io.out(c.rows.length > 0 ? comparisonTable(c.rows) : style.dim('No record answered by both: nothing to compare (paired tests need the same records).'));
      }
      if (comparisons.length) {
        io.out(style.dim(`Bootstrap: seed ${bootstrap.seed}, ${bootstrap.resamples} resamples.`));
        for (const line of COMPARE_NOTE) io.out(style.dim(line));
      }
    });
}
