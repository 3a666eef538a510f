/** `clinicallab view [runs-dir]`: a local web viewer of every run in a folder, following new runs as they appear. */
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { EXPORT_TABLES } from '../../report/export.js';
import { DEFAULT_VIEWER_PORT, runDirsUnder, startViewer } from '../../report/viewer.js';
import { RUNS_DIR } from '../../run/setup.js';
import { paint, type Io } from '../io.js';
import { UsageError } from '../common.js';
import { reportOptions, viewModelOptions, type ReportFlags } from './report-shared.js';

interface Options extends ReportFlags {
  port?: string;
  host?: string;
  ci?: boolean;
}

/** Resolves when the process is asked to stop (Ctrl-C or SIGTERM). */
function untilStopped(): Promise<void> {
  return new Promise((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

export function register(program: Command, io: Io): void {
  reportOptions(
    program
      .command('view')
      .description('serve the report of every run in a folder on a local web server, updated as runs appear and progress')
      .argument('[runs-dir]', 'folder holding run directories', RUNS_DIR)
      .option('--port <n>', `port to listen on (0 picks a free one; default ${DEFAULT_VIEWER_PORT})`)
      .option('--host <address>', 'address to bind (default 127.0.0.1, this machine only)')
      .option('--no-ci', 'skip the bootstrap intervals (faster with many large runs)'),
  )
    .addHelpText(
      'after',
      `
The viewer reads the runs' stores on each page load and rebuilds the report when a run was added or has new
answers; nothing is written except the scores of runs that have none yet. Routes: / (the report of every
run), /report.json (its data), /<table>.csv and /<table>.json for ${EXPORT_TABLES.join(', ')}, and
/runs/<name>/ (and /runs/<name>/report.json) for one run by its directory's name. A run that cannot be read
(a damaged run.sqlite) is left out and named on the page; symbolic links (a linked run directory, or a linked
run.sqlite in one) are not followed. It listens on 127.0.0.1
unless --host says otherwise: anyone who can reach the address you give can read every case and answer.`,
    )
    .action(async (dir: string, opts: Options) => {
      const port = opts.port === undefined ? DEFAULT_VIEWER_PORT : Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port should be a whole number from 0 to 65535');
      const root = resolve(dir);
      const vmOpts = await viewModelOptions(opts);
      let viewer;
      try {
        viewer = await startViewer({
          ...vmOpts,
          ...(opts.ci === false ? { ci: false } : {}),
          root,
          port,
          ...(opts.host ? { host: opts.host } : {}),
          onError: (err) => io.err(`${paint(io, 'red', 'error')}: building the report: ${err instanceof Error ? err.message : String(err)}`),
          onUnreadable: (run, reason) => io.err(`${paint(io, 'yellow', 'warning')}: run ${run} could not be read and is left out of the report: ${reason}`),
        });
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EADDRINUSE') throw new UsageError(`port ${port} is in use; pick another with --port (0 picks a free one)`);
        throw err;
      }
      const n = runDirsUnder(root).length;
      io.out(`Serving ${n} run${n === 1 ? '' : 's'} from ${root}${n === 0 ? ' (none yet: new runs appear when you reload)' : ''}`);
      if (opts.host && !['127.0.0.1', '::1', 'localhost'].includes(opts.host)) io.err(paint(io, 'yellow', `warning: listening on ${opts.host}: anyone who can reach it can read every case and answer`));
      io.out(paint(io, 'bold', `Open ${viewer.url}  (Ctrl-C to stop)`));
      await untilStopped();
      await viewer.close();
    });
}
