/** Printing what a run did and where its results are. */
import { departmentWinRate } from '../../metrics/dwr.js';
import { sharedLeaderboards, sharedRecords } from '../../metrics/shared.js';
import { sharedNote } from '../../report/dash-notes.js';
import type { RunScores } from '../../metrics/score-run.js';
import { leaderboardTable, type LeaderboardRow } from '../../report/leaderboard-table.js';
import type { RunInfo } from '../../run/inspect.js';
import type { RunnerResult } from '../../run/runner.js';
import { displayWidth, paint, table, type Io } from '../io.js';
import { truncationNotes } from './unread.js';
import { profileLines } from '../../report/profile-text.js';

export function money(cost: number, unknown: boolean): string {
  return unknown ? (cost > 0 ? `$${cost.toFixed(4)} + unknown` : 'unknown') : `$${cost.toFixed(4)}`;
}

export function countsTable(info: RunInfo): string {
  const models = [...new Set(info.counts.map((c) => c.model))];
  const rows = models.map((m) => {
    const of = (s: string): number => info.counts.filter((c) => c.model === m && c.status === s).reduce((n, c) => n + c.n, 0);
    return [m, String(of('done')), String(of('error')), String(of('pending') + of('running')), String(of('skipped'))];
  });
  return table(['model', 'done', 'error', 'pending', 'skipped'], rows, [1, 2, 3, 4]);
}

export function printRunSummary(io: Io, info: RunInfo, result: RunnerResult): void {
  io.out('');
  io.out(countsTable(info));
  const t = info.totals;
  io.out(
    `This invocation: ${result.done} answered (${result.cached} from cache), ${result.errors} errors, ${(result.wallMs / 1000).toFixed(1)} s, ` +
      `tokens ${result.inputTokens.toLocaleString('en-US')} in / ${result.outputTokens.toLocaleString('en-US')} out, cost ${result.cost === null ? 'unknown' : `$${result.cost.toFixed(4)}`}.`,
  );
  const orphaned = info.orphans.length > 0 ? `; ${info.orphans.length} orphaned (set aside: their records were removed or edited; never scored)` : '';
  io.out(`Whole run: ${t.done}/${t.all} done, ${t.error} errors, ${t.pending + t.running} pending${orphaned}; cost ${money(t.cost, t.unpricedDone > 0)}.`);
  for (const e of info.errorsByKind) io.out(paint(io, 'red', `  ${e.n} × ${e.kind}: ${e.example}`));
  if (result.repaired > 0) io.out(paint(io, 'yellow', `${result.repaired} answer${result.repaired === 1 ? '' : 's'} had broken characters (lone UTF-16 surrogates), stored as U+FFFD.`));
  if (result.interrupted) io.out(paint(io, 'yellow', 'Interrupted: run the same command again to continue.'));
  if (result.budgetReached) io.out(paint(io, 'yellow', 'Budget reached: raise --max-cost and run the same command again to continue.'));
  if (t.error > 0) io.out(`Errors are excluded from scores. Re-run them with: clinicallab run --retry-errors ${info.dir}`);
  for (const line of truncationNotes(info)) io.out(paint(io, 'yellow', line));
  const unread = info.readings.reduce((n, r) => n + r.unread + r.refusal + r.ambiguous, 0);
  if (unread > 0) io.out(`${unread} answer${unread === 1 ? ' was' : 's were'} unread, refused or ambiguous: clinicallab show ${info.dir} --unread lists them with the reason.`);
}

/** The leaderboard rows of a freshly scored run; with several models (a benchmark run and an agent), DWR across them. */
export function printScores(io: Io, scores: RunScores): void {
  io.out('');
  const byModel = Object.fromEntries(scores.models.map((m) => [m.model, m.cases]));
  const dwr = scores.models.length > 1 ? departmentWinRate(byModel) : null;
  const marks = sharedLeaderboards(byModel);
  const rows: LeaderboardRow[] = scores.models.map((m) => ({
    model: m.model,
    leaderboard: m.leaderboard,
    records: m.cases.length,
    ...(marks ? { marks: marks[m.model]! } : {}),
    ...(dwr && dwr.dwr[m.model] !== undefined ? { dwr: dwr.dwr[m.model] } : {}),
    errors: m.errors,
    pending: m.pending,
    skipped: m.skipped,
    unreadable: m.unreadable,
    refused: m.refused,
    truncated: m.truncated,
  }));
  const note = sharedNote(sharedRecords(byModel));
  io.out(leaderboardTable(rows, { lexicalOnly: scores.textComponents === 'bleu+rouge', style: { bold: (s) => paint(io, 'bold', s), dim: (s) => paint(io, 'dim', s) }, widthOf: displayWidth, ...(note ? { notes: [note] } : {}) }));
  for (const line of profileLines([scores.textProfile], scores.libraryNotes)) io.out(paint(io, 'dim', line));
}
