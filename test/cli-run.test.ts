import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockServer } from './support/mock-openai.js';
import { tempDir, runCli } from './helpers.js';

let server: MockServer;
beforeAll(async () => {
  server = await startMockOpenAI();
  process.env.CLINICALLAB_CACHE_DIR = tempDir();
});
afterAll(async () => server.close());

const cli = runCli;

describe('clinicallab run', () => {
  it('runs the built-in baseline when no model is given', async () => {
    const dir = join(tempDir(), 'default');
    const r = await cli('run', '--limit', '4', '--out', dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Models (1): baseline → 24 jobs');
    expect(r.out).toContain('This invocation: 24 answered');
  });

  it('stops after the plan with --dry-run, showing jobs and estimated cost', async () => {
    const calls = server.calls.length;
    const r = await cli('run', '--model', 'openai:gpt-4o-mini', '--limit', '2', '--dry-run');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Models \(1\): openai:gpt-4o-mini → 12 jobs, estimated cost ≤ \$0\.\d+/);
    expect(r.out).toContain('--dry-run: stopping before any model is called.');
    expect(server.calls.length).toBe(calls);
  });

  it('refuses --max-cost for a model without a price, and a bad number', async () => {
    const r = await cli('run', '--model', `openai-compatible:mock-model@${server.url}`, '--max-cost', '1');
    expect(r.code).toBe(2);
    expect(r.err).toContain('--max-cost needs a price for every model');
    expect((await cli('run', '--model', 'openai:gpt-4o', '--limit', 'ten')).err).toContain('--limit "ten" should be a whole number ≥ 1');
    expect((await cli('run', '--model', 'gpt4')).err).toContain('"gpt4" is not a model spec');
  });

  it('fails fast and clearly when a hosted model has no key, before writing anything', async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    const dir = join(tempDir(), 'run');
    const r = await cli('run', '--model', 'openai:gpt-4o-mini', '--limit', '1', '--tasks', 'department', '--out', dir);
    if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    expect(r.code).toBe(2);
    expect(r.err).toContain('openai:gpt-4o-mini needs an API key: set OPENAI_API_KEY');
    expect(existsSync(dir)).toBe(false);
  });

  it('runs, resumes from the run directory alone, and is listed and shown', async () => {
    const root = tempDir();
    const dir = join(root, 'first');
    const r = await cli('run', '--model', `openai-compatible:mock-model@${server.url}`, '--limit', '2', '--tasks', 'department,difr', '--out', dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain('This invocation: 6 answered');
    expect(r.out).toContain(`Results: ${dir}`);
    const again = await cli('run', '--out', dir);
    expect(again.code).toBe(0);
    expect(again.out).toContain('This invocation: 0 answered');
    expect(again.out).toContain('Whole run: 6/6 done, 0 errors, 0 pending');
    const runs = await cli('runs', root);
    expect(runs.out).toMatch(/first\s+complete\s+openai-compatible:mock-model@http:\/\/127\.0\.0\.1:\d+\/v1\s+6\/6\s+0\s+unknown/);
    const show = await cli('show', dir);
    expect(show.out).toContain('— complete');
    expect(show.out).toContain('generations: department-guide, department-guide-3, department-guide-5');
  });

  it('says what --retry-errors needs', async () => {
    const r = await cli('run', '--retry-errors', join(tempDir(), 'nothing-here'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('--retry-errors needs an existing run directory');
  });
});
