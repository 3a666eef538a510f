/**
 * Exit status and status reports as several workers and bad input meet them: a worker that finishes while others
 * still hold live leases on the last jobs exits 0 and says so; a killed worker's jobs are reported as stale by
 * `show` and `runs` until the next run takes them back; `run` on case files with errors runs the valid records
 * and still exits 1.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import { fixture, ROOT, runCli, tempDir } from '../helpers.js';
import { startMockOpenAI, type MockServer } from '../support/mock-openai.js';

const BIN = join(ROOT, 'bin', 'clinicallab.js');
const UROLOGY = join(BUNDLED_CASES_DIR, 'urology.json');
let server: MockServer;
beforeAll(async () => {
  server = await startMockOpenAI();
});
afterAll(async () => server.close());

interface Worker {
  done: Promise<{ code: number | null; output: string }>;
  kill(): void;
}

function worker(args: string[]): Worker {
  const p = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  p.stdout.on('data', (d: Buffer) => (output += d.toString()));
  p.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return { done: new Promise((resolve) => p.once('close', (code) => resolve({ code, output }))), kill: () => p.kill('SIGKILL') };
}

const runArgs = (dir: string): string[] => ['run', '--model', `openai-compatible:mock-model@${server.url}`, '--cases', UROLOGY, '--tasks', 'department', '--concurrency', '1', '--no-cache', '--out', dir];

describe('two workers on one run', () => {
  it('both exit 0 when the run completes cleanly; the one that ends first says the others are still at work', async () => {
    server.reset();
    // the sixth and last request is slow: whoever sent it is still at work when the other worker runs out of jobs
    server.respond((call) => (call.index === 5 ? { kind: 'slow', delayMs: 5000 } : { kind: 'ok', delayMs: 150 }));
    const dir = tempDir();
    const a = worker(runArgs(dir));
    await new Promise((r) => setTimeout(r, 400));
    const b = worker(runArgs(dir));
    const [ra, rb] = await Promise.all([a.done, b.done]);
    expect([ra.code, rb.code]).toEqual([0, 0]);
    expect(server.calls).toHaveLength(6); // no job asked twice
    const early = [ra, rb].filter((r) => r.output.includes('This worker is done: the other 1 job is being answered by other workers on this run'));
    expect(early).toHaveLength(1);
    expect((await runCli('show', dir)).out).toMatch(/— complete/);
  });
});

describe('a killed worker', () => {
  it('leaves jobs that show and runs report as stale, and the next run takes them back', async () => {
    server.reset();
    server.respond({ kind: 'never' });
    const root = tempDir();
    const dir = join(root, 'killed');
    const w = worker(runArgs(dir));
    for (let i = 0; i < 100 && server.calls.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(server.calls.length).toBeGreaterThan(0);
    w.kill();
    await w.done;
    const show = await runCli('show', dir);
    expect(show.out).toContain('1 running job is stale: its worker stopped or its lease ran out; the next `clinicallab run` on this run takes it back.');
    expect((await runCli('runs', root)).out).toMatch(/killed\s+incomplete, 1 stale/);
    server.reset();
    server.respond({ kind: 'ok' });
    const resumed = await runCli(...runArgs(dir));
    expect(resumed.code).toBe(0);
    expect((await runCli('show', dir)).out).not.toContain('stale');
  });
});

describe('run on case files with errors', () => {
  it('runs and scores the valid records, and exits 1 saying the input had errors', async () => {
    const r = await runCli('run', '--cases', fixture('broken', 'mixed.jsonl'), '--out', join(tempDir(), 'run'), '--no-cache');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/Whole run: (\d+)\/\1 done, 0 errors, 0 pending/);
    expect(r.err).toContain('The case files had errors (listed above): 7 records were not run.');
  });
});
