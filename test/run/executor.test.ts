/**
 * The executor on its own: a model's lane never has more requests in flight than its limit, whoever asks; the
 * budget refuses a call that would pass it; a model that cannot be made is refused the same way every time;
 * and the matcher's judge, going through it, is retried after a server error instead of giving up at once.
 */
import { describe, expect, it } from 'vitest';
import type { GenerateRequest, GenerateResult, Model } from '../../src/models/types.js';
import { matchJudge } from '../../src/metrics/match-judge.js';
import { ResponseCache } from '../../src/run/cache.js';
import { Executor } from '../../src/run/executor.js';
import { modelEntries } from '../../src/run/setup.js';
import { startMockOpenAI } from '../support/mock-openai.js';
import { tempDir } from '../helpers.js';

/** A model that answers after `ms`, counting how many of its calls are open at once. */
function countingModel(ms: number): Model & { most: number; calls: number } {
  let open = 0;
  const m = {
    id: 'baseline',
    most: 0,
    calls: 0,
    async generate(_r: GenerateRequest): Promise<GenerateResult> {
      m.calls++;
      open++;
      m.most = Math.max(m.most, open);
      await new Promise((r) => setTimeout(r, ms));
      open--;
      return { text: 'yes', usage: { inputTokens: 10, outputTokens: 10 }, finishReason: 'stop' } as GenerateResult;
    },
  };
  return m;
}

describe('the executor', () => {
  it('keeps each model within its concurrency, however many callers ask at once', async () => {
    const model = countingModel(30);
    const [entry] = modelEntries(['baseline'], {}, { concurrency: 2 });
    const executor = new Executor({ entries: [entry!], createModel: async () => model });
    const lane = await executor.lane(entry!);
    const outcomes = await Promise.all(Array.from({ length: 7 }, (_, i) => lane.ask({ messages: [{ role: 'user', content: `q${i}` }], temperature: 0 }, `k${i}`)));
    expect(outcomes.every((o) => o.status === 'done')).toBe(true);
    expect(model.calls).toBe(7);
    expect(model.most).toBe(2);
    expect(lane.inFlight).toBe(0);
  });

  it('reserves expected costs from one budget and refuses the call that would pass it', async () => {
    const [entry] = modelEntries(['baseline'], { pricing: { baseline: { input: 0, output: 1000 } } }, { maxTokens: 10 });
    const executor = new Executor({ entries: [entry!], createModel: async () => countingModel(0), maxCost: 0.035, spent: 0.01 });
    const lane = await executor.lane(entry!);
    // each call is expected to cost 10 tokens × $1000/M = $0.01; $0.01 was spent before
    const a = lane.reserve('');
    const b = lane.reserve('');
    expect(a).toBeCloseTo(0.01, 10);
    expect(b).toBeCloseTo(0.01, 10);
    expect(lane.reserve('')).toBe(false);
    lane.unreserve(b as number);
    expect(lane.reserve('')).toBeCloseTo(0.01, 10);
  });

  it('makes each model once; one that cannot be made is refused with its reason every time', async () => {
    let made = 0;
    const [good, bad] = modelEntries(['baseline', 'openai:gpt-4o-mini'], {});
    const executor = new Executor({
      entries: [good!, bad!],
      createModel: async (e) => {
        if (e.spec.provider === 'openai') throw new Error('no key in OPENAI_API_KEY');
        made++;
        return countingModel(0);
      },
    });
    expect(await executor.lane(good!)).toBe(await executor.lane(good!));
    expect(made).toBe(1);
    await expect(executor.lane(bad!)).rejects.toThrow('no key in OPENAI_API_KEY');
    await expect(executor.lane(bad!)).rejects.toThrow('no key in OPENAI_API_KEY');
    await executor.close();
  });

  it('retries the matcher’s judge after a server error, and caches its answer', async () => {
    const server = await startMockOpenAI();
    const cache = new ResponseCache(tempDir());
    try {
      server.respond([{ kind: 'server-error', status: 503 }, { kind: 'ok', text: 'Yes' }]);
      const judge = await matchJudge(`openai-compatible:judge@${server.url}`, { cache });
      expect(await judge('Is A the same disease as B?')).toBe('Yes');
      expect(server.calls).toHaveLength(2);
      expect(await judge('Is A the same disease as B?')).toBe('Yes'); // from the cache
      expect(server.calls).toHaveLength(2);
      server.respond({ kind: 'server-error', status: 400, message: 'bad request' });
      await expect(judge('Another question?')).rejects.toBeInstanceOf(Error);
    } finally {
      cache.close();
      await server.close();
    }
  });
});
