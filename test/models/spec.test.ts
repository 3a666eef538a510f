import { describe, expect, it } from 'vitest';
import { ModelError, parseRetryAfter } from '../../src/models/errors.js';
import { costOf, priceOf } from '../../src/models/pricing.js';
import { apiKeyFor, createModel } from '../../src/models/registry.js';
import { parseModelSpec, redactUrl } from '../../src/models/spec.js';
import { toModelError } from '../../src/models/ai-sdk.js';

describe('model specs', () => {
  it.each([
    ['baseline', { provider: 'baseline', model: 'baseline', id: 'baseline' }],
    ['openai:gpt-4o-mini', { provider: 'openai', model: 'gpt-4o-mini', id: 'openai:gpt-4o-mini' }],
    ['anthropic:claude-3-5-haiku-latest', { provider: 'anthropic', model: 'claude-3-5-haiku-latest' }],
    ['google:gemini-2.0-flash', { provider: 'google', model: 'gemini-2.0-flash' }],
    ['ollama:llama3.1:8b', { provider: 'ollama', model: 'llama3.1:8b', id: 'ollama:llama3.1:8b' }],
    ['ollama:qwen2.5@http://10.0.0.5:11434/api', { provider: 'ollama', model: 'qwen2.5', baseURL: 'http://10.0.0.5:11434/api' }],
    ['llama-cpp:./models/tiny.gguf', { provider: 'llama-cpp', model: './models/tiny.gguf' }],
    [
      'openai-compatible:Qwen/Qwen2.5-7B-Instruct@http://127.0.0.1:8000/v1/',
      { provider: 'openai-compatible', model: 'Qwen/Qwen2.5-7B-Instruct', baseURL: 'http://127.0.0.1:8000/v1', id: 'openai-compatible:Qwen/Qwen2.5-7B-Instruct@http://127.0.0.1:8000/v1' },
    ],
  ])('reads %s', (spec, expected) => {
    expect(parseModelSpec(spec)).toMatchObject(expected);
  });

  it('keeps credentials out of the id: every query value and key-like path segment starred, user info refused', () => {
    const s = parseModelSpec('openai-compatible:m@https://api.example.com/gw/k3y0123456789abcdefXYZ/v1?api_key=sk-abc&x=1');
    expect(s.id).toBe('openai-compatible:m@https://api.example.com/gw/***/v1?api_key=***&x=***');
    expect(s.id).not.toContain('sk-abc');
    expect(s.baseURL).toContain('sk-abc'); // still used for the calls themselves
    expect(redactUrl('http://127.0.0.1:8000')).toBe('http://127.0.0.1:8000');
    expect(() => parseModelSpec('openai-compatible:m@https://user:s3cret@api.example.com/v1')).toThrow(/cannot carry credentials/);
    expect(() => parseModelSpec('openai-compatible:m@https://user:s3cret@api.example.com/v1')).not.toThrow(/s3cret/);
  });

  it.each([
    ['gpt-4o', /not a model spec/],
    ['foo:bar', /unknown provider "foo"/],
    ['openai:', /model name is missing/],
    ['openai-compatible:qwen', /openai-compatible:<model>@<baseURL>/],
    ['openai-compatible:qwen@ftp://x', /must start with http/],
  ])('explains what is wrong with %j', (spec, message) => {
    expect(() => parseModelSpec(spec)).toThrow(message);
  });
});

describe('keys, prices and errors', () => {
  it('reads keys from the provider’s usual variable or the one the config names, and insists for hosted models', () => {
    const openai = parseModelSpec('openai:gpt-4o');
    expect(apiKeyFor(openai, {}, { OPENAI_API_KEY: 'sk-env-123' })).toBe('sk-env-123');
    expect(apiKeyFor(openai, { apiKeyEnv: 'MY_KEY' }, { MY_KEY: 'sk-mine-456' })).toBe('sk-mine-456');
    expect(() => apiKeyFor(openai, {}, {})).toThrow(/needs an API key: set OPENAI_API_KEY/);
    expect(apiKeyFor(parseModelSpec('openai-compatible:m@http://127.0.0.1:1/v1'), {}, {})).toBeUndefined();
  });

  it('creates the built-in baseline without keys or network', async () => {
    const model = await createModel('baseline', {}, {});
    expect(model.id).toBe('baseline');
  });

  it('prices known models, treats local ones as free and unknown ones as unknown (not zero)', () => {
    expect(priceOf(parseModelSpec('openai:gpt-4o-mini'))).toEqual({ input: 0.15, output: 0.6 });
    expect(priceOf(parseModelSpec('ollama:llama3.1'))).toEqual({ input: 0, output: 0 });
    expect(priceOf(parseModelSpec('openai-compatible:m@http://h/v1'))).toBeUndefined();
    expect(priceOf(parseModelSpec('openai:gpt-4o'), { 'openai:gpt-4o': { input: 1, output: 2 } })).toEqual({ input: 1, output: 2 });
    expect(costOf({ inputTokens: 1_000_000, outputTokens: 500_000 }, { input: 2, output: 8 })).toBe(6);
    expect(costOf({ inputTokens: 10, outputTokens: 10 }, undefined)).toBeNull();
    expect(costOf({ inputTokens: 10 }, { input: 1, output: 1 })).toBeNull();
  });

  it('reads Retry-After in seconds, as a date and as milliseconds', () => {
    expect(parseRetryAfter({ 'Retry-After': '2' })).toBe(2000);
    expect(parseRetryAfter({ 'retry-after-ms': '150' })).toBe(150);
    expect(parseRetryAfter({ 'retry-after': new Date(61_000).toUTCString() }, 1_000)).toBe(60_000);
    expect(parseRetryAfter({})).toBeUndefined();
  });

  it('classifies SDK errors into retryable and final ones', () => {
    const api = (statusCode: number, headers: Record<string, string> = {}) => ({ name: 'AI_APICallError', statusCode, responseHeaders: headers, message: 'x' });
    expect(toModelError(api(429, { 'retry-after': '3' }))).toMatchObject({ kind: 'rate-limit', retryable: true, retryAfterMs: 3000 });
    expect(toModelError(api(503))).toMatchObject({ kind: 'server', retryable: true });
    expect(toModelError(api(200))).toMatchObject({ kind: 'invalid-response', retryable: true });
    expect(toModelError(api(401))).toMatchObject({ kind: 'auth', retryable: false });
    expect(toModelError(api(400))).toMatchObject({ kind: 'bad-request', retryable: false });
    expect(toModelError(Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) }))).toMatchObject({ kind: 'network', retryable: true });
    expect(toModelError(new ModelError('empty-response', 'e')).retryable).toBe(true);
    expect(toModelError(new Error('something else'))).toMatchObject({ kind: 'unknown', retryable: false });
  });
});
