/**
 * The local viewer: a node:http server that serves the report of every run under a folder, rebuilt when runs
 * appear or change (checked on each request by the folder's listing and the stores' sizes and times). It binds
 * to 127.0.0.1 unless told otherwise, answers only a fixed set of routes — the report of every run, its data and
 * exports, and `/runs/<name>/` for one run named exactly as the folder lists it (anything else is a 404, so no
 * path can reach the file system) — sends the report's Content-Security-Policy as a header, and — when bound to a
 * loopback address — refuses requests whose Host is not a loopback name (DNS rebinding). A run whose store cannot
 * be read is left out of the report and named in it (with the reason), so one damaged run hides no other.
 */
import { existsSync, lstatSync, readdirSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { STORE_FILE } from '../run/store.js';
import { EXPORT_TABLES, exportTable, type ExportFormat, type ExportTable } from './export.js';
import { renderHtmlWithPolicy } from './html.js';
import type { ReportViewModel } from './types.js';
import { buildViewModel, type ViewModelOptions } from './view-model.js';

export const DEFAULT_VIEWER_PORT = 8765;

export interface ViewerOptions extends ViewModelOptions {
  /** The folder whose run directories are shown. */
  root: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Called when building the report fails (the page then shows the error). */
  onError?: (err: unknown) => void;
  /** Called, once per build, for each run that could not be read and is left out (by its directory's name). */
  onUnreadable?: (run: string, reason: string) => void;
}

export interface Viewer {
  url: string;
  host: string;
  port: number;
  server: Server;
  /** The run directories of the report now served. */
  runs(): string[];
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const LOOPBACK_HOST_HEADER = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?$/i;

/** Whether a run directory has a store of its own: a `run.sqlite` that is not a symbolic link (it may be damaged). */
function hasOwnStore(dir: string): boolean {
  try {
    return !lstatSync(join(dir, STORE_FILE)).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Run directories directly under `root`, by name (run ids start with their time, so this is oldest first).
 * Symbolic links are not followed: neither a linked directory nor a linked `run.sqlite` in one is a run of the
 * folder, so nothing outside it can be served.
 */
export function runDirsUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && hasOwnStore(join(root, e.name)))
    .map((e) => join(root, e.name))
    .sort();
}

/** What changes when a run is added, removed or written to. */
export function fingerprint(dirs: readonly string[]): string {
  return dirs
    .map((d) => {
      const parts = [d];
      for (const f of [STORE_FILE, `${STORE_FILE}-wal`]) {
        try {
          const s = statSync(join(d, f));
          parts.push(`${s.size}:${s.mtimeMs}`);
        } catch {
          parts.push('-');
        }
      }
      return parts.join('|');
    })
    .join('\n');
}

/** `/<table>.csv` and `/<table>.json` for every table the exports know. */
const EXPORTS: Record<string, [ExportTable, ExportFormat]> = Object.fromEntries(
  EXPORT_TABLES.flatMap((t) => (['csv', 'json'] as const).map((f) => [`/${t}.${f}`, [t, f] as [ExportTable, ExportFormat]])),
);

/** `/runs/<name>/` (and `/runs/<name>/report.json`): the report of one run, named exactly as its directory. */
const RUN_ROUTE = /^\/runs\/([^/]+)\/(index\.html|report\.json)?$/;

interface Built {
  fp: string;
  dirs: string[];
  vm: ReportViewModel;
  html: string;
  csp: string;
}

export async function startViewer(opts: ViewerOptions): Promise<Viewer> {
  const host = opts.host ?? '127.0.0.1';
  const loopback = LOOPBACK.has(host);
  /** One report per scope: '' for every run, or a run's directory name; each rebuilt when its runs change. */
  const scopes = new Map<string, { built?: Built; building?: Promise<Built>; lastError?: { fp: string; message: string } }>();
  const dirsOf = (scope: string): string[] => runDirsUnder(opts.root).filter((d) => scope === '' || basename(d) === scope);

  const build = async (scope: string): Promise<Built> => {
    const dirs = dirsOf(scope);
    const vm = await buildViewModel(dirs, { ...opts, skipUnreadable: true });
    for (const u of vm.unreadable ?? []) opts.onUnreadable?.(u.name, u.reason);
    const { html, csp } = renderHtmlWithPolicy(vm, { title: scope === '' ? `${dirs.length} run${dirs.length === 1 ? '' : 's'} in ${opts.root}` : scope });
    // taken after building: scoring a run writes to its store, which must not count as a change
    return { fp: fingerprint(dirsOf(scope)), dirs, vm, html, csp };
  };

  /** The current report of a scope, rebuilt if its runs changed; one build at a time per scope. */
  const current = async (scope: string): Promise<Built> => {
    let s = scopes.get(scope);
    if (!s) {
      // a handful of single-run reports are kept besides the whole one
      const singles = [...scopes.keys()].filter((k) => k !== '');
      if (scope !== '' && singles.length >= 4) scopes.delete(singles[0]!);
      scopes.set(scope, (s = {}));
    }
    const fp = fingerprint(dirsOf(scope));
    if (s.built && s.built.fp === fp) return s.built;
    if (s.lastError && s.lastError.fp === fp) throw new Error(s.lastError.message);
    const entry = s;
    entry.building ??= build(scope).finally(() => {
      entry.building = undefined;
    });
    try {
      entry.built = await entry.building;
      entry.lastError = undefined;
      return entry.built;
    } catch (err) {
      entry.lastError = { fp, message: err instanceof Error ? err.message : String(err) };
      opts.onError?.(err);
      throw err;
    }
  };

  const send = (res: ServerResponse, status: number, type: string, body: string, extra: Record<string, string> = {}, head = false): void => {
    res.writeHead(status, {
      'Content-Type': type,
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Resource-Policy': 'same-origin',
      ...extra,
    });
    res.end(head ? undefined : body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) return send(res, 405, 'text/plain; charset=utf-8', 'method not allowed\n', { Allow: 'GET, HEAD' });
    if (loopback && !LOOPBACK_HOST_HEADER.test(req.headers.host ?? '')) return send(res, 403, 'text/plain; charset=utf-8', 'forbidden: unexpected Host header\n', {}, head);
    let path: string;
    try {
      path = new URL(req.url ?? '/', 'http://viewer.invalid').pathname;
    } catch {
      return send(res, 400, 'text/plain; charset=utf-8', 'bad request\n', {}, head);
    }
    const one = RUN_ROUTE.exec(path);
    let scope = '';
    if (one) {
      try {
        scope = decodeURIComponent(one[1]!);
      } catch {
        return send(res, 400, 'text/plain; charset=utf-8', 'bad request\n', {}, head);
      }
      // only a name the folder's listing holds: no path can be built from the request
      if (!runDirsUnder(opts.root).some((d) => basename(d) === scope)) return send(res, 404, 'text/plain; charset=utf-8', 'no such run\n', {}, head);
    }
    const known = one !== null || path === '/' || path === '/index.html' || path === '/report.json' || path in EXPORTS;
    if (!known) return send(res, 404, 'text/plain; charset=utf-8', 'not found\n', {}, head);
    let report: Built;
    try {
      report = await current(scope);
    } catch (err) {
      return send(res, 500, 'text/plain; charset=utf-8', `could not build the report: ${err instanceof Error ? err.message : String(err)}\n`, {}, head);
    }
    if (path === '/' || path === '/index.html' || (one && one[2] !== 'report.json')) return send(res, 200, 'text/html; charset=utf-8', report.html, { 'Content-Security-Policy': report.csp }, head);
    if (path === '/report.json' || one) return send(res, 200, 'application/json; charset=utf-8', JSON.stringify(report.vm), {}, head);
    const [table, format] = EXPORTS[path]!;
    return send(res, 200, format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8', exportTable(report.vm, table, format), {}, head);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', `internal error: ${err instanceof Error ? err.message : String(err)}\n`);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? DEFAULT_VIEWER_PORT, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/`,
    host,
    port,
    server,
    runs: () => scopes.get('')?.built?.dirs ?? [],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
