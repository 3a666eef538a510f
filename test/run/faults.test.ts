/**
 * Disk and input faults: a clear message naming the file and what to do, and nothing already stored is lost or
 * overwritten — for an output directory that cannot be created, a file that is not a run store, a damaged store,
 * a read-only store and a disk that fills up in the middle of a run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import type { LoadResult } from '../../src/bench/loader.js';
import { createModel } from '../../src/models/registry.js';
import { evaluatePlanned } from '../../src/run/evaluate.js';
import { buildJobs } from '../../src/run/jobs.js';
import { planPrompts } from '../../src/run/plan.js';
import { runJobs } from '../../src/run/runner.js';
import { modelEntries } from '../../src/run/setup.js';
import { StoreError } from '../../src/run/store-errors.js';
import { RunStore } from '../../src/run/store.js';
import type { TemplateSet } from '../../src/tasks/templates.js';
import { defaultAnswer, type MockServer } from '../support/mock-openai.js';
import { runCli, tempDir } from '../helpers.js';
import { damageTable, fillDisk, makeReadOnly, READ_ONLY_METHOD } from './store-faults.js';
import { mockFixture } from './harness.js';

const taxonomy = DepartmentTaxonomy.default();
let server: MockServer;
let loaded: LoadResult;
let templates: TemplateSet;

beforeAll(async () => {
  ({ server, loaded, templates } = await mockFixture());
});
afterAll(async () => server.close());
beforeEach(() => {
  server.reset();
  server.respond({ kind: 'ok' });
  server.answerWith(defaultAnswer);
});

/** A finished baseline run of two department-guide jobs. */
async function baselineRun(dir: string): Promise<void> {
  expect((await runCli('run', '--limit', '2', '--tasks', 'department', '--no-cache', '--out', dir)).code).toBe(0);
}

function answers(dir: string): { key: string; status: string; response: string | null }[] {
  const store = RunStore.open(dir);
  try {
    expect(store.integrityCheck()).toBe('ok');
    return store.jobs({ prompts: false }).map((j) => ({ key: j.key, status: j.status, response: j.response }));
  } finally {
    store.close();
  }
}

/** Wait until the server has had no request open and received nothing new for a moment. */
async function settled(s: MockServer): Promise<void> {
  for (let seen = -1; seen !== s.calls.length || s.inFlight() > 0; ) {
    seen = s.calls.length;
    await new Promise((r) => setTimeout(r, 150));
  }
}

const mockModels = (...names: string[]) => modelEntries(names.map((n) => `openai-compatible:${n}@${server.url}`), {}, { maxRetries: 0, timeoutMs: 5000, concurrency: 2 });

describe('faults around the run store', () => {
  it('says so when the output directory cannot be created', async () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'not a folder');
    const r = await runCli('run', '--limit', '1', '--tasks', 'department', '--out', join(file, 'run'));
    expect(r.code).toBe(1);
    expect(r.err).toContain(`cannot create the run directory ${join(file, 'run')}: ENOTDIR; choose another --out`);
  });

  it('refuses a file that is not a run store, and leaves it untouched', async () => {
    const dir = tempDir();
    const store = join(dir, 'run.sqlite');
    writeFileSync(store, 'these are somebody else’s notes, not a database');
    const before = readFileSync(store);
    const r = await runCli('run', '--limit', '1', '--tasks', 'department', '--out', dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${store} is not a clinicallab run store (not an SQLite database); it was left untouched`);
    expect(readFileSync(store).equals(before)).toBe(true);
    expect((await runCli('show', dir)).err).toContain('is not a clinicallab run store');
  });

  it('a damaged store: run, show and runs name the file and what to do, write nothing, and runs lists the other runs', async () => {
    const root = tempDir();
    const good = join(root, 'good');
    const bad = join(root, 'bad');
    await baselineRun(good);
    await baselineRun(bad);
    const file = join(bad, 'run.sqlite');
    damageTable(file); // the manifest still reads; the jobs table does not
    const before = readFileSync(file);
    const damaged = `${file} is damaged`;
    const todo = 'it was left untouched — restore it from a copy, or start the run afresh in another directory (--out)';

    const resumed = await runCli('run', '--out', bad, '--no-cache');
    expect(resumed.code).toBe(1);
    expect(resumed.err).toContain(damaged);
    expect(resumed.err).toContain(todo);
    const retried = await runCli('run', '--retry-errors', bad, '--no-cache');
    expect(retried.err).toContain(damaged);
    const shown = await runCli('show', bad);
    expect(shown.code).toBe(1);
    expect(shown.err).toContain(`${damaged} (SQLite: database disk image is malformed); ${todo}`);

    const listed = await runCli('runs', root);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/good\s+complete\s+baseline\s+2\/2/);
    expect(listed.out).toMatch(/bad\s+damaged/);
    expect(listed.out).toContain(`bad is damaged: ${damaged}`);
    const json = JSON.parse((await runCli('runs', root, '--json')).out) as { dir: string; status: string; problem?: string }[];
    expect(json.find((r) => r.dir.endsWith('bad'))).toMatchObject({ status: 'damaged', problem: expect.stringContaining(damaged) });

    expect(readFileSync(file).equals(before)).toBe(true); // not a byte written by any of them
  });

  it.skipIf(READ_ONLY_METHOD === undefined)(`a read-only store (${READ_ONLY_METHOD ?? 'no way to make one here'}): a clear message, nothing changed, every answer kept`, async () => {
    const dir = join(tempDir(), 'run');
    await baselineRun(dir);
    const stored = answers(dir);
    const file = join(dir, 'run.sqlite');
    const before = readFileSync(file);
    const undo = makeReadOnly(file);
    try {
      const r = await runCli('run', '--limit', '3', '--tasks', 'department', '--no-cache', '--out', dir);
      expect(r.code).toBe(1);
      expect(r.err).toContain(`${file} cannot be written (read-only file or folder); nothing was changed — make it writable`);
      expect((await runCli('show', dir)).out).toContain('complete'); // reading still works
    } finally {
      undo();
    }
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(answers(dir)).toEqual(stored);
    // writable again, the same command continues: only the new job is asked
    expect((await runCli('run', '--limit', '3', '--tasks', 'department', '--no-cache', '--out', dir)).code).toBe(0);
    expect(answers(dir).filter((j) => j.status === 'done')).toHaveLength(3);
  });

  it('a disk that fills up in a later run: the run stops with one clear message, every stored answer is kept, and the same run finishes later', async () => {
    const dir = tempDir();
    const [entry] = mockModels('mock-model');
    const cases = loaded.cases;
    const common = { dir, models: [entry!], caseFiles: loaded.files, templates, taxonomy, env: {} };
    const first = await evaluatePlanned({ ...common, cases: cases.slice(0, 2), kinds: ['department-guide'] });
    expect(first.result.done).toBe(2);
    const kept = answers(dir);

    // the later run asks for more, with long answers: the store may grow by two pages, then the disk is full
    server.answerWith((call) => `${defaultAnswer(call)}\n${'Reasoning step. '.repeat(400)}`);
    const plan = planPrompts(cases, { templates, taxonomy }, ['department-guide', 'department-guide-3', 'clinical-diagnosis']);
    const jobs = buildJobs(plan.prompts, [entry!]);
    const store = RunStore.open(dir);
    store.addJobs(jobs);
    fillDisk(store, 2);
    const later = runJobs({ store, jobs, models: [entry!], taxonomy, createModel: (e) => createModel(e.spec, e.settings, {}) });
    await expect(later).rejects.toThrow(StoreError);
    await expect(later).rejects.toThrow(`the disk holding ${join(dir, 'run.sqlite')} is full; the answers stored so far are safe — free space and run the same command again`);
    store.close();

    const after = answers(dir);
    for (const k of kept) expect(after.find((j) => j.key === k.key)).toEqual(k); // the earlier answers, byte for byte
    const done = after.filter((j) => j.status === 'done').length;
    expect(done).toBeLessThan(jobs.length);

    // space again: the same run finishes, and nothing already stored is asked again
    await settled(server); // a cancelled request already on the wire may still reach the server
    server.reset();
    const resumed = await evaluatePlanned({ ...common, cases, kinds: ['department-guide', 'department-guide-3', 'clinical-diagnosis'] });
    expect(resumed.result).toMatchObject({ done: jobs.length - done, errors: 0, pending: 0 });
    const stored = new Set(jobs.filter((j) => after.some((a) => a.key === j.key && a.status === 'done')).map((j) => j.prompt));
    expect(server.calls).toHaveLength(jobs.length - done);
    expect(server.calls.filter((c) => stored.has(c.messages.at(-1)!.content))).toEqual([]);
  });

  it('a store failure in one model stops every model’s workers, cancelling their requests, before the run fails once', async () => {
    const dir = tempDir();
    const models = mockModels('fast', 'slow');
    const plan = planPrompts(loaded.cases, { templates, taxonomy }, ['department-guide', 'department-guide-3']);
    const jobs = buildJobs(plan.prompts, models);
    const store = RunStore.open(dir);
    // "slow" takes 20 s to answer; once both its requests are in flight the disk is full, so the next answer of
    // "fast" (a long one, which needs new pages) cannot be stored
    let slowSeen = 0;
    server.answerWith(() => 'Urology. '.repeat(2000));
    server.respond((call) => {
      if (call.model !== 'slow') return { kind: 'ok', delayMs: 150 };
      if (++slowSeen === 2) fillDisk(store);
      return { kind: 'ok', delayMs: 20_000 };
    });
    const started = Date.now();
    let rejections = 0;
    const error = await runJobs({ store, jobs, models, taxonomy, createModel: (e) => createModel(e.spec, e.settings, {}) }).catch((err: unknown) => {
      rejections++;
      return err;
    });
    const took = Date.now() - started;
    expect(rejections).toBe(1);
    expect((error as Error).message).toContain('is full');
    // it did not wait for the slow model's answers (20 s): half of that leaves room for a machine at full load
    expect(took).toBeLessThan(10_000);
    // the slow model's requests were cancelled, not left running against a store about to be closed
    await expect.poll(() => server.inFlight(), { timeout: 5000 }).toBe(0);
    const calls = server.calls.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(server.calls.length).toBe(calls); // and nobody asks anything more
    expect(slowSeen).toBe(2);
    store.close();
  }, 60_000);
});
