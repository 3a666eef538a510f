/** Disk and input faults: a clear message naming the file, and nothing already stored is lost or overwritten. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunStore } from '../../src/run/store.js';
import { runCli, tempDir } from '../helpers.js';

describe('faults around the run store', () => {
  it('says so when the output directory cannot be created', async () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'not a folder');
    const r = await runCli('run', '--limit', '1', '--tasks', 'department', '--out', join(file, 'run'));
    expect(r.code).toBe(1);
    expect(r.err).toContain(`cannot create the run directory ${join(file, 'run')}: ENOTDIR; choose another --out`);
  });

  it('refuses a file that is not a run store, and leaves it untouched', async () => {
    const dir = tempDir();
    const store = join(dir, 'run.sqlite');
    writeFileSync(store, 'these are somebody else’s notes, not a database');
    const before = readFileSync(store);
    const r = await runCli('run', '--limit', '1', '--tasks', 'department', '--out', dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${store} is not a clinicallab run store (not an SQLite database); it was left untouched`);
    expect(readFileSync(store).equals(before)).toBe(true);
    expect((await runCli('show', dir)).err).toContain('is not a clinicallab run store');
  });

  it('keeps every stored answer when a later run into the same directory fails', async () => {
    const dir = join(tempDir(), 'run');
    expect((await runCli('run', '--limit', '2', '--tasks', 'department', '--out', dir)).code).toBe(0);
    // the same directory with a case file that no longer loads: the run stops, the store keeps its answers
    const broken = join(tempDir(), 'broken.json');
    writeFileSync(broken, '{"clinical_case_uid": "x"');
    const r = await runCli('run', '--cases', broken, '--strict', '--out', dir);
    expect(r.code).toBe(1);
    const store = RunStore.open(dir);
    expect(store.jobs({ status: 'done' })).toHaveLength(2);
    expect(store.integrityCheck()).toBe('ok');
    store.close();
    expect(existsSync(join(dir, 'report.html'))).toBe(true);
  });
});
