/** The AI SDK providers against a loopback OpenAI-compatible server: what they send and what they give back. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModel } from '../../src/models/registry.js';
import { startMockOpenAI, type MockServer } from '../support/mock-openai.js';

let server: MockServer;
beforeAll(async () => {
  server = await startMockOpenAI();
});
afterAll(async () => server.close());

describe('providers through the registry', () => {
  it('openai-compatible: passes sampling parameters through and reports usage and finish reason', async () => {
    server.reset();
    server.respond({ kind: 'ok', text: 'Gastroenterology', usage: { prompt_tokens: 42, completion_tokens: 3 } });
    const model = await createModel(`openai-compatible:mock-model@${server.url}`, {}, { OPENAI_COMPATIBLE_API_KEY: 'sk-compat-1' });
    const r = await model.generate({ messages: [{ role: 'user', content: 'Which department?' }], temperature: 0, maxTokens: 64, seed: 7, topP: 0.9 });
    expect(r).toMatchObject({ text: 'Gastroenterology', usage: { inputTokens: 42, outputTokens: 3 }, finishReason: 'stop' });
    const body = server.calls[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ model: 'mock-model', temperature: 0, max_tokens: 64, seed: 7, top_p: 0.9 });
    expect(server.calls[0]!.headers.authorization).toBe('Bearer sk-compat-1');
  });

  it('openai: speaks chat completions (so OPENAI_BASE_URL can point at a proxy) and asks for JSON when given a schema', async () => {
    server.reset();
    server.respond({ kind: 'ok', text: '{"department":"Urology"}' });
    const saved = process.env.OPENAI_BASE_URL;
    process.env.OPENAI_BASE_URL = server.url;
    try {
      const model = await createModel('openai:mock-model', {}, { OPENAI_API_KEY: 'sk-openai-2' });
      const schema = { type: 'object', properties: { department: { type: 'string' } }, required: ['department'], additionalProperties: false };
      const r = await model.generate({ messages: [{ role: 'user', content: 'Which department?' }], jsonSchema: schema });
      expect(JSON.parse(r.text)).toEqual({ department: 'Urology' });
      const body = server.calls[0]!.body as { response_format?: { type: string } };
      expect(body.response_format?.type).toBe('json_schema');
      expect(server.calls[0]!.headers.authorization).toBe('Bearer sk-openai-2');
    } finally {
      if (saved === undefined) delete process.env.OPENAI_BASE_URL;
      else process.env.OPENAI_BASE_URL = saved;
    }
  });

  it('reports a length cut as finish reason "length"', async () => {
    server.reset();
    server.respond({ kind: 'ok', text: 'Prelim', finishReason: 'length' });
    const model = await createModel(`openai-compatible:mock-model@${server.url}`, {}, {});
    expect((await model.generate({ messages: [{ role: 'user', content: 'x' }], maxTokens: 1 })).finishReason).toBe('length');
  });
});
