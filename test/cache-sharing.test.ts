/**
 * The response cache is shared by every run on a machine — benchmark runs and agent runs alike. A prompt asked as
 * a benchmark task and the same prompt asked as an agent step (the navigator's department guide is word for word
 * the DIFR prompt) carry different task hints, and a model may read them (the baseline does): they must never
 * share an answer, or running the agent first would change the benchmark's scores.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../src/bench/bundled.js';
import { runCli, tempDir } from './helpers.js';

const saved = process.env.CLINICALLAB_CACHE_DIR;
afterEach(() => {
  process.env.CLINICALLAB_CACHE_DIR = saved;
});

function difr(out: string): string {
  const lines = out.split('\n');
  return lines[lines.findIndex((l) => l.startsWith('Model ')) + 2]!.split(/\s+/)[2]!;
}

describe('one cache for benchmark and agent runs', () => {
  it('gives a benchmark run the same scores whether or not an agent run filled the cache first', async () => {
    const dir = tempDir();
    const cases = join(BUNDLED_CASES_DIR, 'neurology.json');
    const clean = await runCli('run', '--cases', cases, '--tasks', 'difr', '--no-cache', '--out', join(dir, 'clean'));
    expect(clean.code).toBe(0);
    process.env.CLINICALLAB_CACHE_DIR = join(dir, 'cache');
    const agent = await runCli('agent', '--variant', '3@1', '--cases', cases, '--out', join(dir, 'agent'));
    expect(agent.code).toBe(0);
    const after = await runCli('run', '--cases', cases, '--tasks', 'difr', '--out', join(dir, 'after'));
    expect(after.code).toBe(0);
    expect(difr(clean.out)).toBe('100.00');
    expect(difr(after.out)).toBe(difr(clean.out));
  }, 60_000);
});
