/**
 * A model server may send a lone UTF-16 surrogate as a JSON escape (`"\ud800"`). Written as it is, SQLite holds
 * invalid UTF-8 and other readers of the file fail; the run stores and caches well-formed text only, with each
 * lone surrogate replaced by U+FFFD, and says how many answers were repaired.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCache } from '../../src/run/cache.js';
import { wellFormed } from '../../src/run/well-formed.js';
import { runCli, tempDir } from '../helpers.js';
import type { MockServer } from '../support/mock-openai.js';
import { mockFixture, mockRun, type Fixture } from './harness.js';

let server: MockServer;
let f: Fixture;
beforeAll(async () => {
  ({ server, ...f } = await mockFixture());
});
afterAll(async () => server.close());

/** Every stored text of a SQLite file as hex: lone surrogates written raw show as ED A0..BF xx. */
function rawTexts(file: string, sql: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(sql).all() as { h: string | null }[]).map((r) => r.h ?? '');
  } finally {
    db.close();
  }
}
const HAS_SURROGATE_BYTES = /^(?:..)*?ED[AB][0-9A-F]/i;

describe('answers with lone surrogates', () => {
  it('are stored and cached as well-formed UTF-8, with U+FFFD in place of each, and counted', async () => {
    server.reset();
    server.respond({ kind: 'ok', text: 'Gastro\ud800enterology \udc00department' });
    const cacheDir = tempDir();
    const cache = new ResponseCache(cacheDir);
    const { result, dir } = await mockRun(server, f, { cache });
    cache.close();
    expect(result).toMatchObject({ done: 2, repaired: 2 });
    const store = rawTexts(join(dir, 'run.sqlite'), 'SELECT hex(response) AS h FROM jobs');
    expect(store).toHaveLength(2);
    for (const h of store) {
      expect(HAS_SURROGATE_BYTES.test(h)).toBe(false);
      expect(Buffer.from(h, 'hex').toString('utf8')).toBe('Gastro\ufffdenterology \ufffddepartment');
    }
    const cacheFile = readdirSync(cacheDir).find((n) => n.endsWith('.sqlite'))!;
    for (const h of rawTexts(join(cacheDir, cacheFile), 'SELECT hex(text) AS h FROM responses')) expect(HAS_SURROGATE_BYTES.test(h)).toBe(false);
  });

  it('are said in the run summary', async () => {
    server.reset();
    server.respond({ kind: 'ok', text: 'Urology\udfff' });
    const r = await runCli('run', '--model', `openai-compatible:mock-model@${server.url}`, '--cases', f.loaded.files[0]!.file, '--tasks', 'department', '--no-cache', '--out', tempDir());
    expect(r.out).toContain('6 answers had broken characters (lone UTF-16 surrogates), stored as U+FFFD.');
  });

  it('leave well-formed text alone, pairs included', () => {
    expect(wellFormed('急性胰腺炎 😀 ok')).toEqual({ text: '急性胰腺炎 😀 ok', repaired: false });
    expect(wellFormed('\udc00\ud800')).toEqual({ text: '\ufffd\ufffd', repaired: true });
  });
});
