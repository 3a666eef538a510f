/**
 * Issue 18 renamed the tasks `principal` (Final Diagnosis) and `principle` (Principle of Treatment), two letters
 * apart, to `final-diagnosis` and `treatment-principle`. Runs scored before keep their rows under the old ids:
 * they are read as the new ones, without rescoring, and score and report exactly as a run scored now. The old
 * names are still taken by `--tasks`, with a note.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { RunStore } from '../../src/run/store.js';
import { runCli, tempDir } from '../helpers.js';

const FORMER: [now: string, before: string][] = [
  ['final-diagnosis', 'principal'],
  ['treatment-principle', 'principle'],
];

function tasksInStore(dir: string): Set<string> {
  const store = RunStore.open(dir, { readonly: true });
  try {
    return new Set(store.scores().map((s) => s.task));
  } finally {
    store.close();
  }
}

describe('task ids of runs scored before issue 18', () => {
  let dir = '';
  let now = { cases: '', score: '' };
  beforeAll(async () => {
    dir = join(tempDir(), 'run');
    expect((await runCli('run', '--limit', '6', '--no-cache', '--out', dir)).code).toBe(0);
    now = { cases: (await runCli('report', dir, '--format', 'csv', '--table', 'cases')).out, score: (await runCli('score', dir, '--json')).out };
    // the store as an older version wrote it: the same rows under the former ids
    const store = RunStore.open(dir);
    for (const [id, before] of FORMER) store.db.prepare('UPDATE scores SET task = ? WHERE task = ?').run(before, id);
    store.close();
  }, 120_000);

  it('are read as the new ids: the report shows the same rows, and the run is not scored again', async () => {
    expect(tasksInStore(dir)).toEqual(new Set(['department', 'difr3', 'difr5', 'preliminary', 'basis', 'differential', 'principal', 'principle', 'plan', 'imaging']));
    const r = await runCli('report', dir, '--format', 'csv', '--table', 'cases');
    expect(r.code).toBe(0);
    expect(r.out).toBe(now.cases);
    expect(r.out).toContain(',final-diagnosis,');
    // the report read the old rows as they are: nothing was rescored
    expect(tasksInStore(dir).has('principal')).toBe(true);
  });

  it('score to the same leaderboard', async () => {
    const r = await runCli('score', dir, '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(JSON.parse(now.score));
  });

  it('are still taken by --tasks, with a note naming the new id', async () => {
    const r = await runCli('run', '--limit', '1', '--tasks', 'principal,principle', '--no-cache', '--out', join(tempDir(), 'old-names'));
    expect(r.code).toBe(0);
    expect(r.err).toContain('task "principal" is now called "final-diagnosis"');
    expect(r.err).toContain('task "principle" is now called "treatment-principle"');
    expect(r.out).toMatch(/clinical-diagnosis\s+1\b/);
    expect(r.out).not.toMatch(/imaging-diagnosis\s+\d/);
  });
});
