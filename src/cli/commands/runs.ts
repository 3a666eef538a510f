/** `clinicallab runs` lists the runs in a folder; `clinicallab show <run>` prints one run's manifest and counts. */
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { casesChanged, describeRun, isRunDir, listRuns, type RunInfo } from '../../run/inspect.js';
import { unreadAnswers } from '../../run/unread.js';
import { RUNS_DIR } from '../../run/setup.js';
import { paint, table, type Io } from '../io.js';
import { UsageError } from '../common.js';
import { countsTable, money } from './run-summary.js';
import { describeScoring, effectiveScoring } from '../../metrics/settings.js';
import { printUnread, readingTable, truncationNotes } from './unread.js';

export function register(program: Command, io: Io): void {
  program
    .command('runs')
    .description('list the runs in a folder with their status')
    .argument('[dir]', 'folder holding run directories', RUNS_DIR)
    .option('--json', 'print JSON')
    .action((dir: string, opts: { json?: boolean }) => {
      const runs = listRuns(dir);
      if (opts.json) {
        io.out(
          JSON.stringify(
            runs.map((r) => ({
              dir: r.dir,
              status: r.status,
              createdAt: r.manifest?.createdAt,
              models: r.manifest?.models.map((m) => m.id),
              totals: r.totals,
              casesChanged: casesChanged(r),
              caseFiles: r.caseFiles,
              orphaned: r.orphans.length,
              ...(r.problem ? { problem: r.problem } : {}),
            })),
            null,
            2,
          ),
        );
        return;
      }
      if (runs.length === 0) {
        io.out(`No runs in ${resolve(dir)}. Start one with: clinicallab run --model <spec>`);
        return;
      }
      const rows = runs.map((r) => [
        r.dir.split('/').pop()!,
        [r.status, ...(casesChanged(r) ? ['cases changed'] : []), ...(r.totals.stale > 0 ? [`${r.totals.stale} stale`] : [])].join(', '),
        (r.manifest?.models ?? []).map((m) => m.id).join(', '),
        `${r.totals.done}/${r.totals.all}`,
        String(r.totals.error),
        money(r.totals.cost, r.totals.unpricedDone > 0),
        (r.manifest?.updatedAt ?? '').replace('T', ' ').slice(0, 19),
      ]);
      io.out(table(['run', 'status', 'models', 'done', 'errors', 'cost', 'updated'], rows, [3, 4]));
      for (const r of runs) if (r.problem) io.out(paint(io, 'red', `${r.dir.split('/').pop()!} is damaged: ${r.problem}`));
      for (const r of runs) if (casesChanged(r)) io.out(paint(io, 'yellow', `${r.dir.split('/').pop()!}: ${changedText(r)} (clinicallab show for more)`));
    });

  program
    .command('show')
    .description('print the manifest and job counts of a run')
    .argument('<run>', 'run directory (or its name under clinicallab-runs/)')
    .option('--unread', 'list, per model and task, the answers not read whole (no department or section, ambiguous, partial, refused, cut off) with the reason and an excerpt')
    .option('--all', 'with --unread: every answer, not the first 20 of each model and task')
    .option('--json', 'print JSON')
    .action((run: string, opts: { json?: boolean; unread?: boolean; all?: boolean }) => {
      const dir = isRunDir(run) ? run : `${RUNS_DIR}/${run}`;
      if (!isRunDir(dir)) throw new UsageError(`${run} is not a run directory`);
      if (opts.all && !opts.unread) throw new UsageError('--all goes with --unread');
      if (opts.unread) {
        const answers = unreadAnswers(dir);
        if (opts.json) io.out(JSON.stringify(answers, null, 2));
        else printUnread(io, resolve(dir), answers, opts.all ?? false);
        return;
      }
      const info = describeRun(dir);
      if (opts.json) {
        io.out(JSON.stringify(info, null, 2));
        return;
      }
      const m = info.manifest;
      io.out(paint(io, 'bold', `Run ${resolve(dir)} — ${info.status}`));
      if (m) {
        io.out(`clinicallab ${m.tool.version} on Node ${m.node}; created ${m.createdAt}, updated ${m.updatedAt}, ${m.invocations} invocation(s)`);
        const files = m.cases.length > 3 ? [`${m.cases.length} files in ${commonDir(m.cases.map((c) => c.file))}`] : m.cases.map((c) => `${c.file} (${c.records} records, sha256 ${c.sha256.slice(0, 12)}…)`);
        io.out(`Cases: ${files.join('; ')}`);
        if (casesChanged(info)) io.out(paint(io, 'yellow', `${changedText(info)}: resuming it is refused until they are put back, or given --allow-changed-cases`));
        if (m.departmentList) io.out(`Departments: ${m.departmentList.count} from ${m.departmentList.source} (sha256 ${m.departmentList.sha256.slice(0, 12)}…, kept in the run)`);
        if (m.scoring) io.out(`Scoring: ${describeScoring(effectiveScoring(m.scoring).settings)}`); // an older run's settings completed as it is scored
        io.out(`Records: ${m.records}${m.filters.language ? `, language ${m.filters.language}` : ''}${m.filters.limit ? `, limit ${m.filters.limit}` : ''}; generations: ${m.kinds.join(', ')}`);
        io.out(`Templates: ${Object.entries(m.templates).map(([k, v]) => `${k}#${v.hash}${v.source === 'builtin' ? '' : ` (${v.source})`}`).join(', ')}`);
        io.out(
          table(
            ['model', 'params', 'concurrency', 'timeout', 'retries', 'price in/out per 1M'],
            m.models.map((x) => [x.id, JSON.stringify(x.params), String(x.concurrency), `${x.timeoutMs / 1000}s`, String(x.maxRetries), x.price ? `$${x.price.input} / $${x.price.output}` : 'unknown']),
          ),
        );
      }
      io.out(countsTable(info));
      const t = info.totals;
      io.out(`Tokens ${t.inputTokens.toLocaleString('en-US')} in / ${t.outputTokens.toLocaleString('en-US')} out; cost ${money(t.cost, t.unpricedDone > 0)}`);
      for (const e of info.errorsByKind) io.out(paint(io, 'red', `  ${e.n} × ${e.kind}: ${e.example}`));
      if (t.stale > 0) io.out(paint(io, 'yellow', staleNote(t.stale)));
      if (info.orphans.length > 0) {
        const byReason = new Map<string, Set<string>>();
        for (const o of info.orphans) byReason.set(o.reason, (byReason.get(o.reason) ?? new Set()).add(`${o.caseUid} (${o.language})`));
        io.out(paint(io, 'yellow', `Orphaned: ${info.orphans.length} answer${info.orphans.length === 1 ? '' : 's'} set aside — asked before their record was removed or edited; kept and counted, never scored:`));
        for (const [reason, records] of byReason) io.out(paint(io, 'yellow', `  ${reason}: ${[...records].slice(0, 8).join(', ')}${records.size > 8 ? ` and ${records.size - 8} more` : ''}`));
      }
      if (info.readings.length > 0) {
        io.out('Answers not read whole (clinicallab show --unread lists them):');
        io.out(readingTable(info.readings));
        for (const line of truncationNotes(info)) io.out(paint(io, 'yellow', line));
      }
    });
}

/** What a user should know about running jobs nobody is answering any more. */
export function staleNote(n: number): string {
  return `${n} running job${n === 1 ? ' is' : 's are'} stale: ${n === 1 ? 'its' : 'their'} worker stopped or ${n === 1 ? 'its' : 'their'} lease ran out; the next \`clinicallab run\` on this run takes ${n === 1 ? 'it' : 'them'} back.`;
}

/** `its case files no longer match: a.json changed, b.json missing` */
function changedText(info: Pick<RunInfo, 'caseFiles'>): string {
  return `its case files no longer match: ${info.caseFiles.filter((f) => f.state !== 'same').map((f) => `${f.file} ${f.state}`).join(', ')}`;
}

function commonDir(paths: string[]): string {
  const parts = paths.map((p) => p.split('/').slice(0, -1));
  const first = parts[0] ?? [];
  let n = 0;
  while (n < first.length && parts.every((p) => p[n] === first[n])) n++;
  return first.slice(0, n).join('/') || '/';
}
