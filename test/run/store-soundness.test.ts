/**
 * Damage a quick check cannot see, and stores on a medium that cannot be written: every command checks a store
 * fully before it reads or writes, and a reading command needs no write access at all.
 */
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRun } from '../../src/report/run-reader.js';
import { runCli, tempDir } from '../helpers.js';
import { READ_ONLY_METHOD } from './store-faults.js';

async function baselineRun(dir: string, limit = 5): Promise<void> {
  expect((await runCli('run', '--limit', String(limit), '--tasks', 'department', '--no-cache', '--out', dir)).code).toBe(0);
}

/**
 * Put `n` done jobs back to pending in the table while the status index still says done — an index that
 * disagrees with its table, as a torn write can leave it. SQLite's quick check does not compare the two.
 */
function desyncStatusIndex(file: string, n: number): void {
  const swapIndex = (sql: string): void => {
    const db = new Database(file);
    db.unsafeMode(true); // lets the schema be edited (better-sqlite3 opens in SQLite's defensive mode)
    db.pragma('writable_schema = ON');
    db.prepare(`UPDATE sqlite_master SET sql = ? WHERE name = 'jobs_status'`).run(sql);
    db.close();
  };
  // while the index seems to cover other columns, an update of the status leaves it as it is
  swapIndex('CREATE INDEX jobs_status ON jobs (model, attempts, seq)');
  const db = new Database(file);
  db.prepare(`UPDATE jobs SET status = 'pending' WHERE rowid IN (SELECT rowid FROM jobs WHERE status = 'done' ORDER BY seq LIMIT ?)`).run(n);
  db.close();
  swapIndex('CREATE INDEX jobs_status ON jobs (model, status, seq)');
  const check = new Database(file, { readonly: true });
  expect(check.pragma('quick_check', { simple: true })).toBe('ok');
  expect(check.pragma('integrity_check', { simple: true })).not.toBe('ok');
  check.close();
}

describe('damage only the full integrity check sees', () => {
  it('run, score, report, show, leaderboard, judge, agent and the report reader refuse the store with the damaged-store message, and write nothing', async () => {
    const dir = join(tempDir(), 'run');
    await baselineRun(dir);
    const file = join(dir, 'run.sqlite');
    desyncStatusIndex(file, 3);
    const before = readFileSync(file);
    const damaged = `${file} is damaged (SQLite: database disk image is malformed`;
    const todo = 'it was left untouched — restore it from a copy, or start the run afresh in another directory (--out)';
    for (const args of [
      ['run', '--limit', '5', '--tasks', 'department', '--no-cache', '--out', dir],
      ['score', dir],
      ['report', dir, '--output', join(tempDir(), 'r.html')],
      ['show', dir],
      ['leaderboard', dir],
      ['judge', dir, '--judge', 'baseline', '--no-cache'],
      ['agent', '--limit', '5', '--no-cache', '--out', dir],
    ]) {
      const r = await runCli(...args);
      expect(r.code, args[0]).toBe(1);
      expect(r.err, args[0]).toContain(damaged);
      expect(r.err, args[0]).toContain(todo);
    }
    await expect(readRun(dir)).rejects.toThrow(damaged); // what the viewer and agent read through
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

/** Make a folder and its store unwritable for this process (root included); returns the function that undoes it. */
function freeze(dir: string): () => void {
  const file = join(dir, 'run.sqlite');
  if (READ_ONLY_METHOD === 'chattr') {
    execFileSync('chattr', ['+i', file, dir]);
    return () => execFileSync('chattr', ['-i', file, dir]);
  }
  chmodSync(file, 0o444);
  chmodSync(dir, 0o555);
  return () => {
    chmodSync(dir, 0o755);
    chmodSync(file, 0o644);
  };
}

describe.skipIf(READ_ONLY_METHOD === undefined)(`a sound run on a medium that cannot be written (${READ_ONLY_METHOD ?? 'no way to make one here'})`, () => {
  it('report, show, runs, leaderboard and score read it, scoring in memory what is not scored, and create or change no file', async () => {
    const root = tempDir();
    const dir = join(root, 'run');
    await baselineRun(dir);
    const file = join(dir, 'run.sqlite');
    // as if it had never been scored: the reading commands must score it without saving
    const db = new Database(file);
    db.exec('DELETE FROM scores');
    db.close();
    const before = readFileSync(file);
    const mtime = statSync(file).mtimeMs;
    const files = readdirSync(dir).sort();
    const undo = freeze(dir);
    try {
      const report = await runCli('report', dir, '--output', join(tempDir(), 'r.html'));
      expect(report.err).not.toContain('check that the folder can be written');
      expect(report.code).toBe(0);
      expect(report.err).toContain('scored for this reading only; the scores were not saved');
      const shown = await runCli('show', dir);
      expect(shown.code).toBe(0);
      expect(shown.out).toContain('complete');
      const listed = await runCli('runs', root);
      expect(listed.out).toMatch(/run\s+complete/);
      expect(listed.out).not.toContain('damaged');
      const board = await runCli('leaderboard', dir);
      expect(board.code).toBe(0);
      expect(board.out).toContain('baseline');
      const scored = await runCli('score', dir);
      expect(scored.code).toBe(0);
      expect(scored.err).toContain('cannot be written (read-only); the scores are shown but were not saved');
      expect(scored.out).toContain('baseline');
      const read = await readRun(dir);
      expect(read.models[0]!.cases.filter((c) => c.acc !== undefined)).toHaveLength(5);
    } finally {
      undo();
    }
    expect(readdirSync(dir).sort()).toEqual(files); // no -wal, -shm or journal left beside it
    expect(statSync(file).mtimeMs).toBe(mtime);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});
