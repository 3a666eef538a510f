/** The loopback OpenAI-compatible mock: each behaviour over plain fetch, the AI SDK against it, and its bookkeeping. */
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateText, streamText } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseSections } from '../../src/tasks/sections.js';
import { defaultAnswer, mockTokenCount, startMockOpenAI, type MockServer } from './mock-openai.js';

let server: MockServer;

beforeAll(async () => {
  server = await startMockOpenAI();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.respond({ kind: 'ok' });
  server.answerWith(defaultAnswer);
  server.reset();
});

function chat(body: Record<string, unknown> = {}, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-plain' },
    body: JSON.stringify({ model: 'mock-model', messages: [{ role: 'user', content: 'hello there' }], ...body }),
    ...init,
  });
}

async function waitFor(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 5));
  }
}

interface Completion {
  id: string;
  object: string;
  created: number;
  model: string;
  choices: { index: number; message: { role: string; content: string }; finish_reason: string }[];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

describe('plain fetch', () => {
  it('ok: a complete chat.completion with an echo answer and counted usage', async () => {
    const res = await chat({ messages: [{ role: 'system', content: 'be brief' }, { role: 'user', content: 'What   is\nthe diagnosis of this patient with a long history?' }] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = (await res.json()) as Completion;
    expect(body).toMatchObject({ object: 'chat.completion', model: 'mock-model', id: 'chatcmpl-mock-0' });
    expect(typeof body.created).toBe('number');
    expect(body.choices).toHaveLength(1);
    expect(body.choices[0]).toMatchObject({ index: 0, message: { role: 'assistant', content: 'echo: What is the diagnosis of this patient wi' }, finish_reason: 'stop' });
    expect(body.usage).toEqual({ prompt_tokens: 2 + 11, completion_tokens: 9, total_tokens: 22 });
  });

  it('ok: text, finish reason and usage can be given; answerWith replaces the default text', async () => {
    server.respond({ kind: 'ok', text: 'fixed', finishReason: 'length', usage: { prompt_tokens: 7, completion_tokens: 3 } });
    const a = (await (await chat()).json()) as Completion;
    expect(a.choices[0]).toMatchObject({ message: { content: 'fixed' }, finish_reason: 'length' });
    expect(a.usage).toEqual({ prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 });

    server.respond({ kind: 'ok' });
    server.answerWith((c) => `#${c.index} ${c.model}`);
    const b = (await (await chat({ model: 'other' })).json()) as Completion;
    expect(b.choices[0]!.message.content).toBe('#1 other');
    expect(b.model).toBe('other');
  });

  it('default answer: the six-section clinical answer when the prompt asks for it, in its language', () => {
    const ask = (content: string) => defaultAnswer({ index: 0, model: 'm', messages: [{ role: 'user', content }], body: {}, headers: {}, url: '/v1/chat/completions', receivedAt: 0 });
    const en = parseSections(ask('Give Preliminary Diagnosis: ... and Treatment Plan: ...'));
    expect(en.found).toEqual(['preliminary', 'basis', 'differential', 'principal', 'principle', 'plan']);
    expect(en.sections.principal).toBe('Community-acquired pneumonia');
    const zh = parseSections(ask('初步诊断：…… 治疗计划：……'));
    expect(zh.found).toHaveLength(6);
    expect(zh.sections.principal).toBe('社区获得性肺炎');
    expect(ask('你好')).toBe('echo: 你好');
    expect(mockTokenCount('肺炎 is  bad')).toBe(4);
  });

  it('slow: answers after its delay', async () => {
    server.respond({ kind: 'slow', delayMs: 120, text: 'late' });
    const t0 = Date.now();
    const body = (await (await chat()).json()) as Completion;
    expect(Date.now() - t0).toBeGreaterThanOrEqual(110);
    expect(body.choices[0]!.message.content).toBe('late');
  });

  it('rate-limit: 429 with Retry-After and retry-after-ms when given, in the OpenAI error shape', async () => {
    server.respond({ kind: 'rate-limit', retryAfterSeconds: 3, retryAfterMs: 250 });
    const res = await chat();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(res.headers.get('retry-after-ms')).toBe('250');
    expect(await res.json()).toEqual({ error: { message: expect.any(String), type: 'rate_limit_error', param: null, code: 'rate_limit_exceeded' } });

    server.respond({ kind: 'rate-limit' });
    const bare = await chat();
    expect(bare.status).toBe(429);
    expect(bare.headers.get('retry-after')).toBeNull();
    expect(bare.headers.get('retry-after-ms')).toBeNull();
  });

  it('server-error: 500 by default, or the status given', async () => {
    server.respond({ kind: 'server-error' });
    const res = await chat();
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ error: { type: 'server_error', code: 'internal_error' } });
    for (const status of [502, 503]) {
      server.respond({ kind: 'server-error', status });
      const r = await chat();
      expect(r.status).toBe(status);
      expect(((await r.json()) as { error: { message: string } }).error.message).toContain(String(status));
    }
  });

  it('drop: the connection is destroyed and fetch rejects', async () => {
    server.respond({ kind: 'drop' });
    await expect(chat()).rejects.toThrow(TypeError);
    expect(server.calls.map((c) => c.behaviour)).toEqual(['drop']);
    await waitFor(() => server.inFlight() === 0);
  });

  it('truncated: 200 with half a JSON body', async () => {
    server.respond({ kind: 'truncated' });
    const res = await chat();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const text = await res.text();
    expect(text.startsWith('{"id":"chatcmpl-mock-0"')).toBe(true);
    expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError);
  });

  it('non-json: 200 with an HTML page', async () => {
    server.respond({ kind: 'non-json' });
    const res = await chat();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toMatch(/^<!DOCTYPE html>/);
  });

  it('empty: a valid completion whose content is ""', async () => {
    server.respond({ kind: 'empty' });
    const body = (await (await chat()).json()) as Completion;
    expect(body.choices[0]).toMatchObject({ message: { role: 'assistant', content: '' }, finish_reason: 'stop' });
    expect(body.usage.completion_tokens).toBe(0);
  });

  it('never: the request hangs until the client aborts, then stops counting as in flight', async () => {
    server.respond({ kind: 'never' });
    const t0 = Date.now();
    await expect(chat({}, { signal: AbortSignal.timeout(150) })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    expect(server.calls).toHaveLength(1);
    await waitFor(() => server.inFlight() === 0);
  });

  it('a queue is consumed in order, then the fallback answers; a function decides per call', async () => {
    server.respond([{ kind: 'rate-limit' }, { kind: 'server-error', status: 503 }], { kind: 'ok', text: 'after' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await chat()).status);
    expect(statuses).toEqual([429, 503, 200, 200]);
    expect(server.calls.map((c) => c.behaviour)).toEqual(['rate-limit', 'server-error', 'ok', 'ok']);

    server.respond((c) => (c.messages.at(-1)?.content === 'fail' ? { kind: 'server-error' } : { kind: 'ok' }));
    expect((await chat({ messages: [{ role: 'user', content: 'fail' }] })).status).toBe(500);
    expect((await chat()).status).toBe(200);
  });

  it('records each call: model, flattened messages, body, headers (Authorization included)', async () => {
    await chat({ model: 'm1', temperature: 0, messages: [{ role: 'system', content: 'sys' }, { role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'image_url', image_url: { url: 'x' } }, { type: 'text', text: 'b' }] }] });
    expect(server.calls).toHaveLength(1);
    const call = server.calls[0]!;
    expect(call).toMatchObject({ index: 0, model: 'm1', behaviour: 'ok', messages: [{ role: 'system', content: 'sys' }, { role: 'user', content: 'a\nb' }] });
    expect(call.body).toMatchObject({ temperature: 0 });
    expect(call.headers.authorization).toBe('Bearer sk-plain');
    expect(Math.abs(call.receivedAt - Date.now())).toBeLessThan(60_000); // a time of day in ms, not a monotonic clock
  });

  it('streams the same text as server-sent events when stream is true', async () => {
    server.respond({ kind: 'ok', text: 'one two three four five' });
    const res = await chat({ stream: true, stream_options: { include_usage: true } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const lines = (await res.text()).split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6));
    expect(lines.at(-1)).toBe('[DONE]');
    const chunks = lines.slice(0, -1).map((l) => JSON.parse(l) as { object: string; choices: { delta: { content?: string }; finish_reason: string | null }[]; usage?: unknown });
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('one two three four five');
    expect(chunks.some((c) => c.choices[0]?.finish_reason === 'stop')).toBe(true);
    expect(chunks.at(-1)!.usage).toEqual({ prompt_tokens: 2, completion_tokens: 5, total_tokens: 7 });
  });

  it('routes: GET /v1/models lists one model; unknown paths 404, wrong method 405, bad bodies 400 (not recorded)', async () => {
    const models = await fetch(`${server.url}/models`);
    expect(await models.json()).toEqual({ object: 'list', data: [{ id: 'mock-model', object: 'model', created: 0, owned_by: 'clinicallab-mock' }] });

    const missing = await fetch(`${server.url}/responses`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'not_found', message: expect.stringContaining('/v1/responses') } });

    const get = await fetch(`${server.url}/chat/completions`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');

    const bad = await fetch(`${server.url}/chat/completions`, { method: 'POST', body: '{"model":' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_json' } });
    expect((await fetch(`${server.url}/chat/completions`, { method: 'POST', body: '{"model":"m"}' })).status).toBe(400);
    expect(server.calls).toHaveLength(0);
  });
});

describe('the AI SDK against the mock', () => {
  const compatible = () => createOpenAICompatible({ name: 'mock', baseURL: server.url, apiKey: 'sk-test' })('mock-model');

  it('generateText (openai-compatible) returns the text and usage; the API key travels as a Bearer header', async () => {
    const result = await generateText({ model: compatible(), prompt: 'hi', maxRetries: 0 });
    expect(result.text).toBe('echo: hi');
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toMatchObject({ inputTokens: 1, outputTokens: 2, totalTokens: 3 });
    expect(server.calls).toHaveLength(1);
    const call = server.calls[0]!;
    expect(call.headers.authorization).toBe('Bearer sk-test');
    // generateText's own user-agent (`ai/<version> ...`) replaces the provider's `ai-sdk/openai-compatible/<version>` one.
    expect(String(call.headers['user-agent'])).toMatch(/^ai\/\d/);
    expect(call.messages).toEqual([{ role: 'user', content: 'hi' }]);
    expect(call.body).toEqual({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] });
  });

  it('generateText with @ai-sdk/openai chat models works too (the default openai(id) model would call /responses)', async () => {
    const openai = createOpenAI({ baseURL: server.url, apiKey: 'sk-openai' });
    const result = await generateText({ model: openai.chat('gpt-4o-mini'), system: 'sys', prompt: 'hello', temperature: 0, maxRetries: 0 });
    expect(result.text).toBe('echo: hello');
    expect(server.calls[0]!.headers.authorization).toBe('Bearer sk-openai');
    expect(server.calls[0]!.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0, messages: [{ role: 'system', content: 'sys' }, { role: 'user', content: 'hello' }] });
  });

  it('streamText reads the streamed answer', async () => {
    server.respond({ kind: 'ok', text: 'streamed answer in several pieces' });
    const result = streamText({ model: compatible(), prompt: 'hi', maxRetries: 0 });
    expect(await result.text).toBe('streamed answer in several pieces');
    expect(server.calls[0]!.body).toMatchObject({ stream: true });
  });

  it('sends a reasoning model’s reasoning apart from its answer, streamed or not, and a finish reason of length', async () => {
    server.respond({ kind: 'ok', text: 'Urology', reasoning: 'colic radiating to the groin', finishReason: 'length' });
    const plain = await generateText({ model: compatible(), prompt: 'hi', maxRetries: 0 });
    expect({ text: plain.text, reasoning: plain.reasoningText, finish: plain.finishReason }).toEqual({ text: 'Urology', reasoning: 'colic radiating to the groin', finish: 'length' });
    const streamed = streamText({ model: compatible(), prompt: 'hi', maxRetries: 0 });
    expect({ text: await streamed.text, reasoning: await streamed.reasoningText, finish: await streamed.finishReason }).toEqual({ text: 'Urology', reasoning: 'colic radiating to the groin', finish: 'length' });
  });

  it('errors surface as APICallErrors; the SDK honours retry-after-ms', async () => {
    server.respond({ kind: 'rate-limit', retryAfterSeconds: 1 });
    const err: unknown = await generateText({ model: compatible(), prompt: 'hi', maxRetries: 0 }).catch((e: unknown) => e);
    expect(APICallError.isInstance(err)).toBe(true);
    expect(err).toMatchObject({ statusCode: 429, isRetryable: true, responseHeaders: { 'retry-after': '1' } });

    server.respond({ kind: 'truncated' });
    const bad: unknown = await generateText({ model: compatible(), prompt: 'hi', maxRetries: 0 }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ message: 'Invalid JSON response', statusCode: 200 });

    server.reset();
    server.respond([{ kind: 'rate-limit', retryAfterMs: 20 }], { kind: 'ok', text: 'second time' });
    const retried = await generateText({ model: compatible(), prompt: 'hi', maxRetries: 1 });
    expect(retried.text).toBe('second time');
    // the SDK waited the 20 ms asked for: its own first back-off, had it ignored retry-after-ms, is 2 s
    expect(server.calls[1]!.receivedAt - server.calls[0]!.receivedAt).toBeLessThan(2000);
    expect(server.calls.map((c) => c.behaviour)).toEqual(['rate-limit', 'ok']);
  });
});

describe('bookkeeping and lifetime', () => {
  it('inFlight and maxInFlight count concurrent requests; reset clears calls and the high-water mark', async () => {
    server.respond({ kind: 'slow', delayMs: 100 });
    const pending = Array.from({ length: 5 }, () => chat());
    await waitFor(() => server.inFlight() === 5);
    await Promise.all(pending);
    await waitFor(() => server.inFlight() === 0);
    expect(server.maxInFlight()).toBe(5);
    expect(server.calls).toHaveLength(5);
    server.reset();
    expect(server.calls).toHaveLength(0);
    expect(server.maxInFlight()).toBe(0);
    await chat();
    expect(server.maxInFlight()).toBe(1);
    expect(server.calls[0]!.index).toBe(0);
  });

  it('latencyMs delays every ok answer', async () => {
    const slow = await startMockOpenAI({ latencyMs: 100 });
    try {
      const t0 = Date.now();
      const res = await fetch(`${slow.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'm', messages: [] }) });
      expect(res.status).toBe(200);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(90);
    } finally {
      await slow.close();
    }
  });

  it('close() returns promptly with never and slow requests open, failing them', async () => {
    const s = await startMockOpenAI();
    s.respond([{ kind: 'never' }, { kind: 'never' }, { kind: 'slow', delayMs: 60_000 }]);
    const post = () => fetch(`${s.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x' }] }) });
    const pending = [post(), post(), post()].map((p) => p.then(() => 'answered', () => 'failed'));
    await waitFor(() => s.inFlight() === 3);
    const t0 = Date.now();
    await s.close();
    expect(Date.now() - t0).toBeLessThan(10_000); // not the minute of the slow answer, nor forever for the others
    expect(await Promise.all(pending)).toEqual(['failed', 'failed', 'failed']);
    expect(s.inFlight()).toBe(0);
    await s.close(); // idempotent
  });
});
