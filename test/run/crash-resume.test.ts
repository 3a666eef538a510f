/**
 * Crash and resume, end to end: the real CLI (`bin/clinicallab.js run`, from dist/) as a child process against the
 * loopback OpenAI-compatible mock, killed with SIGKILL at several random points and started again with the same
 * command until it finishes. Nothing answered may be lost, nothing stored may be asked or written again, and the
 * store must stay sound throughout.
 *
 * The kill points come from a seeded PRNG (set CLINICALLAB_CRASH_SEED to replay another sequence). Most kills
 * happen from inside the mock server at the moment it has received the n-th new request, so the child always
 * has requests in flight; some happen on a timer while the child is still starting up (loading cases, adding
 * jobs to the store).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { loadCases } from '../../src/bench/loader.js';
import { buildJobs } from '../../src/run/jobs.js';
import { planPrompts } from '../../src/run/plan.js';
import { kindsForTasks, modelEntries } from '../../src/run/setup.js';
import { loadTemplates } from '../../src/tasks/templates.js';
import { ROOT, tempDir } from '../helpers.js';
import { defaultAnswer, startMockOpenAI, type MockRequest, type MockServer } from '../support/mock-openai.js';
import { seededRandom as prng } from '../../src/metrics/stats.js';

const CLI = join(ROOT, 'bin', 'clinicallab.js');
const DIST_MAIN = join(ROOT, 'dist', 'cli', 'main.js');
const SEED = Number(process.env.CLINICALLAB_CRASH_SEED ?? 20261129);
const KILLS = 6;
const CONCURRENCY = 4;
const LATENCY_MS = 25;
const TASKS = 'department,difr,imaging'; // 1,364 jobs over the 276 records of the test's case file


interface Row {
  key: string;
  prompt: string;
  status: string;
  response: string | null;
  updated_at: number;
  attempts: number;
}

interface Snapshot {
  rows: Row[];
  integrity: string;
}

/** Read the store as it is on disk, read-only, while no process is writing it. */
function readStore(runDir: string): Snapshot {
  const db = new Database(join(runDir, 'run.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT key, prompt, status, response, updated_at, attempts FROM jobs ORDER BY seq').all() as Row[];
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    return { rows, integrity };
  } finally {
    db.close();
  }
}

function answerFor(prompt: string): string {
  const request: MockRequest = { index: 0, model: 'mock-model', messages: [{ role: 'user', content: prompt }], body: {}, headers: {}, url: '/v1/chat/completions', receivedAt: 0 };
  return defaultAnswer(request);
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  /** Killed by the watchdog: the run neither finished nor reached its kill point in time (a hang). */
  hung: boolean;
}

/** No single run of the CLI should take longer than this (a full run takes a few seconds). */
const WATCHDOG_MS = 30_000;

describe('clinicallab run: kill -9 and resume', () => {
  let server: MockServer;
  let work: string;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    if (!existsSync(DIST_MAIN)) throw new Error(`${DIST_MAIN} is missing: run \`npm run build\` first (npm test does it in pretest)`);
    server = await startMockOpenAI({ latencyMs: LATENCY_MS });
    work = tempDir();
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('loses no answer and asks no stored answer again, over several SIGKILLs', { timeout: 120_000 }, async () => {
    const random = prng(SEED);
    const runDir = join(work, 'run');
    const spec = `openai-compatible:mock-model@${server.url}`;
    // More than 1,000 jobs: the bundled records and a second, slightly different copy of each (new uid, and a
    // changed chief complaint and imaging findings so that every prompt stays distinct).
    const casesFile = join(work, 'cases.json');
    const bundled = await loadCases([BUNDLED_CASES_DIR], { strict: true });
    const copies = bundled.cases.map((c) => ({
      ...c.record,
      clinical_case_uid: `${c.uid}-2`,
      clinical_case_summary: c.record.clinical_case_summary.replace(/(Chief Complaint:|主诉[:：])/, '$1 (2)'),
      imageological_examination: Object.fromEntries(Object.entries(c.record.imageological_examination).map(([k, e]) => [k, { ...e, findings: `${e.findings} (2)` }])),
    }));
    writeFileSync(casesFile, JSON.stringify([...bundled.cases.map((c) => c.record), ...copies]));
    const args = [CLI, 'run', '--model', spec, '--cases', casesFile, '--out', runDir, '--no-cache', '--concurrency', String(CONCURRENCY), '--tasks', TASKS, '--json'];
    const env = { ...process.env, CLINICALLAB_CACHE_DIR: join(work, 'cache'), NO_COLOR: '1' };
    const replay = `(seed ${SEED}; replay with CLINICALLAB_CRASH_SEED=${SEED})`;

    // The jobs the command should create, worked out independently of the child.
    const taxonomy = DepartmentTaxonomy.default();
    const loaded = await loadCases([casesFile], { strict: true, taxonomy });
    const plan = planPrompts(loaded.cases, { templates: await loadTemplates(undefined), taxonomy }, kindsForTasks([TASKS]));
    const expectedJobs = buildJobs(plan.prompts, modelEntries([spec], {}, { concurrency: CONCURRENCY }));
    const expectedKeys = new Set(expectedJobs.map((j) => j.key));
    expect(expectedKeys.size).toBe(expectedJobs.length);
    expect(expectedJobs.length).toBeGreaterThan(1000);
    const keysByPrompt = new Map<string, string[]>();
    for (const j of expectedJobs) keysByPrompt.set(j.prompt, [...(keysByPrompt.get(j.prompt) ?? []), j.key]);

    // Every request the server sees goes through this hook; it can kill the child at an exact call count.
    let killAt: number | undefined;
    server.respond(() => {
      if (killAt !== undefined && server.calls.length + 1 >= killAt && child) {
        killAt = undefined;
        child.kill('SIGKILL');
      }
      return { kind: 'ok' };
    });

    const start = (): Promise<Exit> => {
      const p = spawn(process.execPath, args, { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
      child = p;
      let output = '';
      p.stdout!.on('data', (d: Buffer) => (output += d.toString()));
      p.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      let hung = false;
      const watchdog = setTimeout(() => {
        hung = true;
        p.kill('SIGKILL');
      }, WATCHDOG_MS);
      return new Promise((resolve, reject) => {
        p.once('error', reject);
        p.once('close', (code, signal) => {
          clearTimeout(watchdog);
          resolve({ code, signal, output, hung });
        });
      });
    };

    /** Done rows seen after each kill, with the number of server calls made by then. */
    const checkpoints: { callsSoFar: number; done: Map<string, Row> }[] = [];
    const killLog: string[] = [];

    for (let i = 0; i < KILLS; i++) {
      const callsBefore = server.calls.length;
      const startup = random() < 0.25;
      const exited = start();
      let timer: NodeJS.Timeout | undefined;
      if (startup) {
        const delay = 40 + Math.floor(random() * 400);
        killLog.push(`#${i + 1}: ${delay} ms after start`);
        timer = setTimeout(() => child?.kill('SIGKILL'), delay);
      } else {
        const n = 1 + Math.floor(random() * 100);
        killLog.push(`#${i + 1}: at new call ${n}`);
        killAt = callsBefore + n;
      }
      const exit = await exited;
      clearTimeout(timer);
      killAt = undefined;
      expect(exit.hung, `run ${i + 1} hung: no kill point reached within ${WATCHDOG_MS} ms ${replay}:\n${exit.output}`).toBe(false);
      expect(exit.signal, `run ${i + 1} should have been killed, not ended by itself ${replay}:\n${exit.output}`).toBe('SIGKILL');

      // The killed child's connections are gone once the server has seen them close.
      for (let t = 0; server.inFlight() > 0 && t < 200; t++) await new Promise((r) => setTimeout(r, 10));
      expect(server.inFlight(), `requests still open 2 s after kill ${i + 1}`).toBe(0);

      if (!existsSync(join(runDir, 'run.sqlite'))) continue; // killed before the store was created
      const snap = readStore(runDir);
      expect(snap.integrity, `integrity after kill ${i + 1} ${replay}`).toBe('ok');
      expect(snap.rows.filter((r) => r.status === 'error'), `errors after kill ${i + 1}`).toEqual([]);
      // Only the requests in flight can be claimed when the process dies.
      expect(snap.rows.filter((r) => r.status === 'running').length, `running rows after kill ${i + 1}`).toBeLessThanOrEqual(CONCURRENCY);
      const done = new Map(snap.rows.filter((r) => r.status === 'done').map((r) => [r.key, r]));
      // Whatever was done before this kill is still there, unchanged.
      for (const cp of checkpoints) {
        for (const [key, row] of cp.done) expect(done.get(key), `job ${key} done earlier, after kill ${i + 1} ${replay}`).toEqual(row);
      }
      checkpoints.push({ callsSoFar: server.calls.length, done });
    }

    const last = await start();
    expect(last.hung, `the last run did not finish within ${WATCHDOG_MS} ms ${replay}:\n${last.output}`).toBe(false);
    expect(last.code, `the last run should finish with exit code 0 ${replay}:\n${last.output}`).toBe(0);
    const summary = JSON.parse(last.output.slice(last.output.indexOf('{'))) as { status: string; totals: { done: number; all: number } };
    expect(summary.status).toBe('complete');

    const final = readStore(runDir);
    expect(final.integrity).toBe('ok');
    // One row per job key, all done.
    expect(final.rows.length).toBe(expectedJobs.length);
    expect(new Set(final.rows.map((r) => r.key))).toEqual(expectedKeys);
    const byStatus = final.rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
    expect(byStatus).toEqual({ done: expectedJobs.length });
    expect(summary.totals.done).toBe(expectedJobs.length);

    // Every stored answer is the one the server gives for that prompt, and the server was asked for it.
    const asked = new Map<string, number>();
    for (const call of server.calls) {
      const prompt = call.messages.at(-1)?.content ?? '';
      asked.set(prompt, (asked.get(prompt) ?? 0) + 1);
    }
    const wrong = final.rows.filter((r) => r.response !== answerFor(r.prompt)).map((r) => r.key);
    expect(wrong, 'jobs whose stored response differs from the server’s answer').toEqual([]);
    expect(final.rows.filter((r) => !asked.has(r.prompt)).map((r) => r.key), 'jobs stored without the server being asked').toEqual([]);
    expect([...asked.keys()].filter((p) => !keysByPrompt.has(p)), 'requests for prompts that are not jobs').toEqual([]);

    // Done before a kill → untouched by every later run (same response, same updated_at).
    const finalByKey = new Map(final.rows.map((r) => [r.key, r]));
    for (const cp of checkpoints) for (const [key, row] of cp.done) expect(finalByKey.get(key), `job ${key} redone ${replay}`).toEqual(row);

    // No request after a checkpoint was for a job already stored as done at that checkpoint.
    const repeats: string[] = [];
    for (const [i, cp] of checkpoints.entries()) {
      for (const call of server.calls.slice(cp.callsSoFar)) {
        const keys = keysByPrompt.get(call.messages.at(-1)?.content ?? '') ?? [];
        if (keys.length > 0 && keys.every((k) => cp.done.has(k))) repeats.push(`call ${call.index} after checkpoint ${i + 1}: ${keys.join(',')}`);
      }
    }
    expect(repeats, `stored answers asked again ${replay}`).toEqual([]);

    // Only the requests in flight at a kill may have been sent twice.
    expect(server.calls.length).toBeGreaterThanOrEqual(expectedJobs.length);
    expect(server.calls.length, `calls: ${server.calls.length}, jobs: ${expectedJobs.length}, kills: ${killLog.join('; ')} ${replay}`).toBeLessThanOrEqual(expectedJobs.length + KILLS * CONCURRENCY);
    expect(server.maxInFlight()).toBeLessThanOrEqual(CONCURRENCY);
  });
});
