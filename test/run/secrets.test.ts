/**
 * A planted API key travels to the server (in the Authorization header) and nowhere else: not into the store,
 * the manifest, the cache, the terminal output or error messages — even when the server echoes it back.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Io } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { Redactor } from '../../src/run/secrets.js';
import { startMockOpenAI, type MockServer } from '../support/mock-openai.js';
import { runCli, tempDir } from '../helpers.js';

const KEY = 'sk-planted-7f3a9c2e41b8d605';
let server: MockServer;
beforeAll(async () => {
  server = await startMockOpenAI();
});
afterAll(async () => server.close());

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

describe('secrets', () => {
  it('never leave the request: store, manifest, cache, output and errors stay clean', async () => {
    let n = 0;
    // some answers succeed, some fail with an error body that quotes the key back (as some proxies do)
    server.respond(() => (n++ % 3 === 2 ? { kind: 'server-error', status: 500, message: `invalid api key ${KEY} (Authorization: Bearer ${KEY})` } : { kind: 'ok' }));
    const dir = tempDir();
    const cacheDir = tempDir();
    let out = '';
    const io: Io = { out: (t) => (out += `${t}\n`), err: (t) => (out += `${t}\n`), color: false };
    const saved = { key: process.env.OPENAI_COMPATIBLE_API_KEY, cache: process.env.CLINICALLAB_CACHE_DIR };
    process.env.OPENAI_COMPATIBLE_API_KEY = KEY;
    process.env.CLINICALLAB_CACHE_DIR = cacheDir;
    try {
      const code = await main(['run', '--model', `openai-compatible:mock-model@${server.url}`, '--limit', '3', '--tasks', 'department,imaging', '--out', dir, '--max-retries', '0'], io);
      expect(code).toBe(1); // some jobs ended in error
    } finally {
      process.env.OPENAI_COMPATIBLE_API_KEY = saved.key;
      if (saved.key === undefined) delete process.env.OPENAI_COMPATIBLE_API_KEY;
      process.env.CLINICALLAB_CACHE_DIR = saved.cache;
      if (saved.cache === undefined) delete process.env.CLINICALLAB_CACHE_DIR;
    }
    // the key was really used…
    expect(server.calls.some((c) => c.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    // …and the errors were recorded, with the echoed key removed
    expect(out).toMatch(/server: HTTP 500: invalid api key \*\*\*/);
    for (const file of [...filesUnder(dir), ...filesUnder(cacheDir)]) {
      expect({ file, leaked: readFileSync(file).includes(KEY) }).toEqual({ file, leaked: false });
    }
    expect(out).not.toContain(KEY);
  });

  it('redacts registered secrets, bearer tokens, key parameters and URL credentials', () => {
    const r = new Redactor();
    r.add('supersecretvalue');
    expect(r.redact('a supersecretvalue b')).toBe('a *** b');
    expect(r.redact('Authorization: Bearer abc.def')).toBe('Authorization: Bearer ***');
    expect(r.redact('GET https://h/v1?key=AIzaXYZ&x=1')).toBe('GET https://h/v1?key=***&x=1');
    expect(r.redact('http://user:pw@host/v1')).toBe('http://***@host/v1');
  });
});

describe('a key given in the config file', () => {
  it('reaches the server and no file, output, report or export', async () => {
    const CONFIG_KEY = 'sk-config-0d9e8f7a6b5c4d3e';
    let n = 0;
    server.reset();
    server.respond(() => (n++ % 4 === 3 ? { kind: 'server-error', status: 403, message: `key ${CONFIG_KEY} is not allowed` } : { kind: 'ok' }));
    const work = tempDir();
    const config = join(work, 'clinicallab.config.yaml');
    writeFileSync(config, `models:\n  - spec: openai-compatible:mock-model@${server.url}\n    apiKey: ${CONFIG_KEY}\n    maxRetries: 0\n`);
    const dir = join(work, 'run');
    let out = '';
    const io: Io = { out: (t) => (out += `${t}\n`), err: (t) => (out += `${t}\n`), color: false };
    await main(['run', '--config', config, '--limit', '2', '--tasks', 'department,pd', '--out', dir], io);
    for (const format of ['json', 'csv']) await main(['report', dir, '--format', format], io);
    expect(server.calls.some((c) => c.headers.authorization === `Bearer ${CONFIG_KEY}`)).toBe(true);
    // the first refusal stops the model (its other jobs stay pending), and says where the key came from
    expect(out).toMatch(/stopped: openai-compatible:mock-model@\S+: the server refused the key \(403; the key came from the config file's apiKey\): HTTP 403: key \*\*\* is not allowed/);
    expect(out).not.toContain(CONFIG_KEY);
    for (const file of filesUnder(dir)) expect({ file, leaked: readFileSync(file).includes(CONFIG_KEY) }).toEqual({ file, leaked: false });
  });
});

describe('keys in every form a user may give them', () => {
  const filesAndText = (dirs: string[], text: string): string => [text, ...dirs.flatMap(filesUnder).map((f) => readFileSync(f).toString('latin1'))].join('\n');

  it('refuses a base URL with a token or user:password before the host, without repeating it', async () => {
    const token = 'tok-userinfo-3b2a19c8d7e6f5';
    for (const url of [`http://${token}@127.0.0.1:${server.port}/v1`, `http://user:${token}@127.0.0.1:${server.port}/v1`]) {
      const r = await runCli('run', '--model', `openai-compatible:mock-model@${url}`, '--limit', '1', '--out', join(tempDir(), 'run'));
      expect(r.code).toBe(2);
      expect(r.err).toContain('a base URL cannot carry credentials');
      expect(r.out + r.err).not.toContain(token);
    }
    const config = join(tempDir(), 'clinicallab.config.yaml');
    writeFileSync(config, `models:\n  - spec: openai:gpt-4o-mini\n    apiKey: sk-x\n    baseURL: https://${token}@gateway.example/v1\n`);
    const r = await runCli('run', '--config', config, '--limit', '1', '--out', join(tempDir(), 'run'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/models\[0\]\.baseURL.*cannot carry credentials/);
    expect(r.out + r.err).not.toContain(token);
  });

  it('sends query keys and a key in the path to the server, and keeps every one of them out of store, cache, output, exports and report', async () => {
    const inQuery = ['sub-9f8e7d6c5b4a3210', 'xak-0a1b2c3d4e5f6789', 'acc-5566778899aabbcc'];
    const inPath = 'gw7Key0123456789abcdefXYZ';
    server.reset();
    let n = 0;
    // one answer in three echoes a key back inside a successful answer, one in three fails quoting another
    server.respond(() => (n++ % 3 === 1 ? { kind: 'ok', text: `Gastroenterology (request ${inQuery[0]} via ${inPath})` } : n % 3 === 0 ? { kind: 'server-error', status: 500, message: `bad ${inQuery[1]}` } : { kind: 'ok' }));
    const base = `http://127.0.0.1:${server.port}/gateway/${inPath}/v1?subscription-key=${inQuery[0]}&x-api-key=${inQuery[1]}&access_key=${inQuery[2]}&api-version=2024-10-21`;
    const dir = join(tempDir(), 'run');
    const cacheDir = tempDir();
    const run = await runCli('run', '--model', `openai-compatible:mock-model@${base}`, '--limit', '3', '--tasks', 'department', '--max-retries', '0', '--cache-dir', cacheDir, '--out', dir);
    expect(server.calls.length).toBeGreaterThan(0);
    // the server got what the user gave: the path and every parameter
    for (const c of server.calls) expect(c.url).toBe(`/gateway/${inPath}/v1/chat/completions?subscription-key=${inQuery[0]}&x-api-key=${inQuery[1]}&access_key=${inQuery[2]}&api-version=2024-10-21`);
    const json = await runCli('show', dir, '--json');
    const exports = tempDir();
    const csv = await runCli('report', dir, '--format', 'csv', '--output', join(exports, 'out.csv'));
    const html = await runCli('report', dir, '--output', join(exports, 'report.html'));
    expect([run.code, json.code, csv.code, html.code]).toEqual([1, 0, 0, 0]); // the run had errors (the 500s)
    const everything = filesAndText([dir, cacheDir, exports], [run, json, csv, html].map((r) => r.out + r.err).join('\n'));
    for (const secret of [...inQuery, inPath]) expect({ secret, leaked: everything.includes(secret) }).toEqual({ secret, leaked: false });
    // the echoed answer was kept, with the key starred out
    expect(everything).toContain('Gastroenterology (request *** via ***)');
  });
});
