/**
 * `clinicallab run` against the loopback model server, as a user sees it: what --no-cache changes, what the
 * manifest records (and what it never does), and the budget — in-flight requests finish, the message says so,
 * and a resumed run does not spend the budget again.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import { planPrompts } from '../../src/run/plan.js';
import { readManifest } from '../../src/run/meta-records.js';
import { RunStore } from '../../src/run/store.js';
import { startMockOpenAI, type MockServer } from '../support/mock-openai.js';
import { ROOT, runCli, tempDir } from '../helpers.js';
import { fixture, taxonomy, type Fixture } from './harness.js';

let server: MockServer;
let f: Fixture;
let model: string;
const UROLOGY = join(BUNDLED_CASES_DIR, 'urology.json');

beforeAll(async () => {
  server = await startMockOpenAI();
  f = await fixture();
  model = `openai-compatible:mock-model@${server.url}`;
});
afterAll(async () => server.close());
beforeEach(() => {
  server.reset();
  server.respond({ kind: 'ok' });
});

const run = (...args: string[]) => runCli('run', '--model', model, '--cases', UROLOGY, '--tasks', 'department', ...args);

function storeOf(dir: string) {
  const store = RunStore.open(dir);
  try {
    return { manifest: readManifest(store, dir)!, jobs: store.jobs(), totals: store.totals() };
  } finally {
    store.close();
  }
}

describe('--no-cache', () => {
  it('asks the server for every answer again and writes nothing to the cache; with the cache a second run asks nothing', async () => {
    const cache = tempDir();
    expect((await run('--cache-dir', cache, '--out', tempDir())).code).toBe(0);
    expect(server.calls).toHaveLength(6);
    const cachedRun = await run('--cache-dir', cache, '--out', tempDir());
    expect(cachedRun.code).toBe(0);
    expect(server.calls).toHaveLength(6); // all six answered from the cache

    const unused = tempDir();
    server.reset();
    for (let i = 0; i < 2; i++) expect((await run('--no-cache', '--cache-dir', unused, '--out', tempDir())).code).toBe(0);
    expect(server.calls).toHaveLength(12); // six each time
    expect(readdirSync(unused)).toEqual([]); // no cache database, not even an empty one
  });
});

describe('the manifest', () => {
  it('records tool and Node versions, case files with their SHA-256, template hashes and model parameters — and no secret', async () => {
    const key = 'sk-planted-manifest-7f3a9c';
    const saved = process.env.OPENAI_COMPATIBLE_API_KEY;
    process.env.OPENAI_COMPATIBLE_API_KEY = key;
    const dir = tempDir();
    try {
      const r = await run('--temperature', '0.3', '--max-tokens', '64', '--seed', '7', '--concurrency', '2', '--timeout', '5', '--max-retries', '1', '--no-cache', '--out', dir);
      expect(r.code).toBe(0);
    } finally {
      if (saved === undefined) delete process.env.OPENAI_COMPATIBLE_API_KEY;
      else process.env.OPENAI_COMPATIBLE_API_KEY = saved;
    }
    expect(server.calls[0]!.headers.authorization).toBe(`Bearer ${key}`); // the key was used …
    const { manifest } = storeOf(dir);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(manifest.tool).toEqual({ name: 'clinicallab', version: pkg.version });
    expect(manifest.node).toBe(process.version);
    const sha256 = createHash('sha256').update(readFileSync(UROLOGY)).digest('hex');
    expect(manifest.cases).toEqual([{ file: UROLOGY, sha256, records: 6 }]);
    expect(manifest).toMatchObject({ records: 6, kinds: ['department-guide'], invocations: 1, filters: {} });
    const plan = planPrompts(f.loaded.cases, { templates: f.templates, taxonomy }, ['department-guide']);
    expect(Object.keys(manifest.templates).sort()).toEqual(['en/department-guide', 'zh/department-guide']);
    for (const [name, t] of Object.entries(plan.templates)) expect(manifest.templates[name]).toEqual(t);
    expect(manifest.models).toEqual([
      { id: model, provider: 'openai-compatible', model: 'mock-model', baseURL: server.url, params: { temperature: 0.3, maxTokens: 64, seed: 7 }, concurrency: 2, timeoutMs: 5000, maxRetries: 1, price: null },
    ]);
    // … and is nowhere in the run directory: not in the manifest, the store, its journal or the report
    for (const name of readdirSync(dir)) expect(readFileSync(join(dir, name)).includes(key)).toBe(false);
  });
});

describe('--max-cost', () => {
  it('with requests in flight: they finish and are kept, the message says so, and a resumed run does not spend the budget again', async () => {
    // $1,000 per million tokens: a department question costs about $0.15–0.35 at the mock's token counts
    const config = join(tempDir(), 'clinicallab.config.json');
    writeFileSync(config, JSON.stringify({ models: [{ spec: model, price: { input: 1000, output: 1000 } }] }));
    server.respond({ kind: 'ok', delayMs: 150 });
    const dir = tempDir();
    const args = ['--config', config, '--max-tokens', '20', '--concurrency', '3', '--no-cache', '--out', dir];
    const first = await run(...args, '--max-cost', '0.8');
    expect(first.code).toBe(1); // the run is not complete
    expect(first.err).toMatch(/budget reached: \$0\.\d{4} spent on this run \(earlier invocations included\) of --max-cost \$0\.8; no new requests are started, those in flight finish/);
    expect(server.maxInFlight()).toBeGreaterThan(1);
    const after = storeOf(dir);
    const done = after.jobs.filter((j) => j.status === 'done').length;
    expect(done).toBeGreaterThan(1);
    expect(done).toBeLessThan(6);
    expect(server.calls).toHaveLength(done); // every request sent was answered and kept: none cancelled mid-flight
    expect(after.jobs.filter((j) => j.status === 'running')).toEqual([]);
    // the budget is checked against estimates before each request; what was spent passes it by less than one answer
    const dearest = Math.max(...after.jobs.map((j) => j.cost ?? 0));
    expect(after.totals.cost).toBeLessThan(0.8 + dearest);

    // the same budget again: it is spent already, so nothing is asked
    server.reset();
    const again = await run(...args, '--max-cost', '0.8');
    expect(again.err).toContain('budget reached');
    expect(server.calls).toHaveLength(0);

    // a larger budget finishes the run, asking only what is left
    const rest = await run(...args, '--max-cost', '100');
    expect(rest.code).toBe(0);
    expect(server.calls).toHaveLength(6 - done);
    expect(storeOf(dir).totals.cost).toBeGreaterThan(after.totals.cost);
  });
});
