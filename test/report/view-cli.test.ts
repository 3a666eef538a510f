/**
 * `clinicallab view` from the command line, as a user starts it: a child process running bin/clinicallab.js (the
 * build) on a folder of two runs with `--port 0`. It prints where it listens, binds to 127.0.0.1 only, serves the
 * report of every run and of each run with its Content-Security-Policy, and stops cleanly on SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportViewModel } from '../../src/report/types.js';
import { ROOT, tempDir } from '../helpers.js';
import { makeRun } from './fixture.js';

const BIN = join(ROOT, 'bin', 'clinicallab.js');
const FIRST = '20260101-000000-first';
const SECOND = '20260102-000000-second';

let root: string;
let child: ChildProcess;
let url: string;
let stdout = '';
let stderr = '';

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host, port });
    s.setTimeout(2000);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.once('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist', 'cli', 'main.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  root = tempDir();
  await makeRun(join(root, FIRST), ['urology'], { models: ['baseline'] });
  await makeRun(join(root, SECOND), ['neurology'], { models: ['baseline'] });
  child = spawn(process.execPath, [BIN, 'view', root, '--port', '0', '--no-ci'], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.setEncoding('utf8').on('data', (t: string) => (stdout += t));
  child.stderr!.setEncoding('utf8').on('data', (t: string) => (stderr += t));
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the viewer did not say where it listens:\n${stdout}\n${stderr}`)), 30_000);
    const look = (): void => {
      const m = /Open (http:\/\/\S+\/)/.exec(stdout);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', look);
    child.once('exit', (code) => reject(new Error(`the viewer exited (${code}):\n${stdout}\n${stderr}`)));
  });
}, 90_000);

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

describe('clinicallab view (command line)', () => {
  it('says what it serves and listens on 127.0.0.1, on a port it picked', async () => {
    expect(stdout).toContain(`Serving 2 runs from ${root}`);
    const u = new URL(url);
    expect(u.hostname).toBe('127.0.0.1');
    const port = Number(u.port);
    expect(port).toBeGreaterThan(0);
    expect(await accepts('127.0.0.1', port)).toBe(true);
    // not on any other address of this machine
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && a.family === 'IPv4' && !a.internal)
      .map((a) => a!.address);
    for (const address of others) expect(await accepts(address, port), address).toBe(false);
    expect(stderr).not.toContain('warning');
  });

  it('serves the report of every run with its Content-Security-Policy', async () => {
    const r = await fetch(url);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'none'");
    const html = await r.text();
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${csp.replace(/'/g, '&#39;')}">`);
    expect(html).toContain(`<title>ClinicalLab report — 2 runs in ${root}</title>`);
    const data = (await (await fetch(new URL('report.json', url))).json()) as ReportViewModel;
    expect(data.runs.map((x) => x.name)).toEqual([FIRST, SECOND]);
  });

  it("serves one run's report by its name, and nothing else by path", async () => {
    const r = await fetch(new URL(`runs/${SECOND}/`, url));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-security-policy')).toContain("script-src 'sha256-");
    expect(await r.text()).toContain(`<title>ClinicalLab report — ${SECOND}</title>`);
    const data = (await (await fetch(new URL(`runs/${SECOND}/report.json`, url))).json()) as ReportViewModel;
    expect(data.runs.map((x) => x.name)).toEqual([SECOND]);
    expect(new Set(data.cases.map((c) => c.department))).toEqual(new Set(['neurology']));
    for (const path of ['runs/nope/', 'runs/..%2F..%2Fetc/', `runs/${FIRST}/run.sqlite`, `${FIRST}/run.sqlite`]) {
      expect((await fetch(new URL(path, url))).status, path).toBe(404);
    }
    const csv = await fetch(new URL('agents.csv', url));
    expect([csv.status, csv.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8']);
  });

  it('stops on SIGTERM, exit status 0', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await accepts('127.0.0.1', Number(new URL(url).port))).toBe(false);
  });
});
