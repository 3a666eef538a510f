/**
 * Runner throughput benchmark: how close the evaluation runner gets to the ideal N·L/C wall time when a model
 * server answers every request after a fixed latency L, at C requests in flight.
 *
 * The runner is driven through the library (`runJobs`, the same path `clinicallab run` takes): real jobs planned
 * from the bundled open set, a fresh SQLite run store per measurement, the response cache off, and the real AI
 * SDK openai-compatible provider created by the model registry. The server is the loopback mock from
 * test/support/mock-openai.ts, run in a child process (so its work does not share the runner's event loop; pass
 * --in-process to run it in this process instead).
 *
 *   npx tsx perf/runner.bench.ts                   # the default grid, L ∈ {0, 50, 200} ms × C ∈ {1, 8, 32}
 *   npx tsx perf/runner.bench.ts --n 200 --latency 50 --concurrency 1,8 --json
 *
 * The default grid takes about 2½ minutes, most of it the sequential L = 200 ms, C = 1 row (N·L = 80 s).
 * `npm run bench` runs it after the build and the other benchmarks.
 *
 * Options: --n <jobs> (400), --latency <ms,...> (0,50,200), --concurrency <c,...> (1,8,32), --in-process,
 * --json (print the results as JSON after the table).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLED_CASES_DIR } from '../src/bench/bundled.js';
import { DepartmentTaxonomy } from '../src/bench/departments.js';
import { loadCases } from '../src/bench/loader.js';
import { createModel } from '../src/models/registry.js';
import { buildJobs, type JobSpec } from '../src/run/jobs.js';
import { planPrompts } from '../src/run/plan.js';
import type { Prompt } from '../src/tasks/prompts.js';
import { runJobs } from '../src/run/runner.js';
import { modelEntries } from '../src/run/setup.js';
import { RunStore } from '../src/run/store.js';
import { loadTemplates } from '../src/tasks/templates.js';
import { startMockOpenAI, type MockServer } from '../test/support/mock-openai.js';

/** What the benchmark needs of a mock server, wherever it runs. */
interface Server {
  url: string;
  reset(): Promise<void>;
  stats(): Promise<{ calls: number; maxInFlight: number }>;
  close(): Promise<void>;
}

type ToServer = { id: number; cmd: 'reset' | 'stats' | 'close' };
type FromServer = { ready: string } | { id: number; calls: number; maxInFlight: number };

// ---------------------------------------------------------------------------------------------------------------
// Server side: `runner.bench.ts --serve <latencyMs>` runs the mock and answers commands over IPC.

async function serve(latencyMs: number): Promise<void> {
  const server = await startMockOpenAI({ latencyMs });
  const send = (m: FromServer): void => void process.send!(m);
  process.on('message', (m: ToServer) => {
    if (m.cmd === 'reset') server.reset();
    send({ id: m.id, calls: server.calls.length, maxInFlight: server.maxInFlight() });
    if (m.cmd === 'close') void server.close().then(() => process.exit(0));
  });
  process.on('disconnect', () => void server.close().then(() => process.exit(0)));
  send({ ready: server.url });
}

function childServer(latencyMs: number): Promise<Server> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve', String(latencyMs)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let next = 0;
  const waiting = new Map<number, (m: { calls: number; maxInFlight: number }) => void>();
  const ask = (cmd: ToServer['cmd']): Promise<{ calls: number; maxInFlight: number }> =>
    new Promise((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      child.send({ id, cmd } satisfies ToServer);
    });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the mock server process exited (${code}) before it was ready`)));
    child.on('message', (m: FromServer) => {
      if ('ready' in m) {
        child.removeAllListeners('exit');
        resolve({
          url: m.ready,
          reset: async () => void (await ask('reset')),
          stats: () => ask('stats'),
          close: async () => {
            const exited = new Promise((r) => child.once('exit', r));
            child.send({ id: ++next, cmd: 'close' } satisfies ToServer);
            await exited;
          },
        });
        return;
      }
      waiting.get(m.id)?.(m);
      waiting.delete(m.id);
    });
  });
}

async function inProcessServer(latencyMs: number): Promise<Server> {
  const s: MockServer = await startMockOpenAI({ latencyMs });
  return {
    url: s.url,
    reset: async () => s.reset(),
    stats: async () => ({ calls: s.calls.length, maxInFlight: s.maxInFlight() }),
    close: () => s.close(),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Runner side.

interface Measurement {
  n: number;
  latencyMs: number;
  concurrency: number;
  wallMs: number;
  idealMs: number;
  efficiency: number | null;
  maxInFlight: number;
  serverCalls: number;
  jobsPerSecond: number;
  done: number;
  errors: number;
  /** Highest RSS of this process sampled during the measurement (MiB). */
  peakRssMiB: number;
}

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

function numbers(name: string, fallback: string): number[] {
  const values = option(name, fallback).split(',').map(Number);
  if (values.some((v) => !Number.isFinite(v) || v < 0)) throw new Error(`--${name} takes comma-separated numbers ≥ 0`);
  return values;
}

interface Planned {
  prompts: Prompt[];
  taxonomy: DepartmentTaxonomy;
}

/** N jobs' prompts from the bundled open set (every generation kind, planned in case order). */
async function prompts(n: number): Promise<Planned> {
  const taxonomy = DepartmentTaxonomy.default();
  const loaded = await loadCases([BUNDLED_CASES_DIR], { strict: false, taxonomy });
  const plan = planPrompts(loaded.cases, { templates: await loadTemplates(undefined), taxonomy });
  if (plan.prompts.length < n) throw new Error(`the bundled set has ${plan.prompts.length} prompts; ask for at most that many (--n)`);
  return { prompts: plan.prompts.slice(0, n), taxonomy };
}

async function measure(server: Server, n: number, latencyMs: number, concurrency: number, planned: Planned): Promise<Measurement> {
  const spec = `openai-compatible:mock-model@${server.url}`;
  const entries = modelEntries([spec], {}, { concurrency, maxRetries: 0 });
  const jobs: JobSpec[] = buildJobs(planned.prompts, entries);
  const dir = mkdtempSync(join(tmpdir(), 'clinicallab-bench-'));
  const store = RunStore.open(dir);
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 25);
  try {
    await server.reset();
    const started = performance.now();
    const result = await runJobs({ store, jobs, models: entries, taxonomy: planned.taxonomy, createModel: (e) => createModel(e.spec, e.settings, {}) });
    const wallMs = performance.now() - started;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const stats = await server.stats();
    const idealMs = (n * latencyMs) / concurrency;
    return {
      n,
      latencyMs,
      concurrency,
      wallMs,
      idealMs,
      efficiency: latencyMs > 0 ? idealMs / wallMs : null,
      maxInFlight: stats.maxInFlight,
      serverCalls: stats.calls,
      jobsPerSecond: (result.done * 1000) / wallMs,
      done: result.done,
      errors: result.errors,
      peakRssMiB: peakRss / 2 ** 20,
    };
  } finally {
    clearInterval(sampler);
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function row(m: Measurement): string[] {
  return [
    String(m.n),
    String(m.latencyMs),
    String(m.concurrency),
    (m.wallMs / 1000).toFixed(2),
    (m.idealMs / 1000).toFixed(2),
    m.efficiency === null ? '—' : `${(m.efficiency * 100).toFixed(1)}%`,
    String(m.maxInFlight),
    m.jobsPerSecond.toFixed(1),
    m.peakRssMiB.toFixed(0),
  ];
}

function printTable(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

async function bench(): Promise<void> {
  const n = numbers('n', '400')[0]!;
  const latencies = numbers('latency', '0,50,200');
  const concurrencies = numbers('concurrency', '1,8,32').map((c) => Math.max(1, Math.floor(c)));
  const inProcess = process.argv.includes('--in-process');
  const planned = await prompts(n);

  console.log(`clinicallab runner benchmark — Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB`);
  console.log(`N = ${n} jobs per measurement; mock server ${inProcess ? 'in this process' : 'in a child process'}; cache off; fresh run store each time.\n`);

  const results: Measurement[] = [];
  for (const latencyMs of latencies) {
    const server = inProcess ? await inProcessServer(latencyMs) : await childServer(latencyMs);
    try {
      // Warm up: load the AI SDK, JIT the hot paths, open the first connections.
      await measure(server, Math.min(n, 40), latencyMs, 4, { ...planned, prompts: planned.prompts.slice(0, Math.min(n, 40)) });
      for (const c of concurrencies) {
        const m = await measure(server, n, latencyMs, c, planned);
        if (m.done !== n || m.errors > 0) throw new Error(`L=${latencyMs} C=${c}: ${m.done} done, ${m.errors} errors of ${n}`);
        results.push(m);
        process.stderr.write(`  L=${latencyMs} ms C=${c}: ${(m.wallMs / 1000).toFixed(2)} s\n`);
      }
    } finally {
      await server.close();
    }
  }

  console.log('');
  printTable(['N', 'L (ms)', 'C', 'wall (s)', 'ideal N·L/C (s)', 'efficiency', 'max in flight', 'jobs/s', 'peak RSS (MiB)'], results.map(row));
  const usage = process.resourceUsage();
  const largest = results.reduce((a, b) => (b.concurrency > a.concurrency || (b.concurrency === a.concurrency && b.latencyMs > a.latencyMs) ? b : a));
  console.log(
    `\nLargest run (L=${largest.latencyMs} ms, C=${largest.concurrency}): peak RSS ${largest.peakRssMiB.toFixed(0)} MiB sampled; ` +
      `process max RSS over the whole benchmark ${(usage.maxRSS / 1024).toFixed(0)} MiB; CPU ${((usage.userCPUTime + usage.systemCPUTime) / 1e6).toFixed(1)} s.`,
  );
  if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
}

const serveAt = process.argv.indexOf('--serve');
if (serveAt >= 0) await serve(Number(process.argv[serveAt + 1] ?? 0));
else await bench();
