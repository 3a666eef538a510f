import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelError } from '../../src/models/errors.js';
import { createLlamaCppModel, toChatHistory } from '../../src/models/llama-cpp.js';
import type { GenerateRequest, Model } from '../../src/models/types.js';
import { writeTinyGguf } from '../support/gguf.js';

const missing: string | undefined = await import('node-llama-cpp').then(
  () => undefined,
  (error: unknown) => (error instanceof Error ? error.message : String(error)),
);
if (missing !== undefined) console.warn(`skipping the llama-cpp model tests: node-llama-cpp cannot be imported (${missing})`);

const ask = (content: string, extra: Partial<GenerateRequest> = {}): GenerateRequest => ({
  messages: [
    { role: 'system', content: 'You are a careful clinician.' },
    { role: 'user', content },
  ],
  maxTokens: 12,
  ...extra,
});

describe('toChatHistory', () => {
  it('maps roles and opens a model turn unless the last message is an assistant prefill', () => {
    expect(toChatHistory([{ role: 'user', content: 'hi' }])).toEqual([
      { type: 'user', text: 'hi' },
      { type: 'model', response: [] },
    ]);
    expect(toChatHistory([{ role: 'system', content: 's' }, { role: 'user', content: 'u' }, { role: 'assistant', content: 'a' }])).toEqual([
      { type: 'system', text: 's' },
      { type: 'user', text: 'u' },
      { type: 'model', response: ['a'] },
    ]);
    expect(() => toChatHistory([])).toThrow(ModelError);
  });
});

describe.skipIf(missing !== undefined)('llama-cpp model (tiny random GGUF)', { timeout: 120_000 }, () => {
  let dir: string;
  let path: string;
  let model: Model;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'clinicallab-llama-cpp-'));
    path = join(dir, 'tiny.gguf');
    writeTinyGguf(path, { seed: 7 });
    model = await createLlamaCppModel({ path, threads: 1, contextSize: 512 });
  }, 120_000);

  afterAll(async () => {
    await model?.close?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('loads and generates text with honest usage', async () => {
    expect(model.id).toBe(`llama-cpp:${path}`);
    const result = await model.generate(ask('Fever and cough for three days. What is the diagnosis?'));
    expect(typeof result.text).toBe('string');
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBeLessThanOrEqual(12);
    expect(['length', 'stop']).toContain(result.finishReason);
    if (result.finishReason === 'length') expect(result.usage.outputTokens).toBe(12);
  });

  it('refuses a prompt that does not fit its context instead of cutting the case', async () => {
    await expect(model.generate(ask('fever '.repeat(400), { maxTokens: 8 }))).rejects.toThrow(/does not fit the context of 512 tokens/);
  });

  it('runs through the registry and the runner like any other model', async () => {
    const { createModel } = await import('../../src/models/registry.js');
    const viaRegistry = await createModel(`llama-cpp:${path}`, { threads: 1, contextSize: 512 });
    const r = await viaRegistry.generate(ask('Headache.', { maxTokens: 4 }));
    expect(r.usage.outputTokens).toBeGreaterThan(0);
    await viaRegistry.close?.();
  });

  it('counts a longer prompt as more input tokens', async () => {
    const short = await model.generate(ask('Cough.', { maxTokens: 2 }));
    const long = await model.generate(ask('Cough. '.repeat(20), { maxTokens: 2 }));
    expect(long.usage.inputTokens!).toBeGreaterThan(short.usage.inputTokens!);
  });

  it('is deterministic at temperature 0', async () => {
    const request = ask('Chest pain radiating to the left arm.', { temperature: 0 });
    const first = await model.generate(request);
    const second = await model.generate(request);
    expect(second.text).toBe(first.text);
    expect(second.usage).toEqual(first.usage);
  });

  it('constrains output to a JSON schema', async () => {
    const result = await model.generate(
      // maxLength bounds the string, so even a random model closes the object: at most 8 characters of up to 6
      // tokens each (a \uXXXX escape) plus ~25 tokens of braces, key, whitespace and the grammar's closing newlines.
      ask('Answer in JSON.', {
        maxTokens: 128,
        jsonSchema: { type: 'object', properties: { answer: { type: 'string', maxLength: 8 } }, required: ['answer'] },
      }),
    );
    expect(result.finishReason).toBe('stop');
    const parsed = JSON.parse(result.text) as { answer?: unknown };
    expect(typeof parsed.answer).toBe('string');
  });

  it('stops at a stop string and leaves it out', async () => {
    const free = await model.generate(ask('Jaundice.', { maxTokens: 40 }));
    const at = [...free.text].findIndex((ch, i) => i > 0 && /[!-~]/.test(ch));
    expect(at).toBeGreaterThan(0);
    const stopChar = [...free.text][at]!;
    const stopped = await model.generate(ask('Jaundice.', { maxTokens: 40, stop: [stopChar] }));
    expect(stopped.finishReason).toBe('stop');
    expect(stopped.text).toBe(free.text.slice(0, free.text.indexOf(stopChar)));
  });

  it('serialises concurrent calls, each independent of the others', async () => {
    const a = ask('Headache and stiff neck.');
    const b = ask('Abdominal pain in the right lower quadrant.', { maxTokens: 8 });
    const alone = [await model.generate(a), await model.generate(b)];
    const together = await Promise.all([model.generate(a), model.generate(b), model.generate(a)]);
    expect(together.map((r) => r.text)).toEqual([alone[0]!.text, alone[1]!.text, alone[0]!.text]);
    expect(together[1]!.usage).toEqual(alone[1]!.usage);
  });

  it('rejects an aborted request as aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('shutdown'));
    await expect(model.generate(ask('Rash.', { signal: controller.signal }))).rejects.toMatchObject({ kind: 'aborted' });
    // The model still works afterwards.
    expect((await model.generate(ask('Rash.', { maxTokens: 2 }))).usage.outputTokens).toBeGreaterThan(0);
  });

  it('names the path of a missing model file', async () => {
    const gone = join(dir, 'no-such-model.gguf');
    const error = await createLlamaCppModel({ path: gone }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).kind).toBe('not-found');
    expect((error as ModelError).message).toContain(gone);
  });

  it('names the path of a file that is not a GGUF model', async () => {
    const junk = join(dir, 'junk.gguf');
    writeFileSync(junk, 'not a model at all');
    const error = await createLlamaCppModel({ path: junk }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).kind).toBe('bad-request');
    expect((error as ModelError).message).toContain(junk);
  });
});
