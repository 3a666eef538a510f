/**
 * A loopback OpenAI-compatible chat server for tests and benchmarks: a real `node:http` server on 127.0.0.1 and a
 * free port, speaking enough of the chat-completions protocol for the AI SDK (`@ai-sdk/openai-compatible`, and
 * `@ai-sdk/openai` through `.chat(id)`) and for plain `fetch`. Each request is answered as the test plans it:
 * a normal completion, a slow one, a rate limit, a server error, a dropped connection, a cut-off or non-JSON
 * body, an empty completion, or no answer at all.
 *
 * Routes (everything else is a 404 in the OpenAI error shape):
 * - `POST /v1/chat/completions` (also under a longer path, `/gateway/…/v1/chat/completions`) — the planned behaviour. `stream: true` is supported: the same text goes out as
 *   server-sent events (`chat.completion.chunk` objects, then `data: [DONE]`), with a final usage chunk when
 *   `stream_options.include_usage` is set, as OpenAI does. A body that is not JSON, or has no string `model`
 *   or no `messages` array, is a 400 and is not recorded in `calls`.
 * - `GET /v1/models` — one model, `mock-model`.
 * Note: `@ai-sdk/openai`'s default `openai(id)` talks to `/v1/responses` (the Responses API), which this server
 * does not speak; use `openai.chat(id)` or `@ai-sdk/openai-compatible`.
 *
 * Default answer text (for `ok` and `slow` without `text`, overridable with `answerWith`): when the last user
 * message asks for the six-part clinical-diagnosis answer (it names both the first and the last section:
 * "Preliminary Diagnosis" and "Treatment Plan", or 初步诊断 and 治疗计划), a fixed six-section answer in that
 * language; otherwise `echo: ` followed by the first 40 characters of the last user message (whitespace runs
 * collapsed to one space).
 *
 * Usage is counted deterministically and on purpose differently from the project's own estimator: one token
 * per Han character plus one per whitespace-separated run of other characters. `prompt_tokens` counts every
 * message's content; `completion_tokens` counts the answer.
 *
 * `latencyMs` delays every answer that carries a completion (`ok`, `slow`, `empty`) on top of its own delay.
 *
 * Reasoning models: `ok` with `reasoning` sends it in the message's `reasoning_content`, apart from `content` (as vLLM,
 * SGLang and DeepSeek do; streamed, as `delta.reasoning_content` chunks first). `finishReason: 'length'` marks an answer
 * cut off by the token limit — with `text: ""`, a model that spent every token reasoning.
 *
 * Tool calling: `ok` with `toolCalls` answers with those calls (`message.tool_calls`, finish reason `tool_calls`,
 * content `text` or ""), as OpenAI does; not streamed.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Behaviour =
  | { kind: 'ok'; text?: string; delayMs?: number; finishReason?: string; reasoning?: string; usage?: { prompt_tokens: number; completion_tokens: number }; toolCalls?: { name: string; arguments: string }[] }
  | { kind: 'slow'; delayMs: number; text?: string }
  /** 429, with `retry-after` (seconds) and `retry-after-ms` headers when given. */
  | { kind: 'rate-limit'; retryAfterSeconds?: number; retryAfterMs?: number }
  /** 500 by default (also 502, 503, or any status given). */
  | { kind: 'server-error'; status?: number; message?: string }
  /** Destroy the socket without a response. */
  | { kind: 'drop' }
  /** 200, a valid completion's JSON cut in half (with a matching Content-Length, so the body itself is complete). */
  | { kind: 'truncated' }
  /** 200, an HTML page. */
  | { kind: 'non-json' }
  /** 200, a valid completion whose content is "". */
  | { kind: 'empty' }
  /** Accept the request and never answer, until the client gives up or the server closes. */
  | { kind: 'never' };

export interface MockCall {
  /** Position in `calls`, from 0 (restarts after `reset()`). */
  index: number;
  model: string;
  /** The messages with their content flattened to text (text parts joined by newlines; other parts dropped). */
  messages: { role: string; content: string }[];
  /** The parsed request body, as sent. */
  body: unknown;
  /** The request's path and query as sent (`/v1/chat/completions?api-version=…`). */
  url: string;
  /** Request headers, names in lower case (`authorization`, `user-agent`, ...). */
  headers: Record<string, string | string[] | undefined>;
  behaviour: Behaviour['kind'];
  /** `Date.now()` when the request body had been read. */
  receivedAt: number;
}

export type MockRequest = Omit<MockCall, 'behaviour'>;
export type Plan = Behaviour | Behaviour[] | ((call: MockRequest) => Behaviour);

export interface MockServer {
  /** Base URL to give the SDK, e.g. `http://127.0.0.1:43121/v1`. */
  url: string;
  port: number;
  /** Every chat request received, in order. */
  calls: MockCall[];
  /**
   * Decide each request: a fixed behaviour, a queue consumed in order (then `fallback`, by default `ok`), or a
   * function of the request. Replaces the previous plan.
   */
  respond(plan: Plan, fallback?: Behaviour): void;
  /** Answer text for `ok`/`slow` without `text` (default: see the module comment). */
  answerWith(fn: (call: MockRequest) => string): void;
  /** Chat requests currently open. */
  inFlight(): number;
  /** The highest number of chat requests open at once since start or `reset()`. */
  maxInFlight(): number;
  /** Clear `calls` and the concurrency high-water mark (keeps the plan, and what is left of a queue). */
  reset(): void;
  /** Close the server and destroy every open socket, `never` and `slow` requests included. Idempotent. */
  close(): Promise<void>;
}

export const MOCK_MODEL_ID = 'mock-model';

const OK: Behaviour = { kind: 'ok' };

const SIX_SECTION_ANSWER = {
  en: [
    'Preliminary Diagnosis: 1. Community-acquired pneumonia',
    'Diagnostic Basis: 1. Fever and productive cough for three days 2. Crackles over the right lower lung',
    'Differential Diagnosis: 1. Pulmonary tuberculosis: no night sweats or weight loss',
    'Principal Diagnosis: Community-acquired pneumonia',
    'Therapeutic Principle: Anti-infective treatment and supportive care',
    'Treatment Plan: 1. Empirical antibiotics 2. Antipyretics and fluids 3. Review chest imaging after treatment',
  ].join('\n'),
  zh: [
    '初步诊断：1. 社区获得性肺炎',
    '诊断依据：1. 发热伴咳嗽咳痰三天 2. 右下肺可闻及湿啰音',
    '鉴别诊断：1. 肺结核：无盗汗及体重下降',
    '主要诊断：社区获得性肺炎',
    '治疗原则：抗感染及对症支持治疗',
    '治疗计划：1. 经验性抗生素治疗 2. 退热补液 3. 治疗后复查胸部影像',
  ].join('\n'),
} as const;

/** The default answer: a six-section answer when the prompt asks for one, otherwise an echo. */
export function defaultAnswer(call: MockRequest): string {
  const last = [...call.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  if (last.includes('初步诊断') && last.includes('治疗计划')) return SIX_SECTION_ANSWER.zh;
  if (/preliminary diagnosis/i.test(last) && /treatment plan/i.test(last)) return SIX_SECTION_ANSWER.en;
  return `echo: ${[...last.replace(/\s+/g, ' ').trim()].slice(0, 40).join('')}`;
}

/** The mock's token count: one per Han character, one per whitespace-separated run of anything else. */
export function mockTokenCount(text: string): number {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const words = text.replace(/\p{Script=Han}/gu, ' ').split(/\s+/).filter((w) => w !== '').length;
  return han + words;
}

function flattenContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .filter((p): p is { type: 'text'; text: string } => typeof p === 'object' && p !== null && (p as { type?: unknown }).type === 'text' && typeof (p as { text?: unknown }).text === 'string')
      .map((p) => p.text)
      .join('\n');
  }
  return '';
}

interface ErrorBody {
  error: { message: string; type: string; param: null; code: string | null };
}

function errorBody(message: string, type: string, code: string | null): ErrorBody {
  return { error: { message, type, param: null, code } };
}

const SERVER_ERROR_CODES: Record<number, string> = { 500: 'internal_error', 502: 'bad_gateway', 503: 'service_unavailable', 504: 'gateway_timeout' };

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Split a text into stream pieces of a few words each (whitespace kept, so the pieces join back exactly). */
function streamPieces(text: string): string[] {
  const words = text.split(/(?<=\s)/u);
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += 3) pieces.push(words.slice(i, i + 3).join(''));
  return pieces.filter((p) => p !== '');
}

export async function startMockOpenAI(options: { latencyMs?: number } = {}): Promise<MockServer> {
  const latencyMs = Math.max(0, options.latencyMs ?? 0);
  const calls: MockCall[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let plan: Plan = OK;
  let queue: Behaviour[] = [];
  let fallback: Behaviour = OK;
  let answer: (call: MockRequest) => string = defaultAnswer;
  let open = 0;
  let highWater = 0;
  let closing: Promise<void> | undefined;
  /** Resolved when no chat request is open any more (close() waits for them, so inFlight() is 0 after it). */
  const idleWaiters: (() => void)[] = [];

  function decide(call: MockRequest): Behaviour {
    if (typeof plan === 'function') return plan(call);
    if (Array.isArray(plan)) return queue.shift() ?? fallback;
    return plan;
  }

  /** Run `fn` after `ms` unless the response closes first (client gone, server closing). */
  function after(res: ServerResponse, ms: number, fn: () => void): void {
    if (ms <= 0) return fn();
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed && !res.writableEnded) fn();
    }, ms);
    timers.add(timer);
    res.once('close', () => {
      clearTimeout(timer);
      timers.delete(timer);
    });
  }

  function completion(call: MockRequest, text: string, finishReason: string, usage?: { prompt_tokens: number; completion_tokens: number }, reasoning?: string, toolCalls?: { name: string; arguments: string }[]) {
    const prompt_tokens = usage?.prompt_tokens ?? call.messages.reduce((n, m) => n + mockTokenCount(m.content), 0);
    const completion_tokens = usage?.completion_tokens ?? mockTokenCount(text) + (reasoning ? mockTokenCount(reasoning) : 0);
    return {
      id: `chatcmpl-mock-${call.index}`,
      object: 'chat.completion',
      created: Math.floor(call.receivedAt / 1000),
      model: call.model,
      choices: [{ index: 0, message: { role: 'assistant', content: text, ...(reasoning !== undefined ? { reasoning_content: reasoning } : {}), ...(toolCalls?.length ? { tool_calls: toolCalls.map((t, i) => ({ id: `call_${call.index}_${i}`, type: 'function', function: t })) } : {}) }, logprobs: null, finish_reason: toolCalls?.length ? 'tool_calls' : finishReason }],
      usage: { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens },
    };
  }

  function sendCompletion(res: ServerResponse, call: MockRequest, stream: boolean, includeUsage: boolean, body: ReturnType<typeof completion>): void {
    if (!stream) return sendJson(res, 200, body);
    const base = { id: body.id, object: 'chat.completion.chunk', created: body.created, model: body.model };
    const choice = body.choices[0]!;
    const events: unknown[] = [{ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }] }];
    for (const piece of streamPieces((choice.message as { reasoning_content?: string }).reasoning_content ?? '')) events.push({ ...base, choices: [{ index: 0, delta: { reasoning_content: piece }, logprobs: null, finish_reason: null }] });
    for (const piece of streamPieces(choice.message.content)) events.push({ ...base, choices: [{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }] });
    events.push({ ...base, choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: choice.finish_reason }] });
    if (includeUsage) events.push({ ...base, choices: [], usage: body.usage });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    for (const e of events) res.write(`data: ${JSON.stringify(e)}\n\n`);
    res.end('data: [DONE]\n\n');
  }

  function answerText(call: MockRequest, given: string | undefined): string {
    return given ?? answer(call);
  }

  function act(res: ServerResponse, call: MockRequest, b: Behaviour, stream: boolean, includeUsage: boolean): void {
    switch (b.kind) {
      case 'ok': {
        const text = b.toolCalls?.length ? (b.text ?? '') : answerText(call, b.text);
        return after(res, latencyMs + (b.delayMs ?? 0), () => sendCompletion(res, call, stream, includeUsage, completion(call, text, b.finishReason ?? 'stop', b.usage, b.reasoning, b.toolCalls)));
      }
      case 'slow': {
        const text = answerText(call, b.text);
        return after(res, latencyMs + b.delayMs, () => sendCompletion(res, call, stream, includeUsage, completion(call, text, 'stop')));
      }
      case 'empty':
        return after(res, latencyMs, () => sendCompletion(res, call, stream, includeUsage, completion(call, '', 'stop')));
      case 'rate-limit': {
        const headers: Record<string, string> = {};
        if (b.retryAfterSeconds !== undefined) headers['retry-after'] = String(b.retryAfterSeconds);
        if (b.retryAfterMs !== undefined) headers['retry-after-ms'] = String(b.retryAfterMs);
        return sendJson(res, 429, errorBody('Rate limit reached for requests to the mock model. Please try again later.', 'rate_limit_error', 'rate_limit_exceeded'), headers);
      }
      case 'server-error': {
        const status = b.status ?? 500;
        return sendJson(res, status, errorBody(b.message ?? `The mock server had an error while processing your request (HTTP ${status}).`, 'server_error', SERVER_ERROR_CODES[status] ?? 'server_error'));
      }
      case 'drop':
        res.socket?.destroy();
        return;
      case 'truncated': {
        const full = JSON.stringify(completion(call, answerText(call, undefined), 'stop'));
        const half = full.slice(0, Math.floor(full.length / 2));
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(half) });
        res.end(half);
        return;
      }
      case 'non-json': {
        const html = '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>mock upstream proxy</p></body></html>\n';
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
        res.end(html);
        return;
      }
      case 'never':
        return;
    }
  }

  async function chat(req: IncomingMessage, res: ServerResponse): Promise<void> {
    open++;
    highWater = Math.max(highWater, open);
    let counted = true;
    res.once('close', () => {
      if (counted) open--;
      counted = false;
      if (open === 0) for (const resolve of idleWaiters.splice(0)) resolve();
    });

    let raw: string;
    try {
      raw = await readBody(req);
    } catch {
      return; // the client went away while sending
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return sendJson(res, 400, errorBody('The request body is not valid JSON.', 'invalid_request_error', 'invalid_json'));
    }
    const b = (typeof body === 'object' && body !== null ? body : {}) as { model?: unknown; messages?: unknown; stream?: unknown; stream_options?: { include_usage?: unknown } | null };
    if (typeof b.model !== 'string') return sendJson(res, 400, errorBody("'model' is required and must be a string.", 'invalid_request_error', 'invalid_request'));
    if (!Array.isArray(b.messages)) return sendJson(res, 400, errorBody("'messages' is required and must be an array.", 'invalid_request_error', 'invalid_request'));

    const request: MockRequest = {
      index: calls.length,
      model: b.model,
      messages: (b.messages as unknown[]).map((m) => {
        const msg = (typeof m === 'object' && m !== null ? m : {}) as { role?: unknown; content?: unknown };
        return { role: String(msg.role ?? ''), content: flattenContent(msg.content) };
      }),
      body,
      headers: { ...req.headers },
      url: req.url ?? '/',
      receivedAt: Date.now(),
    };
    let behaviour: Behaviour;
    try {
      behaviour = decide(request);
    } catch (e) {
      return sendJson(res, 500, errorBody(`mock plan threw: ${e instanceof Error ? e.message : String(e)}`, 'mock_error', 'mock_plan_failed'));
    }
    calls.push({ ...request, behaviour: behaviour.kind });
    try {
      act(res, request, behaviour, b.stream === true, b.stream_options?.include_usage === true);
    } catch (e) {
      if (!res.headersSent) sendJson(res, 500, errorBody(`mock answer threw: ${e instanceof Error ? e.message : String(e)}`, 'mock_error', 'mock_answer_failed'));
    }
  }

  function route(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '/').split('?')[0]!.replace(/\/+$/, '');
    const method = req.method ?? 'GET';
    if (/^(?:\/[^/]+)*\/v1\/chat\/completions$/.test(path)) { // a gateway may put more before /v1
      if (method === 'POST') {
        chat(req, res).catch(() => res.destroy());
        return;
      }
      return sendJson(res, 405, errorBody(`Method ${method} not allowed on ${path}; use POST.`, 'invalid_request_error', 'method_not_allowed'), { allow: 'POST' });
    }
    if (path === '/v1/models' && method === 'GET') {
      return sendJson(res, 200, { object: 'list', data: [{ id: MOCK_MODEL_ID, object: 'model', created: 0, owned_by: 'clinicallab-mock' }] });
    }
    req.resume();
    sendJson(res, 404, errorBody(`Unknown request URL: ${method} ${req.url ?? '/'}`, 'invalid_request_error', 'not_found'));
  }

  const server = createServer(route);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    calls,
    respond(next, fb = OK) {
      plan = next;
      queue = Array.isArray(next) ? [...next] : [];
      fallback = fb;
    },
    answerWith(fn) {
      answer = fn;
    },
    inFlight: () => open,
    maxInFlight: () => highWater,
    reset() {
      calls.length = 0;
      highWater = open;
    },
    close() {
      closing ??= (async () => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        const idle = open === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve));
        for (const s of sockets) s.destroy();
        sockets.clear();
        await Promise.all([closed, idle]);
      })();
      return closing;
    },
  };
}
