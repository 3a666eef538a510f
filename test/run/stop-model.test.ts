/**
 * When asking a model again would only waste requests and time, the runner stops that model and leaves its
 * jobs pending for a later resume: a refused key (401/403) stops it at the first refusal and says which variable
 * the key came from; a server that asks for a wait longer than clinicallab grants gets one shared pause, and
 * stops the model if it asks again. Limits that timers cannot keep (--timeout past a day) are usage errors.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import type { Behaviour } from '../support/mock-openai.js';
import { runCli, tempDir } from '../helpers.js';
import { mockFixture, mockRun, type Fixture } from './harness.js';
import { startMockOpenAI, type MockServer } from '../support/mock-openai.js';

const KEY = 'sk-refused-5e1d0c9b8a7f6e';
const UROLOGY = join(BUNDLED_CASES_DIR, 'urology.json');
let server: MockServer;
let f: Fixture;

beforeAll(async () => {
  ({ server, ...f } = await mockFixture());
});
afterAll(async () => server.close());
beforeEach(() => server.reset());

async function withKey<T>(fn: () => Promise<T>): Promise<T> {
  const saved = process.env.OPENAI_COMPATIBLE_API_KEY;
  process.env.OPENAI_COMPATIBLE_API_KEY = KEY;
  try {
    return await fn();
  } finally {
    if (saved === undefined) delete process.env.OPENAI_COMPATIBLE_API_KEY;
    else process.env.OPENAI_COMPATIBLE_API_KEY = saved;
  }
}

describe('a refused key', () => {
  it.each([401, 403])('(%i) stops the model at the first refusal, names the key variable, and leaves every job pending for a resume', async (status) => {
    server.respond({ kind: 'server-error', status, message: `key ${KEY} is not valid here` });
    const dir = tempDir();
    const args = ['run', '--model', `openai-compatible:mock-model@${server.url}`, '--cases', UROLOGY, '--tasks', 'department', '--concurrency', '1', '--no-cache', '--out', dir];
    const refused = await withKey(() => runCli(...args));
    expect(refused.code).toBe(1);
    expect(server.calls).toHaveLength(1); // one request, not one per job
    expect(refused.err).toContain(`stopped: openai-compatible:mock-model@${server.url}: the server refused the key (${status}; the key came from the environment variable OPENAI_COMPATIBLE_API_KEY)`);
    expect(refused.err).toContain('Its 6 unanswered jobs are left pending: run the same command again to continue.');
    expect(refused.out + refused.err).not.toContain(KEY);
    expect(refused.out).toMatch(/Whole run: 0\/6 done, 0 errors, 6 pending/);

    server.reset();
    server.respond({ kind: 'ok' });
    const resumed = await withKey(() => runCli(...args));
    expect(resumed.code).toBe(0);
    expect(server.calls).toHaveLength(6);
    expect(resumed.out).toMatch(/Whole run: 6\/6 done, 0 errors, 0 pending/);
  });
});

describe('a server asking for a very long wait', () => {
  const backoff = { baseMs: 5, maxMs: 40, maxRetryAfterMs: 200 };

  it('pauses all the model’s jobs once, then stops the model when asked again: a few requests, no errors, all pending', async () => {
    server.respond({ kind: 'rate-limit', retryAfterSeconds: 3600 });
    const started = Date.now();
    const { result, events, info } = await mockRun(server, f, { cases: f.loaded.cases, flags: { concurrency: 3, maxRetries: 5 }, backoff });
    expect(Date.now() - started).toBeLessThan(20_000); // not the hour asked for, with room for a loaded machine
    expect(result).toMatchObject({ done: 0, errors: 0, pending: 6 });
    expect(info.totals).toMatchObject({ pending: 6, error: 0, running: 0 });
    expect(server.calls.length).toBeLessThanOrEqual(6); // at most the first wave and one after the pause
    const stops = events.filter((e) => e.type === 'model-stopped');
    expect(stops).toHaveLength(1);
    expect(stops[0]).toMatchObject({ pending: 6, message: expect.stringContaining('asked again to wait 3600 s') });
  });

  it('goes on after the one pause when the server then answers, every job done', async () => {
    // a server of its own: requests the stopped model of the test before abandoned must not take these answers
    const own = await startMockOpenAI();
    own.respond(Array<Behaviour>(3).fill({ kind: 'rate-limit', retryAfterSeconds: 3600 }), { kind: 'ok' });
    const { result, events, retries } = await mockRun(own, f, { cases: f.loaded.cases, flags: { concurrency: 3 }, backoff }).finally(() => own.close());
    expect(result).toMatchObject({ done: 6, errors: 0, pending: 0 });
    expect(events.some((e) => e.type === 'model-stopped')).toBe(false);
    // each refused job waited out the pause (the maximum), once
    expect(retries.map((r) => [r.kind, r.delayMs])).toEqual([
      ['rate-limit', 200],
      ['rate-limit', 200],
      ['rate-limit', 200],
    ]);
  });
});

describe('--timeout', () => {
  it.each(['2147484', '1e12', '0', 'soon'])('%s is a usage error (exit 2) that gives the range, before anything is written', async (value) => {
    const dir = join(tempDir(), 'run');
    const r = await runCli('run', '--model', `openai-compatible:mock-model@${server.url}`, '--cases', UROLOGY, '--timeout', value, '--out', dir);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--timeout "${value}" should be a number from 0.001 to 86400`);
    expect(existsSync(dir)).toBe(false);
    expect(server.calls).toHaveLength(0);
  });

  it('in a config file, past a day, is refused (an input error, exit 1) with the file and the field', async () => {
    const config = join(tempDir(), 'clinicallab.config.yaml');
    writeFileSync(config, `models:\n  - spec: openai-compatible:mock-model@${server.url}\n    timeoutMs: 1000000000000\n`);
    const r = await runCli('run', '--config', config, '--cases', UROLOGY, '--out', join(tempDir(), 'run'));
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${config}: \`models[0].timeoutMs\` should be at most 86400000 (a day)`);
    expect(server.calls).toHaveLength(0);
  });
});
