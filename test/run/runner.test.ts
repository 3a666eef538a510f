/**
 * The runner against a real loopback HTTP server: every way a model server misbehaves ends in `done` or
 * `error` with the right reason — never a silent wrong answer — and the counts are right.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import type { LoadResult } from '../../src/bench/loader.js';
import { ResponseCache } from '../../src/run/cache.js';
import { RunStore } from '../../src/run/store.js';
import type { TemplateSet } from '../../src/tasks/templates.js';
import type { MockServer } from '../support/mock-openai.js';
import { tempDir } from '../helpers.js';
import { mockFixture, mockRun, type MockRunOptions } from './harness.js';

let server: MockServer;
let loaded: LoadResult;
let templates: TemplateSet;
const taxonomy = DepartmentTaxonomy.default();

beforeAll(async () => {
  ({ server, loaded, templates } = await mockFixture());
});
afterAll(async () => server.close());
beforeEach(() => {
  server.reset();
  server.respond({ kind: 'ok' });
});

/** The runner against the loopback server (see harness.ts), with one more retry than the harness gives. */
async function run(o: MockRunOptions = {}) {
  return mockRun(server, { loaded, templates }, { ...o, flags: { maxRetries: 3, ...o.flags } });
}

describe('a well-behaved server', () => {
  it('answers every job once, stores the raw and parsed answer, tokens and latency', async () => {
    const { result, info, dir } = await run({ kinds: ['department-guide', 'clinical-diagnosis'] });
    expect(result).toMatchObject({ done: 4, errors: 0, pending: 0 });
    expect(server.calls).toHaveLength(4);
    const store = RunStore.open(dir);
    const jobs = store.jobs();
    store.close();
    expect(info.status).toBe('complete');
    const diagnosis = jobs.find((j) => j.kind === 'clinical-diagnosis')!;
    expect(JSON.parse(diagnosis.parsed!).found).toHaveLength(6);
    expect(diagnosis.inputTokens).toBeGreaterThan(100);
    expect(diagnosis.latencyMs).toBeGreaterThanOrEqual(0);
    expect(server.calls.every((c) => (c.body as { temperature?: number }).temperature === 0)).toBe(true);
  });

  it('keeps the server saturated at the concurrency asked for, and not above', async () => {
    server.respond({ kind: 'ok', delayMs: 40 });
    const { result } = await run({ cases: loaded.cases, kinds: ['department-guide', 'department-guide-3'], flags: { concurrency: 5 } });
    expect(result.done).toBe(12);
    expect(server.maxInFlight()).toBe(5);
  });
});

describe('a server that pushes back or breaks', () => {
  it('waits out 429 + Retry-After and then succeeds', async () => {
    server.respond([{ kind: 'rate-limit', retryAfterMs: 150 }], { kind: 'ok' });
    const started = Date.now();
    const { result, events } = await run({ cases: loaded.cases.slice(0, 1), flags: { concurrency: 1 } });
    expect(result).toMatchObject({ done: 1, errors: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(events.filter((e) => e.type === 'retry').map((e) => (e as { kind: string }).kind)).toEqual(['rate-limit']);
    expect(server.calls).toHaveLength(2);
  });

  it('retries 429 without Retry-After, 5xx, dropped connections, truncated and non-JSON bodies and empty answers', async () => {
    server.respond([{ kind: 'rate-limit' }, { kind: 'server-error', status: 503 }, { kind: 'drop' }, { kind: 'truncated' }, { kind: 'non-json' }, { kind: 'empty' }], { kind: 'ok' });
    const { result, events } = await run({ cases: loaded.cases.slice(0, 1), flags: { concurrency: 1, maxRetries: 6 } });
    expect(result).toMatchObject({ done: 1, errors: 0 });
    expect(events.filter((e) => e.type === 'retry').map((e) => (e as { kind: string }).kind)).toEqual([
      'rate-limit',
      'server',
      'network',
      'invalid-response',
      'invalid-response',
      'empty-response',
    ]);
  });

  it('records an error after the last retry, keeps it out of the answers, and --retry-errors completes the set', async () => {
    server.respond({ kind: 'server-error' });
    const dir = tempDir();
    const first = await run({ dir, flags: { maxRetries: 2 } });
    expect(first.result).toMatchObject({ done: 0, errors: 2, pending: 0 });
    expect(server.calls).toHaveLength(6); // 2 jobs × (1 + 2 retries)
    expect(first.info.status).toBe('errors');
    expect(first.info.errorsByKind).toEqual([{ kind: 'server', n: 2, example: expect.stringMatching(/HTTP 500.*after 3 attempts/) }]);
    const store = RunStore.open(dir);
    expect(store.jobs().every((j) => j.response === null && j.parsed === null)).toBe(true);
    store.close();
    // the same run, without --retry-errors, leaves errors alone
    server.respond({ kind: 'ok' });
    expect((await run({ dir })).result.done).toBe(0);
    const retried = await run({ dir, retryErrors: true });
    expect(retried.result).toMatchObject({ done: 2, errors: 0 });
    expect(retried.info.status).toBe('complete');
  });

  it('gives up on a server that never answers, as a timeout', async () => {
    server.respond({ kind: 'never' });
    const { result, info } = await run({ cases: loaded.cases.slice(0, 1), flags: { timeoutMs: 200, maxRetries: 1 } });
    expect(result).toMatchObject({ done: 0, errors: 1 });
    expect(info.errorsByKind[0]).toMatchObject({ kind: 'timeout', example: expect.stringContaining('no answer within 200 ms') });
  });

  it('does not retry a request the server rejects (400)', async () => {
    server.respond({ kind: 'server-error', status: 400 });
    const { result, info } = await run({ cases: loaded.cases.slice(0, 1) });
    expect(result.errors).toBe(1);
    expect(server.calls).toHaveLength(1);
    expect(info.errorsByKind[0]!.kind).toBe('bad-request');
  });

  it('halves its concurrency when the server pushes back', async () => {
    const seenAtArrival: number[] = [];
    server.respond((call) => {
      seenAtArrival[call.index] = server.inFlight();
      return call.index === 3 ? { kind: 'rate-limit', retryAfterMs: 50 } : { kind: 'ok', delayMs: 30 };
    });
    const { result } = await run({ cases: loaded.cases, kinds: ['department-guide', 'department-guide-3', 'department-guide-5'], flags: { concurrency: 8 } });
    expect(result.done).toBe(18);
    expect(Math.max(...seenAtArrival.slice(0, 8))).toBeGreaterThanOrEqual(7); // counted on arrival, before itself
    // after the 429 the limit is halved to 4, then creeps back up one step per window of successes
    expect(Math.max(...seenAtArrival.slice(8))).toBeLessThan(7);
  });
});

describe('the response cache', () => {
  it('answers a new run from the cache without calling the server, and never caches errors', async () => {
    const cache = new ResponseCache(tempDir());
    server.respond([{ kind: 'server-error', status: 400 }], { kind: 'ok' });
    const first = await run({ cache, kinds: ['department-guide'] });
    expect(first.result).toMatchObject({ done: 1, errors: 1 });
    server.reset();
    const second = await run({ cache, kinds: ['department-guide'] });
    expect(second.result).toMatchObject({ done: 2, cached: 1, errors: 0 });
    expect(server.calls).toHaveLength(1); // only the job that had failed
    cache.close();
  });
});

describe('the budget', () => {
  it('stops scheduling before --max-cost would be passed, says so, and leaves the rest pending', async () => {
    server.respond({ kind: 'ok', delayMs: 10 });
    const price = { input: 1000, output: 1000 }; // $0.001 per token: a department-guide job costs ≈ $0.3
    const { result, events, info } = await run({ cases: loaded.cases, flags: { concurrency: 1, maxTokens: 50 }, price, maxCost: 1 });
    expect(result.budgetReached).toBe(true);
    expect(events.some((e) => e.type === 'budget-reached')).toBe(true);
    expect(result.done).toBeGreaterThan(0);
    expect(result.cost!).toBeLessThanOrEqual(1);
    expect(result.pending).toBe(6 - result.done);
    expect(info.status).toBe('incomplete');
  });
});

describe('answers in the wrong language or form', () => {
  it('are answers, kept as given and scored as given — and counted, so they are never silent', async () => {
    const { createMatcher } = await import('../../src/metrics/matcher/index.js');
    const { scoreRun } = await import('../../src/metrics/score-run.js');
    // a chatty model that ignores the requested form: no department name, no labelled sections, wrong language
    server.respond({ kind: 'ok', text: 'The weather in the mountains is lovely at this time of year. 今天天气很好。' });
    const zh = loaded.cases.filter((c) => c.language === 'zh').slice(0, 2);
    const { result, dir } = await run({ cases: zh, kinds: ['department-guide', 'clinical-diagnosis'] });
    expect(result).toMatchObject({ done: 4, errors: 0 });
    const scored = await scoreRun(dir, { taxonomy, context: { matcher: createMatcher() } });
    const m = scored.models[0]!;
    expect(m.unreadable).toEqual({ department: 2, diagnosis: 2 });
    expect(m.refused).toEqual({});
    expect(m.leaderboard.Acc).toEqual({ value: 0, n: 2 });
    expect(m.leaderboard.FD).toEqual({ value: 0, n: 2 });
  });

  it('counts a refusal as a refusal, not as an answer the reader could not read — scored as no answer', async () => {
    const { createMatcher } = await import('../../src/metrics/matcher/index.js');
    const { scoreRun } = await import('../../src/metrics/score-run.js');
    server.respond({ kind: 'ok', text: 'I am sorry, I cannot help with medical questions. 请咨询医生。' });
    const zh = loaded.cases.filter((c) => c.language === 'zh').slice(0, 2);
    const { dir } = await run({ cases: zh, kinds: ['department-guide', 'clinical-diagnosis'] });
    const m = (await scoreRun(dir, { taxonomy, context: { matcher: createMatcher() } })).models[0]!;
    expect(m.refused).toEqual({ department: 2, diagnosis: 2 });
    expect(m.unreadable).toEqual({});
    expect(m.leaderboard.Acc).toEqual({ value: 0, n: 2 });
    expect(m.leaderboard.FD).toEqual({ value: 0, n: 2 });
  });
});
