/** What `report`, `leaderboard` and `view` share: run directories, report options from flags, the terminal table. */
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { leaderboardTable, type LeaderboardRow } from '../../report/leaderboard-table.js';
import { REFERENCE_NOTE, referenceRows } from '../../report/reference.js';
import { referenceProfileLine } from '../../report/profile-text.js';
import type { ReportViewModel } from '../../report/types.js';
import type { ViewModelOptions } from '../../report/view-model.js';
import { isRunDir } from '../../run/inspect.js';
import { RUNS_DIR } from '../../run/setup.js';
import { skippedText } from '../../report/dataset.js';
import { displayWidth, paint, table, type Io } from '../io.js';
import { taxonomyFrom, UsageError } from '../common.js';
import { scoringContext } from './score-exec.js';

export interface ReportFlags {
  reference?: boolean;
  resamples?: string;
  cases?: string[];
  departments?: string;
  bertscoreModel?: string;
  judge?: string;
  cdaRequiresPreliminary?: boolean;
}

/** Options every report command takes. */
export function reportOptions(cmd: Command): Command {
  return cmd
    .option('--reference', "add the authors' 15 published rows (measured on the real ClinicalBench, not on these cases; shown apart)")
    .option('--resamples <n>', 'bootstrap resamples for the intervals (default 1000)')
    .option('--cases <paths...>', 'case files, when they are no longer where the run found them')
    .option('--departments <file>', 'department list from a JSON file instead of the built-in 23')
    .option('--bertscore-model <dir>', 'for runs not scored yet: local BERTScore model folder (otherwise text scores are BLEU + ROUGE-L only, and say so)')
    .option('--judge <spec>', 'for runs not scored yet: a model that judges diagnosis matches the rules leave undecided')
    .option('--cda-requires-preliminary', 'CDA also requires the preliminary diagnosis to be right');
}

/** Run directories as given, or names under clinicallab-runs/. */
export function runDirs(runs: readonly string[]): string[] {
  const dirs = runs.map((r) => (isRunDir(r) ? r : isRunDir(`${RUNS_DIR}/${r}`) ? `${RUNS_DIR}/${r}` : r));
  const missing = dirs.filter((d) => !isRunDir(d));
  if (missing.length) throw new UsageError(`not a run directory: ${missing.join(', ')}`);
  return dirs;
}

export async function viewModelOptions(flags: ReportFlags): Promise<ViewModelOptions> {
  const resamples = flags.resamples === undefined ? undefined : Number(flags.resamples);
  if (resamples !== undefined && (!Number.isInteger(resamples) || resamples < 10)) throw new UsageError('--resamples should be a whole number ≥ 10');
  const custom = flags.bertscoreModel !== undefined || flags.judge !== undefined;
  return {
    taxonomy: await taxonomyFrom(flags.departments),
    ...(custom ? { context: await scoringContext({ ...(flags.bertscoreModel ? { bertscoreModel: flags.bertscoreModel } : {}), ...(flags.judge ? { judge: flags.judge } : {}) }) } : {}),
    ...(flags.cases ? { cases: flags.cases.map((c) => resolve(c)) } : {}),
    ...(flags.cdaRequiresPreliminary ? { cdaRequiresPreliminary: true } : {}),
    ...(flags.reference ? { reference: true } : {}),
    ...(resamples !== undefined ? { resamples } : {}),
  };
}

export function printWarnings(io: Io, vm: ReportViewModel): void {
  for (const w of vm.warnings) io.err(`${paint(io, 'yellow', 'warning')}: ${w}`);
  for (const r of vm.runs) if (r.scoredNow) io.err(paint(io, 'dim', `${r.dir}: had answers without stored scores; scored now`));
}

/** The leaderboard in the terminal: the run's models, then (with --reference) the published rows in a table apart. */
export function terminalLeaderboard(io: Io, vm: ReportViewModel): string {
  const style = { bold: (s: string) => paint(io, 'bold', s), dim: (s: string) => paint(io, 'dim', s) };
  const rows: LeaderboardRow[] = vm.models.map((m) => ({
    model: m.label,
    leaderboard: m.leaderboard,
    ...(m.dwr !== null ? { dwr: m.dwr } : {}),
    ...(m.ci ? { ci: m.ci } : {}),
    ...(m.dwrCi ? { dwrCi: m.dwrCi } : {}),
    errors: m.errors,
    pending: m.pending,
    skipped: m.skipped,
    textProfile: m.textProfile,
  }));
  const out = [rows.length ? leaderboardTable(rows, { lexicalOnly: vm.textComponents === 'bleu+rouge' || vm.textComponents === 'mixed', style, widthOf: displayWidth }) : 'No model results in these runs yet.'];
  if (vm.textComponents === 'mixed') out.push(style.dim(vm.textLabel));
  if (vm.textProfile !== 'none') out.push(vm.textProfile === 'mixed' ? paint(io, 'yellow', vm.textProfileLabel) : style.dim(vm.textProfileLabel));
  out.push(...reportExtras(io, vm));
  if (vm.reference) {
    const src = vm.reference.source;
    out.push('', paint(io, 'bold', `Reference: ${REFERENCE_NOTE}`), style.dim(`${src.paper} (${src.authors}, ${src.year}), arXiv ${src.arxiv}. Context only: not comparable with the rows above.`));
    out.push(style.dim(referenceProfileLine(vm.textProfile)));
    out.push(leaderboardTable(referenceRows(vm.reference), { lexicalOnly: false, style, widthOf: displayWidth, legend: false, counts: false }));
  }
  return out.join('\n');
}

const n1 = (v: number | null): string => (v === null ? '—' : v.toFixed(1));

/** ClinicalAgent models' statistics per case, as a terminal table (null when the report has no agent models). */
function agentTable(vm: ReportViewModel): string | null {
  if (!vm.agents?.length) return null;
  return table(
    ['agent', 'variant', 'cases', 'exams/case', 'share of exams', 'tokens/case', 'cost/case', 'stopped'],
    vm.agents.map((a) => [
      a.label,
      a.variant ?? '—',
      String(a.stats.cases),
      n1(a.stats.ordersPerCase),
      a.stats.orderedShare === null ? '—' : `${n1(a.stats.orderedShare)}%`,
      Math.round(a.stats.tokensPerCase).toLocaleString('en-US'),
      a.stats.costPerCase === null ? 'unknown' : `$${a.stats.costPerCase.toFixed(4)}`,
      String(a.stats.stopped),
    ]),
    [2, 3, 4, 5, 6, 7],
  );
}

/** What follows the leaderboard: the agent table, and per run what its dataset could not score for want of gold. */
export function reportExtras(io: Io, vm: ReportViewModel): string[] {
  const out: string[] = [];
  const agents = agentTable(vm);
  if (agents) out.push('', paint(io, 'bold', 'ClinicalAgent (per case: examinations ordered, their share of those the case has, tokens, cost)'), agents);
  for (const r of vm.runs) {
    const text = r.dataset ? skippedText(r.dataset) : '';
    if (text) out.push(paint(io, 'dim', `${r.name}: ${r.dataset!.records} records; no gold answer (skipped) for ${text}`));
  }
  return out;
}
