/**
 * Fault injection against the loopback model server (the hardening issue's list). For every fault: when it
 * outlasts every retry, each job ends as an error of the right kind — never an answer — the counts of the run
 * say so, and a re-run with --retry-errors asks exactly the failed jobs again and completes the set. Bursts that
 * end before the retries do are absorbed. Retry-After is honoured in its standard form (seconds), up to a maximum.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RunStore } from '../../src/run/store.js';
import { startMockOpenAI, type Behaviour, type MockServer } from '../support/mock-openai.js';
import { runCli, tempDir } from '../helpers.js';
import { fixture, mockRun, type Fixture } from './harness.js';

let server: MockServer;
let f: Fixture;

beforeAll(async () => {
  server = await startMockOpenAI();
  f = await fixture();
});
afterAll(async () => server.close());
beforeEach(() => {
  server.reset();
  server.respond({ kind: 'ok' });
});

interface Fault {
  name: string;
  behaviour: Behaviour;
  kind: string;
  /** Part of the stored error message. */
  says: RegExp;
  timeoutMs?: number;
}

const FAULTS: Fault[] = [
  { name: '429 with Retry-After', behaviour: { kind: 'rate-limit', retryAfterMs: 20 }, kind: 'rate-limit', says: /HTTP 429/ },
  { name: '429 without Retry-After', behaviour: { kind: 'rate-limit' }, kind: 'rate-limit', says: /HTTP 429/ },
  { name: '500', behaviour: { kind: 'server-error', status: 500 }, kind: 'server', says: /HTTP 500/ },
  { name: '502', behaviour: { kind: 'server-error', status: 502 }, kind: 'server', says: /HTTP 502/ },
  { name: '503', behaviour: { kind: 'server-error', status: 503 }, kind: 'server', says: /HTTP 503/ },
  { name: 'slow responses (past the timeout)', behaviour: { kind: 'slow', delayMs: 1500 }, kind: 'timeout', says: /no answer within 300 ms/, timeoutMs: 300 },
  { name: 'stalled responses', behaviour: { kind: 'never' }, kind: 'timeout', says: /no answer within 300 ms/, timeoutMs: 300 },
  { name: 'connection resets', behaviour: { kind: 'drop' }, kind: 'network', says: /.+/ },
  { name: 'truncated bodies', behaviour: { kind: 'truncated' }, kind: 'invalid-response', says: /.+/ },
  { name: 'non-JSON bodies', behaviour: { kind: 'non-json' }, kind: 'invalid-response', says: /.+/ },
  { name: 'empty completions', behaviour: { kind: 'empty' }, kind: 'empty-response', says: /empty answer/ },
];

describe('a fault that outlasts every retry', () => {
  it.each(FAULTS)('$name: every job is an error of kind $kind, and --retry-errors completes the set', async (fault) => {
    const dir = tempDir();
    server.respond(fault.behaviour);
    const flags = { maxRetries: 2, concurrency: 2, ...(fault.timeoutMs ? { timeoutMs: fault.timeoutMs } : {}) };
    const first = await mockRun(server, f, { dir, flags });
    expect(first.result).toMatchObject({ done: 0, errors: 2, pending: 0 });
    expect(server.calls).toHaveLength(6); // 2 jobs × (1 try + 2 retries), and no more
    expect(first.retries.map((r) => r.kind)).toEqual(Array(4).fill(fault.kind));
    expect(first.info.status).toBe('errors');
    expect(first.info.totals).toMatchObject({ done: 0, error: 2, pending: 0, running: 0 });
    expect(first.info.errorsByKind).toEqual([{ kind: fault.kind, n: 2, example: expect.stringMatching(fault.says) }]);
    const store = RunStore.open(dir);
    expect(store.jobs().map((j) => [j.status, j.response, j.attempts])).toEqual([['error', null, 3], ['error', null, 3]]);
    store.close();

    // the fault is over; only the errored jobs are asked again, once each
    await settled();
    server.reset();
    server.respond({ kind: 'ok' });
    const retried = await mockRun(server, f, { dir, flags, retryErrors: true });
    expect(retried.result).toMatchObject({ done: 2, errors: 0, pending: 0 });
    expect(server.calls).toHaveLength(2);
    expect(retried.info.status).toBe('complete');
    expect(retried.info.errorsByKind).toEqual([]);
  });
});

/** Wait until requests cut off by a timeout have all reached (and left) the server. */
async function settled(): Promise<void> {
  for (let seen = -1; seen !== server.calls.length || server.inFlight() > 0; ) {
    seen = server.calls.length;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a burst that ends before the retries do', () => {
  it('four 429s in a row, then answers: done, no error, one call per attempt', async () => {
    server.respond([{ kind: 'rate-limit', retryAfterMs: 10 }, { kind: 'rate-limit' }, { kind: 'rate-limit', retryAfterMs: 10 }, { kind: 'rate-limit' }], { kind: 'ok' });
    const { result, retries, info } = await mockRun(server, f, { cases: f.loaded.cases.slice(0, 1), flags: { maxRetries: 5, concurrency: 1 } });
    expect(result).toMatchObject({ done: 1, errors: 0 });
    expect(retries.map((r) => r.kind)).toEqual(['rate-limit', 'rate-limit', 'rate-limit', 'rate-limit']);
    expect(server.calls).toHaveLength(5);
    expect(info.status).toBe('complete');
  });

  it('a burst of 429s across concurrent jobs: every job done, none counted twice', async () => {
    server.respond(Array<Behaviour>(6).fill({ kind: 'rate-limit', retryAfterMs: 15 }), { kind: 'ok' });
    const { result, info } = await mockRun(server, f, { cases: f.loaded.cases, flags: { maxRetries: 6, concurrency: 4 } });
    expect(result).toMatchObject({ done: 6, errors: 0 });
    expect(server.calls).toHaveLength(12);
    expect(info.totals).toMatchObject({ done: 6, all: 6 });
  });
});

describe('Retry-After', () => {
  it('honours the standard header in seconds (Retry-After: 1)', async () => {
    server.respond([{ kind: 'rate-limit', retryAfterSeconds: 1 }], { kind: 'ok' });
    const { result, retries } = await mockRun(server, f, { cases: f.loaded.cases.slice(0, 1), flags: { concurrency: 1 } });
    expect(result).toMatchObject({ done: 1, errors: 0 });
    expect(retries.map((r) => r.delayMs)).toEqual([1000]);
    expect(server.calls[1]!.receivedAt - server.calls[0]!.receivedAt).toBeGreaterThanOrEqual(990);
  });

  it('does not hang on Retry-After: 3600: the model pauses once for the maximum, then stops, its job left pending', async () => {
    server.respond({ kind: 'rate-limit', retryAfterSeconds: 3600 });
    const started = Date.now();
    const { result, retries, info, events } = await mockRun(server, f, { cases: f.loaded.cases.slice(0, 1), flags: { maxRetries: 2 }, backoff: { baseMs: 5, maxMs: 40, maxRetryAfterMs: 200 } });
    expect(Date.now() - started).toBeLessThan(20_000); // an hour asked for: waited 200 ms, with room for a loaded machine
    expect(result).toMatchObject({ done: 0, errors: 0, pending: 1 });
    expect(retries.map((r) => r.delayMs)).toEqual([200]);
    expect(info.totals).toMatchObject({ pending: 1, error: 0 });
    expect(events.filter((e) => e.type === 'model-stopped').map((e) => (e as { message: string }).message)).toEqual(['the server asked again to wait 3600 s, longer than the 200 ms clinicallab waits, after a pause of 200 ms']);
  });

  it('with no retries left, a long Retry-After ends the job as an error that says what the server asked', async () => {
    server.respond({ kind: 'rate-limit', retryAfterSeconds: 3600 });
    const { result, info } = await mockRun(server, f, { cases: f.loaded.cases.slice(0, 1), flags: { maxRetries: 0 }, backoff: { baseMs: 5, maxMs: 40, maxRetryAfterMs: 200 } });
    expect(result).toMatchObject({ done: 0, errors: 1 });
    expect(info.errorsByKind[0]!.example).toContain('the server asked to wait 3600 s, longer than the 200 ms clinicallab waits');
  });

  it('stopping the run ends a long Retry-After wait at once and leaves the job pending', async () => {
    server.respond({ kind: 'rate-limit', retryAfterSeconds: 3600 }); // capped at the default 60 s — still long
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const { result, info } = await mockRun(server, f, { cases: f.loaded.cases.slice(0, 1), backoff: { baseMs: 5, maxMs: 40 }, signal: controller.signal });
    expect(Date.now() - started).toBeLessThan(20_000); // not the 60 s wait, even on a machine at full load
    expect(result).toMatchObject({ done: 0, errors: 0, pending: 1, interrupted: true });
    expect(info.totals).toMatchObject({ pending: 1, running: 0 });
  });
});

describe('clinicallab run --retry-errors <run>', () => {
  it('re-runs, from the command line, only the jobs that ended in error, and completes the run', async () => {
    const dir = tempDir();
    const model = `openai-compatible:mock-model@${server.url}`;
    server.respond({ kind: 'server-error', status: 503 });
    const failed = await runCli('run', '--model', model, '--limit', '3', '--tasks', 'department', '--max-retries', '0', '--no-cache', '--out', dir);
    expect(failed.code).toBe(1);
    expect(server.calls).toHaveLength(3);
    expect((await runCli('show', dir)).out).toMatch(/3 × server: HTTP 503/);

    server.reset();
    server.respond({ kind: 'ok' });
    const retried = await runCli('run', '--retry-errors', dir, '--no-cache');
    expect(retried.code).toBe(0);
    expect(retried.out).toContain('Retrying 3 jobs that had ended in error.');
    expect(server.calls).toHaveLength(3);
    expect(server.calls.every((c) => c.model === 'mock-model')).toBe(true); // the run's own model, from its manifest
    const shown = await runCli('show', dir, '--json');
    expect(JSON.parse(shown.out)).toMatchObject({ status: 'complete', totals: { done: 3, error: 0, all: 3 } });
  });
});
