/**
 * The in-process llama.cpp provider: runs a local GGUF model on the CPU through node-llama-cpp, an optional
 * dependency loaded only when this provider is asked for. One model holds one context sequence; calls queue on it
 * and each starts from an empty sequence, so no history leaks from one call into the next.
 */
import { stat } from 'node:fs/promises';
import type { ChatHistoryItem, GbnfJsonSchema, Llama, LlamaChat, LlamaContext, LlamaGrammar, LlamaModel } from 'node-llama-cpp';
import { ModelError } from './errors.js';
import type { ChatMessage, FinishReason, GenerateRequest, GenerateResult, Model } from './types.js';

export interface LlamaCppOptions {
  /** Path of the GGUF model file. */
  path: string;
  /** CPU threads for evaluation (default 1). */
  threads?: number;
  /** Context window in tokens (default 2048, or the model's training context when that is smaller). */
  contextSize?: number;
  /** Model id (default `llama-cpp:<path>`). */
  id?: string;
  /** How node-llama-cpp is loaded (default: a dynamic import); tests give one that fails, as when it is not installed. */
  importBinding?: () => Promise<NodeLlamaCpp>;
}

const DEFAULT_CONTEXT_SIZE = 2048;

type NodeLlamaCpp = typeof import('node-llama-cpp');

async function loadBinding(importBinding: () => Promise<NodeLlamaCpp> = () => import('node-llama-cpp')): Promise<NodeLlamaCpp> {
  try {
    return await importBinding();
  } catch (cause) {
    throw new ModelError(
      'unavailable',
      'node-llama-cpp is not installed, so llama-cpp models cannot run. It is an optional dependency: install it with `npm install node-llama-cpp@3.21.1`.',
      { cause },
    );
  }
}

const reasonOf = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause));

/** Chat messages as node-llama-cpp history, ending with the model turn to generate (an open one, or a prefill). */
export function toChatHistory(messages: ChatMessage[]): ChatHistoryItem[] {
  if (messages.length === 0) throw new ModelError('bad-request', 'llama-cpp: a request needs at least one message');
  const history: ChatHistoryItem[] = messages.map((m) =>
    m.role === 'assistant' ? { type: 'model', response: [m.content] } : { type: m.role, text: m.content },
  );
  if (messages[messages.length - 1]!.role !== 'assistant') history.push({ type: 'model', response: [] });
  return history;
}

function abortedError(signal: AbortSignal): ModelError {
  return new ModelError('aborted', `llama-cpp: request aborted (${reasonOf(signal.reason)})`, { cause: signal.reason });
}

/** Settle with `promise`, or reject as soon as `signal` aborts (the queued work then sees the signal and stops). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  promise.catch(() => undefined);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortedError(signal));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export async function createLlamaCppModel(options: LlamaCppOptions): Promise<Model> {
  const { path } = options;
  const threads = Math.max(1, Math.floor(options.threads ?? 1));
  const binding = await loadBinding(options.importBinding);

  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error('not a regular file');
  } catch (cause) {
    throw new ModelError('not-found', `llama-cpp: model file not found or unreadable: ${path} (${reasonOf(cause)})`, { cause });
  }

  let llama: Llama;
  try {
    llama = await binding.getLlama({ gpu: false, build: 'never', maxThreads: threads, logLevel: binding.LlamaLogLevel.error });
  } catch (cause) {
    throw new ModelError('unavailable', `llama-cpp: no usable prebuilt llama.cpp binary for this machine (${reasonOf(cause)})`, { cause });
  }

  let model: LlamaModel;
  let context: LlamaContext;
  try {
    model = await llama.loadModel({ modelPath: path });
  } catch (cause) {
    await llama.dispose();
    throw new ModelError('bad-request', `llama-cpp: cannot load model file ${path}: ${reasonOf(cause)}`, { cause });
  }
  try {
    const contextSize = options.contextSize ?? Math.min(DEFAULT_CONTEXT_SIZE, model.trainContextSize);
    context = await model.createContext({ contextSize, threads, sequences: 1 });
  } catch (cause) {
    await model.dispose();
    await llama.dispose();
    throw new ModelError('unavailable', `llama-cpp: cannot create a context for ${path}: ${reasonOf(cause)}`, { cause });
  }

  const sequence = context.getSequence();
  const chat: LlamaChat = new binding.LlamaChat({ contextSequence: sequence });
  const grammars = new Map<string, Promise<LlamaGrammar>>();
  let closed = false;

  function grammarFor(schema: Record<string, unknown>): Promise<LlamaGrammar> {
    const key = JSON.stringify(schema);
    let grammar = grammars.get(key);
    if (!grammar) {
      grammar = llama.createGrammarForJsonSchema<GbnfJsonSchema>(schema as GbnfJsonSchema);
      grammar.catch(() => grammars.delete(key));
      grammars.set(key, grammar);
    }
    return grammar;
  }

  async function run(request: GenerateRequest): Promise<GenerateResult> {
    const { signal } = request;
    if (closed) throw new ModelError('unavailable', 'llama-cpp: the model is closed');
    if (signal?.aborted) throw abortedError(signal);
    const history = toChatHistory(request.messages);

    let grammar: LlamaGrammar | undefined;
    if (request.jsonSchema) {
      try {
        grammar = await grammarFor(request.jsonSchema);
      } catch (cause) {
        throw new ModelError('bad-request', `llama-cpp: unsupported JSON schema: ${reasonOf(cause)}`, { cause });
      }
    }
    const stop = (request.stop ?? []).filter((s) => s.length > 0);
    // Refuse a prompt that does not fit rather than let the context shift silently drop part of the case.
    const promptTokens = request.messages.reduce((n, m) => n + model.tokenize(m.content).length, 0);
    const room = context.contextSize - (request.maxTokens ?? 0);
    if (promptTokens > room) {
      throw new ModelError('bad-request', `llama-cpp: the prompt (${promptTokens} tokens${request.maxTokens ? ` + ${request.maxTokens} to answer` : ''}) does not fit the context of ${context.contextSize} tokens; raise contextSize in the config`);
    }

    // Every call starts from an empty sequence: nothing of an earlier call is reused or seen.
    await sequence.clearHistory();
    const before = sequence.tokenMeter.getState();
    try {
      const response = await chat.generateResponse(history, {
        temperature: request.temperature ?? 0,
        repeatPenalty: false,
        ...(request.maxTokens !== undefined ? { maxTokens: Math.max(1, Math.floor(request.maxTokens)) } : {}),
        ...(request.seed !== undefined ? { seed: request.seed } : {}),
        ...(request.topP !== undefined ? { topP: request.topP } : {}),
        ...(request.topK !== undefined ? { topK: request.topK } : {}),
        ...(stop.length > 0 ? { customStopTriggers: stop } : {}),
        ...(grammar ? { grammar } : {}),
        ...(signal ? { signal } : {}),
      });
      if (signal?.aborted) throw abortedError(signal);
      // The meter books a token as output when its logits are read: each sampled token costs one such read, and the
      // prompt's last token is the first of them, so the prompt as evaluated is the input tokens plus that one.
      const used = sequence.tokenMeter.diff(before);
      const outputTokens = used.usedOutputTokens;
      const inputTokens = used.usedInputTokens + (outputTokens > 0 ? 1 : 0);
      const finishReason: FinishReason = response.metadata.stopReason === 'maxTokens' ? 'length' : 'stop';
      return { text: response.response, usage: { inputTokens, outputTokens }, finishReason };
    } catch (cause) {
      if (cause instanceof ModelError) throw cause;
      if (signal?.aborted) throw abortedError(signal);
      throw new ModelError('unknown', `llama-cpp: generation failed: ${reasonOf(cause)}`, { cause });
    }
  }

  // One sequence, one call at a time: each call waits for the one before it to settle.
  let tail: Promise<unknown> = Promise.resolve();
  function enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = tail.then(work, work);
    tail = next.catch(() => undefined);
    return next;
  }

  return {
    id: options.id ?? `llama-cpp:${path}`,
    generate(request: GenerateRequest): Promise<GenerateResult> {
      return untilAborted(
        enqueue(() => run(request)),
        request.signal,
      );
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await tail;
      chat.dispose();
      await context.dispose();
      await model.dispose();
      await llama.dispose();
    },
  };
}
