/** A run of the real runner against the loopback mock server, as the fault-injection and budget tests need it. */
import { join } from 'node:path';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import type { ClinicalCase } from '../../src/bench/case.js';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { loadCases, type LoadResult } from '../../src/bench/loader.js';
import type { ResponseCache } from '../../src/run/cache.js';
import { evaluatePlanned } from '../../src/run/evaluate.js';
import { describeRun } from '../../src/run/inspect.js';
import type { BackoffOptions } from '../../src/run/limiter.js';
import type { RunEvent } from '../../src/run/runner.js';
import { modelEntries, type ModelFlags } from '../../src/run/setup.js';
import type { GenerationKind } from '../../src/tasks/definitions.js';
import { loadTemplates, type TemplateSet } from '../../src/tasks/templates.js';
import { startMockOpenAI, type MockServer } from '../support/mock-openai.js';
import { tempDir } from '../helpers.js';

export const taxonomy = DepartmentTaxonomy.default();

export interface Fixture {
  loaded: LoadResult;
  templates: TemplateSet;
}

/** The loopback server started, one bundled department file loaded (urology by default), the built-in templates. */
export async function mockFixture(file = 'urology.json'): Promise<Fixture & { server: MockServer }> {
  return { server: await startMockOpenAI(), loaded: await loadCases([join(BUNDLED_CASES_DIR, file)], { strict: true }), templates: await loadTemplates() };
}

/** The urology file of the bundled set (6 records) and the built-in templates. */
export async function fixture(): Promise<Fixture> {
  return { loaded: await loadCases([join(BUNDLED_CASES_DIR, 'urology.json')], { strict: true }), templates: await loadTemplates() };
}

export interface MockRunOptions {
  cases?: ClinicalCase[];
  kinds?: GenerationKind[];
  flags?: ModelFlags;
  dir?: string;
  cache?: ResponseCache;
  retryErrors?: boolean;
  maxCost?: number;
  price?: { input: number; output: number };
  backoff?: BackoffOptions;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
}

/** Fast backoff for tests: 5 ms doubling to at most 40 ms. */
export const QUICK_BACKOFF: BackoffOptions = { baseMs: 5, maxMs: 40 };

export async function mockRun(server: MockServer, f: Fixture, o: MockRunOptions = {}) {
  const spec = `openai-compatible:mock-model@${server.url}`;
  const models = modelEntries([spec], o.price ? { models: [{ spec, price: o.price }] } : {}, { maxRetries: 2, timeoutMs: 2000, ...o.flags });
  const events: RunEvent[] = [];
  const dir = o.dir ?? tempDir();
  const { result } = await evaluatePlanned({
    dir,
    models,
    cases: o.cases ?? f.loaded.cases.slice(0, 2),
    caseFiles: f.loaded.files,
    kinds: o.kinds ?? ['department-guide'],
    templates: f.templates,
    taxonomy,
    backoff: o.backoff ?? QUICK_BACKOFF,
    onEvent: (e) => events.push(e),
    env: o.env ?? {},
    ...(o.cache ? { cache: o.cache } : {}),
    ...(o.retryErrors ? { retryErrors: true } : {}),
    ...(o.maxCost !== undefined ? { maxCost: o.maxCost } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
  });
  const retries = events.filter((e): e is Extract<RunEvent, { type: 'retry' }> => e.type === 'retry');
  return { result, events, retries, dir, info: describeRun(dir) };
}
