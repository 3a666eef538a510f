/**
 * The AI SDK providers against loopback servers — OpenAI-compatible, and each of the Anthropic, Google and Ollama
 * APIs: what they send (parameters, the key in its header) and what they give back. And llama-cpp when its
 * optional package is missing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelError } from '../../src/models/errors.js';
import { createLlamaCppModel } from '../../src/models/llama-cpp.js';
import { createModel } from '../../src/models/registry.js';
import { evaluatePlanned } from '../../src/run/evaluate.js';
import { modelEntries } from '../../src/run/setup.js';
import { startMockOpenAI, type MockServer } from '../support/mock-openai.js';
import { startMockProvider } from '../support/mock-providers.js';
import { tempDir } from '../helpers.js';
import { fixture, taxonomy } from '../run/harness.js';

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

describe('Anthropic, Google and Ollama, each against a loopback server of its own API', () => {
  const ask = { messages: [{ role: 'user' as const, content: 'Which department?' }], temperature: 0.2, maxTokens: 50 };

  it('anthropic: the Messages API, the key in x-api-key; text, token usage and finish reason come back', async () => {
    const api = await startMockProvider('anthropic', { text: 'Urology', inputTokens: 31, outputTokens: 2, stop: 'end_turn' });
    try {
      const model = await createModel('anthropic:claude-3-5-haiku-latest', { baseURL: api.url }, { ANTHROPIC_API_KEY: 'sk-ant-planted-41' });
      const r = await model.generate(ask);
      expect(r).toMatchObject({ text: 'Urology', usage: { inputTokens: 31, outputTokens: 2 }, finishReason: 'stop' });
      const call = api.calls[0]!;
      expect(call.path).toBe('/v1/messages');
      expect(call.headers['x-api-key']).toBe('sk-ant-planted-41');
      expect(call.headers.authorization).toBeUndefined();
      expect(call.body).toMatchObject({ model: 'claude-3-5-haiku-latest', temperature: 0.2, max_tokens: 50 });
      expect(JSON.stringify(r)).not.toContain('sk-ant-planted-41');
    } finally {
      await api.close();
    }
  });

  it('google: generateContent, the key in x-goog-api-key; a MAX_TOKENS stop is finish reason "length"', async () => {
    const api = await startMockProvider('google', { text: 'Urolo', inputTokens: 17, outputTokens: 50, stop: 'MAX_TOKENS' });
    try {
      const model = await createModel('google:gemini-mock', { baseURL: api.url }, { GOOGLE_GENERATIVE_AI_API_KEY: 'AIza-planted-42' });
      const r = await model.generate(ask);
      expect(r).toMatchObject({ text: 'Urolo', usage: { inputTokens: 17, outputTokens: 50 }, finishReason: 'length' });
      const call = api.calls[0]!;
      expect(call.path).toBe('/v1beta/models/gemini-mock:generateContent');
      expect(call.headers['x-goog-api-key']).toBe('AIza-planted-42');
      expect(call.body).toMatchObject({ generationConfig: { temperature: 0.2, maxOutputTokens: 50 } });
    } finally {
      await api.close();
    }
  });

  it('ollama: /api/chat (the server address alone is enough), sampling parameters in "options" where Ollama reads them', async () => {
    const api = await startMockProvider('ollama', { text: 'Urology', inputTokens: 12, outputTokens: 3, stop: 'stop' });
    try {
      const server = api.url.replace(/\/api$/, '');
      const model = await createModel(`ollama:llama-mock@${server}`, {}, {});
      const r = await model.generate({ ...ask, seed: 7 });
      expect(r).toMatchObject({ text: 'Urology', usage: { inputTokens: 12, outputTokens: 3 }, finishReason: 'stop' });
      const call = api.calls[0]!;
      expect(call.path).toBe('/api/chat');
      expect(call.body).toMatchObject({ model: 'llama-mock', stream: false, options: { temperature: 0.2, num_predict: 50, seed: 7 } });
    } finally {
      await api.close();
    }
  });

  it('a run through Anthropic and Google with base URLs from the config: keys are sent, and stored nowhere', async () => {
    const anthropic = await startMockProvider('anthropic');
    const google = await startMockProvider('google');
    const keys = { ANTHROPIC_API_KEY: 'sk-ant-planted-run-43', GOOGLE_GENERATIVE_AI_API_KEY: 'AIza-planted-run-44' };
    try {
      const f = await fixture();
      const config = { models: [{ spec: 'anthropic:claude-3-5-haiku-latest', baseURL: anthropic.url }, { spec: 'google:gemini-mock', baseURL: google.url }] };
      const models = modelEntries(undefined, config, { maxRetries: 0 });
      const dir = tempDir();
      const { result, manifest } = await evaluatePlanned({ dir, models, cases: f.loaded.cases.slice(0, 2), caseFiles: f.loaded.files, kinds: ['department-guide'], templates: f.templates, taxonomy, env: keys });
      expect(result).toMatchObject({ done: 4, errors: 0 });
      expect(anthropic.calls.map((c) => c.headers['x-api-key'])).toEqual([keys.ANTHROPIC_API_KEY, keys.ANTHROPIC_API_KEY]);
      expect(google.calls.map((c) => c.headers['x-goog-api-key'])).toEqual([keys.GOOGLE_GENERATIVE_AI_API_KEY, keys.GOOGLE_GENERATIVE_AI_API_KEY]);
      expect(manifest.models.map((m) => m.baseURL)).toEqual([anthropic.url, google.url]);
      for (const name of readdirSync(dir)) {
        const bytes = readFileSync(join(dir, name));
        for (const key of Object.values(keys)) expect(bytes.includes(key)).toBe(false);
      }
    } finally {
      await Promise.all([anthropic.close(), google.close()]);
    }
  });
});

describe('llama-cpp without node-llama-cpp', () => {
  it('says it is an optional dependency and how to install it', async () => {
    const notInstalled = () => Promise.reject(Object.assign(new Error("Cannot find package 'node-llama-cpp'"), { code: 'ERR_MODULE_NOT_FOUND' }));
    const created = createLlamaCppModel({ path: 'model.gguf', importBinding: notInstalled });
    await expect(created).rejects.toBeInstanceOf(ModelError);
    await expect(created).rejects.toMatchObject({ kind: 'unavailable', message: expect.stringContaining('node-llama-cpp is not installed, so llama-cpp models cannot run') });
    await expect(created).rejects.toThrow('npm install node-llama-cpp@3.21.1');
  });
});
