/**
 * Hosted and server models through the Vercel AI SDK: OpenAI, Anthropic, Google, any OpenAI-compatible server
 * (vLLM, SGLang, llama.cpp server, LM Studio, DeepSeek, DashScope, OpenRouter) and Ollama. The SDK's own retries
 * are off (`maxRetries: 0`): the runner owns retries and backoff. SDK errors are classified into ModelErrors.
 */
import { ModelError, kindForStatus, parseRetryAfter, type ModelErrorKind } from './errors.js';
import type { ModelSpec } from './spec.js';
import type { FinishReason, GenerateRequest, GenerateResult, Model } from './types.js';

export interface Credentials {
  apiKey?: string;
  headers?: Record<string, string>;
  /** Where the provider's API is, when not at its usual address (a proxy, a gateway, a test server). */
  baseURL?: string;
}

/** Ollama's API lives under /api; a base URL given as just the server (http://host:11434) gets it added. */
function ollamaApiURL(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return /\/api$/.test(trimmed) ? trimmed : `${trimmed}/api`;
}

/**
 * A base URL's query (`?api-version=…&subscription-key=…`, as some gateways want) taken apart: the provider puts
 * the path after the URL and sends the parameters with every request.
 */
function splitQuery(baseURL: string): { url: string; queryParams?: Record<string, string> } {
  const u = new URL(baseURL);
  if (u.search === '') return { url: baseURL };
  const queryParams = Object.fromEntries(u.searchParams);
  u.search = '';
  return { url: u.toString().replace(/\/+$/, ''), queryParams };
}

type LanguageModel = Parameters<typeof import('ai').generateText>[0]['model'];

async function languageModel(spec: ModelSpec, creds: Credentials): Promise<LanguageModel> {
  const common = { ...(creds.apiKey !== undefined ? { apiKey: creds.apiKey } : {}), ...(creds.headers ? { headers: creds.headers } : {}) };
  const baseURL = spec.baseURL ?? creds.baseURL;
  const at = baseURL ? { baseURL } : {};
  switch (spec.provider) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      return createOpenAI({ ...common, ...at }).chat(spec.model);
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ ...common, ...at })(spec.model);
    }
    case 'google': {
      const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
      return createGoogleGenerativeAI({ ...common, ...at })(spec.model);
    }
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      const { url, queryParams } = splitQuery(spec.baseURL!);
      return createOpenAICompatible({ name: 'openai-compatible', baseURL: url, ...(queryParams ? { queryParams } : {}), ...common, includeUsage: true })(spec.model);
    }
    case 'ollama': {
      const { createOllama } = await import('ollama-ai-provider-v2');
      return createOllama({ ...(baseURL ? { baseURL: ollamaApiURL(baseURL) } : {}), ...(creds.headers ? { headers: creds.headers } : {}) })(spec.model);
    }
    default:
      throw new ModelError('bad-request', `the AI SDK does not serve provider "${spec.provider}"`);
  }
}

/**
 * Ollama's /api/chat reads sampling parameters from its `options` object only; the provider puts them at the
 * top level, where Ollama ignores them — so temperature 0 would not be temperature 0. They go in `options`.
 */
function ollamaOptions(r: GenerateRequest): Record<string, number | string[]> {
  return {
    temperature: r.temperature ?? 0,
    ...(r.maxTokens !== undefined ? { num_predict: r.maxTokens } : {}),
    ...(r.seed !== undefined ? { seed: r.seed } : {}),
    ...(r.topP !== undefined ? { top_p: r.topP } : {}),
    ...(r.topK !== undefined ? { top_k: r.topK } : {}),
    ...(r.stop ? { stop: r.stop } : {}),
  };
}

function finishReason(value: unknown): FinishReason {
  const known: FinishReason[] = ['stop', 'length', 'content-filter', 'tool-calls', 'error', 'other'];
  const v = typeof value === 'string' ? value : typeof value === 'object' && value !== null && 'unified' in value ? String((value as { unified: unknown }).unified) : '';
  return (known as string[]).includes(v) ? (v as FinishReason) : 'unknown';
}

/** The first tool call of an answer as text (`{"action": name, ...arguments}`), or undefined when it called none. */
export function toolCallText(calls: readonly { toolName: string; input: unknown }[] | undefined): string | undefined {
  const call = calls?.[0];
  if (!call) return undefined;
  const args = typeof call.input === 'object' && call.input !== null && !Array.isArray(call.input) ? call.input : { input: call.input };
  return JSON.stringify({ action: call.toolName, ...args });
}

/** Create a Model backed by the AI SDK. Credentials are used for calls only and kept nowhere else. */
export async function createAiSdkModel(spec: ModelSpec, creds: Credentials = {}): Promise<Model> {
  const model = await languageModel(spec, creds);
  const { generateText, Output, jsonSchema, tool } = await import('ai');
  return {
    id: spec.id,
    async generate(request: GenerateRequest): Promise<GenerateResult> {
      try {
        const result = await generateText({
          model,
          messages: request.messages,
          maxRetries: 0,
          temperature: request.temperature ?? 0,
          ...(request.maxTokens !== undefined ? { maxOutputTokens: request.maxTokens } : {}),
          ...(request.seed !== undefined ? { seed: request.seed } : {}),
          ...(request.topP !== undefined ? { topP: request.topP } : {}),
          ...(request.topK !== undefined ? { topK: request.topK } : {}),
          ...(request.stop ? { stopSequences: request.stop } : {}),
          ...(request.signal ? { abortSignal: request.signal } : {}),
          ...(request.jsonSchema ? { output: Output.object({ schema: jsonSchema(request.jsonSchema) }) } : {}),
          ...(spec.provider === 'ollama' ? { providerOptions: { ollama: { options: ollamaOptions(request) } } } : {}),
          ...(request.tools?.length ? { tools: Object.fromEntries(request.tools.map((t) => [t.name, tool({ description: t.description, inputSchema: jsonSchema(t.parameters) })])) } : {}),
        });
        return {
          text: toolCallText(result.toolCalls) ?? result.text,
          usage: {
            ...(result.usage.inputTokens !== undefined ? { inputTokens: result.usage.inputTokens } : {}),
            ...(result.usage.outputTokens !== undefined ? { outputTokens: result.usage.outputTokens } : {}),
          },
          finishReason: finishReason(result.finishReason),
          ...(result.reasoningText ? { reasoning: result.reasoningText } : {}),
          ...(result.response.modelId ? { responseModel: result.response.modelId } : {}),
        };
      } catch (err) {
        throw toModelError(err, request.signal);
      }
    },
  };
}

const NETWORK_CODES = /ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|UND_ERR_SOCKET|UND_ERR_CONNECT|other side closed|socket hang up|fetch failed|terminated/i;

function describeCause(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e instanceof Error) {
      const code = (e as NodeJS.ErrnoException).code;
      parts.push(code ? `${e.message} (${code})` : e.message);
      e = e.cause;
    } else break;
  }
  return parts.join(': ');
}

/** Classify anything the SDK throws. Pure: duck-typed on error names so it needs no SDK import. */
export function toModelError(err: unknown, signal?: AbortSignal): ModelError {
  if (err instanceof ModelError) return err;
  const e = err as { name?: string; statusCode?: number; responseHeaders?: Record<string, string>; message?: string; cause?: unknown; lastError?: unknown };
  const message = describeCause(err) || String(err);
  if (e?.name === 'AI_RetryError' && e.lastError) return toModelError(e.lastError, signal);
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError' || signal?.aborted) {
    const reason = signal?.reason as { name?: string } | undefined;
    const timedOut = e?.name === 'TimeoutError' || reason?.name === 'TimeoutError';
    return new ModelError(timedOut ? 'timeout' : 'aborted', timedOut ? 'the request timed out' : 'the request was cancelled', { cause: err });
  }
  if (e?.name === 'AI_APICallError') {
    if (typeof e.statusCode === 'number') {
      // A 2xx that fails anyway means the body was cut or not JSON: worth another try.
      const kind: ModelErrorKind = e.statusCode < 400 ? 'invalid-response' : kindForStatus(e.statusCode);
      const retryAfterMs = parseRetryAfter(e.responseHeaders);
      return new ModelError(kind, `HTTP ${e.statusCode}: ${e.message ?? ''}`.trim(), { status: e.statusCode, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}), cause: err });
    }
    return new ModelError(NETWORK_CODES.test(message) ? 'network' : 'unknown', message, { cause: err });
  }
  if (e?.name === 'AI_JSONParseError' || e?.name === 'AI_InvalidResponseDataError' || e?.name === 'AI_TypeValidationError' || e?.name === 'AI_EmptyResponseBodyError') {
    return new ModelError('invalid-response', `the server's response could not be read: ${e.message ?? ''}`, { cause: err });
  }
  if (e?.name === 'AI_NoContentGeneratedError' || e?.name === 'AI_NoObjectGeneratedError' || e?.name === 'AI_NoOutputGeneratedError') {
    return new ModelError('empty-response', e.message ?? 'no content', { cause: err });
  }
  if (e?.name === 'AI_LoadAPIKeyError') return new ModelError('auth', e.message ?? 'API key missing', { cause: err });
  if (NETWORK_CODES.test(message)) return new ModelError('network', message, { cause: err });
  return new ModelError('unknown', message, { cause: err });
}
