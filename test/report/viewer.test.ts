/**
 * The local viewer on 127.0.0.1 and a free port: it serves the report and its exports with a policy header,
 * answers nothing but its routes (no way to a file by path, encoded or not), refuses foreign Host headers and
 * other methods, and shows a run that appears while it is running without a restart.
 */
import { request } from 'node:http';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViewer, type Viewer } from '../../src/report/viewer.js';
import type { ReportViewModel } from '../../src/report/types.js';
import { runCli, tempDir } from '../helpers.js';
import { emptyLexiconContext, makeRun } from './fixture.js';

let root: string;
let viewer: Viewer;

/** A raw request: the path goes out exactly as written (no URL normalisation). */
function get(path: string, opts: { method?: string; host?: string } = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: viewer.port, path, method: opts.method ?? 'GET', headers: { host: opts.host ?? `127.0.0.1:${viewer.port}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  root = tempDir();
  await makeRun(join(root, '20260101-000000-first'), ['urology'], { models: ['baseline'] });
  mkdirSync(join(root, 'not-a-run'));
  viewer = await startViewer({ root, port: 0, context: emptyLexiconContext(), ci: false });
}, 60_000);
afterAll(async () => viewer.close());

describe('clinicallab view', () => {
  it('listens on 127.0.0.1 and serves the report with its Content-Security-Policy', async () => {
    expect(viewer.host).toBe('127.0.0.1');
    expect(viewer.url).toBe(`http://127.0.0.1:${viewer.port}/`);
    const r = await get('/');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'sha256-");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.body).toContain('id="report-data"');
    expect((await get('/index.html')).status).toBe(200);
    expect((await get('/', { method: 'HEAD' })).body).toBe('');
  });

  it('serves the report data and the exports', async () => {
    const data = JSON.parse((await get('/report.json')).body) as ReportViewModel;
    expect(data.runs.map((r) => r.name)).toEqual(['20260101-000000-first']);
    const csv = await get('/leaderboard.csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n')[1]).toMatch(/^baseline,run,/);
    expect((await get('/cases.json')).status).toBe(200);
    expect((await get('/departments.csv')).status).toBe(200);
  });

  it('answers only its routes: paths to files are 404, encoded or not', async () => {
    for (const path of ['/../../../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd', '/20260101-000000-first/run.sqlite', '/run.sqlite', '//etc/passwd', '/report.json/../run.sqlite', '/favicon.ico', '/index.html%00.txt']) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.body).toBe('not found\n');
    }
  });

  it('refuses other methods and requests for another host (DNS rebinding)', async () => {
    const post = await get('/', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect((await get('/', { host: 'evil.example:80' })).status).toBe(403);
    expect((await get('/', { host: `localhost:${viewer.port}` })).status).toBe(200);
  });

  it('shows a new run without a restart', async () => {
    await makeRun(join(root, '20260102-000000-second'), ['neurology'], { models: ['baseline'] });
    const data = JSON.parse((await get('/report.json')).body) as ReportViewModel;
    expect(data.runs.map((r) => r.name)).toEqual(['20260101-000000-first', '20260102-000000-second']);
    expect(data.models.map((m) => m.label)).toEqual(['baseline (20260101-000000-first)', 'baseline (20260102-000000-second)']);
    expect(viewer.runs()).toHaveLength(2);
  }, 60_000);

  it('has --help, and refuses a bad port', async () => {
    const help = await runCli('view', '--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('--port <n>');
    expect(help.out).toContain('127.0.0.1');
    expect((await runCli('view', root, '--port', 'eighty')).code).toBe(2);
  });
});
