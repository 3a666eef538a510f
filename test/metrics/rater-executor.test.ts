/**
 * The 4-dimension rater (`clinicallab judge`) calls its models through the executor like a run does: several
 * answers rated at once within the model's concurrency, `--max-cost` obeyed over the whole run directory, and a
 * run stopped by its budget resumed without asking a stored rating again. Real CLI, real loopback server.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockServer } from '../support/mock-openai.js';
import { runCli, tempDir } from '../helpers.js';

const RATING = 'Fluency: 80\nRelevance: 70\nCompleteness: 60\nProficiency: 50';

describe('the 4-dimension rater through the executor', () => {
  let server: MockServer;
  let run: string;
  beforeAll(async () => {
    server = await startMockOpenAI();
    run = join(tempDir(), 'run');
    const r = await runCli('run', '--limit', '6', '--tasks', 'pd', '--out', run, '--no-cache');
    expect(r.code).toBe(0);
  });
  afterAll(async () => server.close());

  const rater = (name: string): string => `openai-compatible:${name}@${server.url}`;
  const copyOf = async (): Promise<string> => {
    // each test rates its own copy of the run, so one test's stored ratings never answer another's
    const dir = join(tempDir(), 'copy');
    const r = await runCli('run', '--limit', '6', '--tasks', 'pd', '--out', dir, '--no-cache');
    expect(r.code).toBe(0);
    return dir;
  };

  it('rates several answers at once, never more than the model’s concurrency', async () => {
    let most = 0;
    server.respond(() => {
      most = Math.max(most, server.inFlight());
      return { kind: 'ok', text: RATING, delayMs: 150 };
    });
    const r = await runCli('judge', run, '--judge', rater('wide'), '--concurrency', '3', '--no-cache', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as { models: { n: number; judgeErrors: number }[] };
    expect(out.models).toMatchObject([{ n: 6, judgeErrors: 0 }]);
    expect(server.calls.filter((c) => c.model === 'wide')).toHaveLength(6);
    expect(most).toBe(3);

    most = 0;
    const narrow = await runCli('judge', run, '--judge', rater('narrow'), '--concurrency', '1', '--no-cache', '--json');
    expect(narrow.code).toBe(0);
    expect(most).toBe(1);
  });

  it('stops starting ratings at --max-cost, and a second invocation rates only what is left', async () => {
    const dir = await copyOf();
    const config = join(tempDir(), 'clinicallab.config.yaml');
    // every rating costs exactly $0.01 (10 answer tokens at $1000 per million, prompts free)
    writeFileSync(config, ['pricing:', `  "${rater('priced')}": { input: 0, output: 1000 }`].join('\n'));
    server.respond({ kind: 'ok', text: RATING, usage: { prompt_tokens: 0, completion_tokens: 10 } });
    server.reset();
    const first = await runCli('judge', dir, '--judge', rater('priced'), '--config', config, '--max-tokens', '10', '--concurrency', '1', '--max-cost', '0.035', '--no-cache', '--json');
    expect(first.code).toBe(1);
    expect(first.err).toContain('budget reached');
    expect(first.err).toContain('3 answers left unrated');
    expect((JSON.parse(first.out) as { models: { n: number }[] }).models).toMatchObject([{ n: 3 }]);
    expect(server.calls).toHaveLength(3);

    server.reset();
    const second = await runCli('judge', dir, '--judge', rater('priced'), '--config', config, '--max-tokens', '10', '--concurrency', '1', '--max-cost', '1', '--no-cache', '--json');
    expect(second.code).toBe(0);
    expect((JSON.parse(second.out) as { models: { n: number }[] }).models).toMatchObject([{ n: 6 }]);
    expect(server.calls).toHaveLength(3); // the three stored ratings were not asked again

    // the budget covers the run directory: with $0.06 already spent, a budget of $0.05 starts nothing new
    server.reset();
    const third = await runCli('judge', dir, '--judge', rater('priced'), '--config', config, '--max-tokens', '10', '--max-cost', '0.05', '--no-cache', '--json');
    expect(third.code).toBe(0);
    expect(server.calls).toHaveLength(0);
  });

  it('is `clinicallab rate --model`, `judge --judge` still working: the same ratings either way', async () => {
    server.respond({ kind: 'ok', text: RATING });
    const rate = await runCli('rate', run, '--model', rater('named'), '--no-cache', '--json');
    expect(rate.code, rate.err).toBe(0);
    const old = await runCli('judge', run, '--judge', rater('named'), '--no-cache', '--json');
    expect(old.code, old.err).toBe(0);
    expect(JSON.parse(old.out)).toEqual(JSON.parse(rate.out));
    expect((JSON.parse(rate.out) as { models: { n: number }[] }).models).toMatchObject([{ n: 6 }]);
    const none = await runCli('rate', run);
    expect(none.code).toBe(2);
    expect(none.err).toContain('--model');
  });

  it('refuses --max-cost for a rater without a price, before anything is asked', async () => {
    server.reset();
    const r = await runCli('judge', run, '--judge', rater('unpriced'), '--max-cost', '1', '--no-cache');
    expect(r.code).toBe(2);
    expect(r.err).toContain('--max-cost needs a price');
    expect(server.calls).toHaveLength(0);
  });
});
