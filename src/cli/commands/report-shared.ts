/** What `report`, `leaderboard` and `view` share: run directories, report options from flags, the terminal table. */
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { leaderboardTable, type LeaderboardRow } from '../../report/leaderboard-table.js';
import { REFERENCE_NOTE, referenceRows } from '../../report/reference.js';
import { REFERENCE_PROFILE, referenceProfileLine } from '../../report/profile-text.js';
import type { ReportViewModel } from '../../report/types.js';
import type { ViewModelOptions } from '../../report/view-model.js';
import { isRunDir } from '../../run/inspect.js';
import { RUNS_DIR } from '../../run/setup.js';
import { skippedText } from '../../report/dataset.js';
import { GAP_HEADER, gapRows, INTERACTIVE_HEADER, interactiveRows } from '../../report/interactive-table.js';
import { displayWidth, paint, table, type Io } from '../io.js';
import { UsageError } from '../common.js';
import { commandContexts, departmentChoice, scoringOverrideOf, withMatchJudge } from './score-exec.js';
import { textFlags, type TextFlags } from './text-flags.js';
import type { ScoringOverride } from '../../metrics/settings.js';

export interface ReportFlags extends TextFlags {
  reference?: boolean;
  resamples?: string;
  cases?: string[];
  departments?: string;
  judge?: string;
  matchJudge?: string;
  cdaRequiresPreliminary?: boolean;
}

/** Options every report command takes. */
export function reportOptions(cmd: Command): Command {
  return textFlags(cmd)
    .option('--reference', `add the authors' 15 published rows (measured on the real ClinicalBench, not on these cases; shown apart); runs are then scored with the ${REFERENCE_PROFILE} text profile, the one that reproduces the published figures, unless --profile says otherwise`)
    .option('--resamples <n>', 'bootstrap resamples for the intervals (default 1000)')
    .option('--cases <paths...>', 'case files, when they are no longer where the run found them')
    .option('--departments <file>', "department list from a JSON file instead of the one each run recorded (default: the run's own; said so in the output and the report)")
    .option('--bertscore-model <dir>', "local BERTScore model folder (or zh=<dir>,en=<dir>) instead of the one each run is scored with (default: the run's own; runs scored otherwise are rescored, and the report says so)")
    .option('--no-bertscore-model', 'text scores from BLEU + ROUGE-L only, even for runs scored with a BERTScore model')
    .option('--match-judge <spec>', "the matcher's judge: a model that decides the diagnosis matches the rules leave open (runs are rescored with it, and the report says so)")
    .option('--judge <spec>', 'the old name of --match-judge (still taken)')
    .option('--cda-requires-preliminary', 'CDA also requires the preliminary diagnosis to be right');
}

/** Run directories as given, or names under clinicallab-runs/. */
export function runDirs(runs: readonly string[]): string[] {
  const dirs = runs.map((r) => (isRunDir(r) ? r : isRunDir(`${RUNS_DIR}/${r}`) ? `${RUNS_DIR}/${r}` : r));
  const missing = dirs.filter((d) => !isRunDir(d));
  if (missing.length) throw new UsageError(`not a run directory: ${missing.join(', ')}`);
  return dirs;
}

/**
 * The report options of the flags: each run is read with its own recorded department list and scoring settings,
 * the flags laid over them (and said so in the warnings and the report).
 */
export async function viewModelOptions(given: ReportFlags): Promise<ViewModelOptions> {
  const flags = withMatchJudge(given);
  const resamples = flags.resamples === undefined ? undefined : Number(flags.resamples);
  if (resamples !== undefined && (!Number.isInteger(resamples) || resamples < 10)) throw new UsageError('--resamples should be a whole number ≥ 10');
  const departments = await departmentChoice(flags.departments);
  return {
    ...(departments ? { taxonomy: departments.taxonomy, departmentsSource: departments.source } : {}),
    scoring: reportScoring(flags),
    contexts: commandContexts(),
    ...(flags.cases ? { cases: flags.cases.map((c) => resolve(c)) } : {}),
    ...(flags.cdaRequiresPreliminary ? { cdaRequiresPreliminary: true } : {}),
    ...(flags.reference ? { reference: true } : {}),
    ...(resamples !== undefined ? { resamples } : {}),
  };
}

/**
 * What the flags change in the scoring of the runs a report shows. Beside the published rows (--reference) the
 * text profile is the authors' unless --profile says otherwise: a run recorded with another is rescored with it,
 * and the output says so as it says every override.
 */
export function reportScoring(flags: ReportFlags): ScoringOverride {
  const o = scoringOverrideOf({
    ...(flags.profile !== undefined ? { profile: flags.profile } : {}),
    ...(flags.bertscoreModel !== undefined ? { bertscoreModel: flags.bertscoreModel } : {}),
    ...(flags.bertscoreLayer !== undefined ? { bertscoreLayer: flags.bertscoreLayer } : {}),
    ...(flags.bertscoreRescale ? { bertscoreRescale: true } : {}),
    ...(flags.bertscoreBaseline !== undefined ? { bertscoreBaseline: flags.bertscoreBaseline } : {}),
    ...(flags.judge ? { judge: flags.judge } : {}),
    ...(flags.cdaRequiresPreliminary ? { cdaRequiresPreliminary: true } : {}),
  });
  if (flags.reference && o.profile === undefined) return { ...o, profile: REFERENCE_PROFILE, profileNote: `text profile ${REFERENCE_PROFILE}, the default beside the published rows (--reference)` };
  return o;
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
    missing: m.missing,
    records: m.records,
    ...(m.marked ? { marks: m.marked } : {}),
    ...(m.unreadable ? { unreadable: m.unreadable } : {}),
    ...(m.refused ? { refused: m.refused } : {}),
    ...(m.truncated ? { truncated: m.truncated } : {}),
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
/** The interactive ClinicalBench tables of a report (none when it has no interactive model). */
export function interactiveSection(io: Io, vm: ReportViewModel): string[] {
  if (!vm.interactive?.length) return [];
  const out = ['', paint(io, 'bold', 'Interactive ClinicalBench'), table(INTERACTIVE_HEADER, interactiveRows(vm), [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])];
  const gaps = gapRows(vm);
  if (gaps.length > 0) out.push('', paint(io, 'bold', 'Information gap (FD static − FD interactive, points)'), table(GAP_HEADER, gaps, [2, 3, 4, 5]));
  else out.push('', paint(io, 'dim', 'No information gap: the run holds no static answers of the doctor model (run clinicallab interactive without --no-static).'));
  return out;
}

export function reportExtras(io: Io, vm: ReportViewModel): string[] {
  const out: string[] = [];
  const agents = agentTable(vm);
  if (agents) out.push('', paint(io, 'bold', 'ClinicalAgent (per case: examinations ordered, their share of those the case has, tokens, cost)'), agents);
  out.push(...interactiveSection(io, vm));
  for (const r of vm.runs) {
    const text = r.dataset ? skippedText(r.dataset) : '';
    if (text) out.push(paint(io, 'dim', `${r.name}: ${r.dataset!.records} records; no gold answer (skipped) for ${text}`));
  }
  return out;
}
