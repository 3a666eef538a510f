/**
 * Loopback servers for tests that speak just enough of three more model APIs for one real request each through
 * the AI SDK providers: the Anthropic Messages API (`POST /v1/messages`), the Google Generative Language API
 * (`POST /v1beta/models/<model>:generateContent`) and Ollama's chat API (`POST /api/chat`, not streamed).
 *
 * Every server answers each request with the planned text, token counts and finish reason in its own API's
 * shape, and records the request (path, headers with lower-case names, parsed body). Anything else is a 404.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ProviderCall {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

export interface PlannedAnswer {
  text: string;
  inputTokens: number;
  outputTokens: number;
  /** The API's own stop reason: end_turn / max_tokens (Anthropic), STOP / MAX_TOKENS (Google), stop / length (Ollama). */
  stop: string;
}

export interface ProviderServer {
  /** The base URL to configure the provider with (`baseURL`). */
  url: string;
  calls: ProviderCall[];
  answer: PlannedAnswer;
  close(): Promise<void>;
}

type Api = 'anthropic' | 'google' | 'ollama';

const BASE_PATH: Record<Api, string> = { anthropic: '/v1', google: '/v1beta', ollama: '/api' };

function route(api: Api, path: string): boolean {
  if (api === 'anthropic') return path === '/v1/messages';
  if (api === 'google') return /^\/v1beta\/models\/[^/:]+:generateContent$/.test(path);
  return path === '/api/chat';
}

function reply(api: Api, body: Record<string, unknown>, a: PlannedAnswer): unknown {
  const model = typeof body.model === 'string' ? body.model : 'mock';
  if (api === 'anthropic') {
    return {
      id: 'msg_mock_1',
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text: a.text }],
      stop_reason: a.stop,
      stop_sequence: null,
      usage: { input_tokens: a.inputTokens, output_tokens: a.outputTokens },
    };
  }
  if (api === 'google') {
    return {
      candidates: [{ content: { role: 'model', parts: [{ text: a.text }] }, finishReason: a.stop, index: 0 }],
      usageMetadata: { promptTokenCount: a.inputTokens, candidatesTokenCount: a.outputTokens, totalTokenCount: a.inputTokens + a.outputTokens },
      modelVersion: 'gemini-mock',
    };
  }
  return {
    model,
    created_at: new Date(0).toISOString(),
    message: { role: 'assistant', content: a.text },
    done: true,
    done_reason: a.stop,
    prompt_eval_count: a.inputTokens,
    eval_count: a.outputTokens,
    total_duration: 1000,
  };
}

function send(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

export async function startMockProvider(api: Api, answer: Partial<PlannedAnswer> = {}): Promise<ProviderServer> {
  const calls: ProviderCall[] = [];
  const sockets = new Set<Socket>();
  const state: ProviderServer = {
    url: '',
    calls,
    answer: { text: 'Urology', inputTokens: 21, outputTokens: 2, stop: api === 'anthropic' ? 'end_turn' : api === 'google' ? 'STOP' : 'stop', ...answer },
    close: () => new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method !== 'POST' || !route(api, path)) {
      req.resume();
      return send(res, 404, { error: { message: `no route ${req.method ?? ''} ${path}` } });
    }
    readJson(req).then(
      (body) => {
        calls.push({ method: req.method!, path, headers: { ...req.headers }, body });
        send(res, 200, reply(api, body, state.answer));
      },
      () => send(res, 400, { error: { message: 'the body is not JSON' } }),
    );
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${BASE_PATH[api]}`;
  return state;
}
