/** A response cache that cannot be used is named, and the run carries on without it; the run store is not blamed. */
import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../../src/run/cache.js';
import { runCli, tempDir } from '../helpers.js';
import { damageTable } from './store-faults.js';

const answer = { text: 'Neurology', usage: {}, finishReason: 'stop' as const };

async function cachedRun(cacheDir: string, out: string): Promise<{ code: number; out: string; err: string }> {
  return runCli('run', '--limit', '2', '--tasks', 'department', '--cache-dir', cacheDir, '--out', out);
}

describe('a response cache that cannot be used', () => {
  it('a file that is not a database: the run names the cache file, says it carries on without it, and finishes', async () => {
    const cacheDir = tempDir();
    const file = join(cacheDir, 'responses.sqlite');
    writeFileSync(file, 'this is not a database, just text long enough to be read as a header'.repeat(20));
    const out = join(tempDir(), 'run');
    const r = await cachedRun(cacheDir, out);
    expect(r.err).toContain(`the response cache ${file} is damaged`);
    expect(r.err).toContain('carrying on without the cache');
    expect(r.err).not.toContain('run.sqlite');
    expect(r.code).toBe(0);
    expect((await runCli('show', out)).out).toContain('complete');
  });

  it('a damaged page: named once, the cache is left alone and the answers are asked again', async () => {
    const cacheDir = tempDir();
    const cache = new ResponseCache(cacheDir);
    for (let i = 0; i < 200; i++) cache.put(`k${i}`, 'm', { ...answer, text: `answer ${i} `.repeat(40) });
    cache.close();
    const file = join(cacheDir, 'responses.sqlite');
    new Database(file).pragma('wal_checkpoint(TRUNCATE)');
    damageTable(file, 'responses');
    const warnings: string[] = [];
    const again = new ResponseCache(cacheDir, (m) => warnings.push(m));
    expect(again.get('k1')).toBeUndefined();
    again.put('k1', 'm', answer);
    expect(again.get('k1')).toBeUndefined();
    expect(again.usable).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`the response cache ${file} is damaged (SQLite: `);
    // and through the command line, the run finishes
    const out = join(tempDir(), 'run');
    const r = await cachedRun(cacheDir, out);
    expect(r.code).toBe(0);
    expect(r.err).toContain(`the response cache ${file} is damaged`);
    expect(r.err).not.toContain('run.sqlite is damaged');
  });

  it('a cache folder that cannot be created: named, and the run goes on', async () => {
    const blocker = join(tempDir(), 'file');
    writeFileSync(blocker, '');
    const warnings: string[] = [];
    const cache = new ResponseCache(join(blocker, 'cache'), (m) => warnings.push(m));
    expect(cache.get('k')).toBeUndefined();
    expect(warnings[0]).toContain(`the response cache ${join(blocker, 'cache', 'responses.sqlite')} cannot be used`);
  });
});
