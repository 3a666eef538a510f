/**
 * A command reads its cases once (issue 18 item 3): `run` parses its case files for planning and hands them on
 * to scoring and the report; `score` reads each run's files once for scoring and reading back. Counted by the
 * loader's own count of files parsed; and each run's jobs are decoded once (`jobDecodes`), for scoring and reading back alike.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import { caseFilesParsed } from '../../src/bench/loader.js';
import { CaseSession } from '../../src/bench/session.js';
import { promptPlansMade } from '../../src/run/plan.js';
import { jobDecodes } from '../../src/run/records.js';
import { RunStore } from '../../src/run/store.js';
import { runCli, tempDir } from '../helpers.js';

const FILES = readdirSync(BUNDLED_CASES_DIR).filter((f) => f.endsWith('.json')).length;

async function parses(...args: string[]): Promise<{ n: number; plans: number; code: number }> {
  const before = caseFilesParsed();
  const plansBefore = promptPlansMade();
  const r = await runCli(...args);
  return { n: caseFilesParsed() - before, plans: promptPlansMade() - plansBefore, code: r.code };
}

describe('one command, its case files read once', () => {
  const dir = join(tempDir(), 'run');

  it('`run --limit 6` parses each of the bundled case files once (plan, scores and report), and plans its prompts once', async () => {
    expect(FILES).toBeGreaterThan(1);
    const r = await parses('run', '--limit', '6', '--no-cache', '--out', dir);
    expect(r.code).toBe(0);
    expect(readdirSync(dir)).toContain('report.html');
    expect(r.n).toBe(FILES);
    expect(r.plans).toBe(1); // the plan it shows is the plan it runs
    expect(jobDecodes(dir)).toBe(1); // scoring decodes the jobs; the report takes them
  }, 60_000);

  it('`agent` and `interactive` decode their run\'s jobs once, for scores, report and statistics', async () => {
    for (const [command, ...args] of [
      ['agent', '--variant', '1@1', '--cases', join(BUNDLED_CASES_DIR, 'urology.json'), '--lang', 'en', '--limit', '2'],
      ['interactive', '--lang', 'en', '--limit', '2'],
    ]) {
      const out = join(tempDir(), command!);
      expect((await runCli(command!, ...args, '--no-cache', '--out', out)).code).toBe(0);
      expect([command, jobDecodes(out)]).toEqual([command, 1]);
    }
  }, 90_000);

  it('`score` parses them once for scoring and reading the run back, and decodes the run\'s jobs once', async () => {
    const decoded = jobDecodes(dir);
    const r = await parses('score', dir);
    expect(r.code).toBe(0);
    expect(r.n).toBe(FILES);
    expect(jobDecodes(dir) - decoded).toBe(1); // scoring decodes them; the read-back takes its records
  }, 60_000);

  it('`score` of two runs decodes each one\'s jobs once, and `report` a run\'s once, scored or not', async () => {
    const other = join(tempDir(), 'other');
    expect((await runCli('run', '--limit', '2', '--no-cache', '--out', other)).code).toBe(0);
    const before = [jobDecodes(dir), jobDecodes(other)];
    expect((await runCli('score', dir, other, '--json')).code).toBe(0);
    expect([jobDecodes(dir) - before[0]!, jobDecodes(other) - before[1]!]).toEqual([1, 1]);
    const again = jobDecodes(other);
    expect((await runCli('report', other, '--format', 'json', '--table', 'leaderboard')).code).toBe(0);
    expect(jobDecodes(other) - again).toBe(1);
    // a report that has to score the run first gives scoring the jobs it has decoded
    const store = RunStore.open(other);
    store.db.prepare('DELETE FROM scores').run();
    store.close();
    const unscored = jobDecodes(other);
    const r = await runCli('report', other, '--format', 'json', '--table', 'leaderboard');
    expect(r.code).toBe(0);
    expect(r.out).toContain('"Acc"');
    expect(jobDecodes(other) - unscored).toBe(1);
  }, 90_000);

  it('a session hands the same cases to every caller, and parses again only for other options', async () => {
    const session = new CaseSession();
    const before = caseFilesParsed();
    const a = await session.load([BUNDLED_CASES_DIR]);
    const b = await session.load([BUNDLED_CASES_DIR]);
    expect(b).toBe(a);
    expect(caseFilesParsed() - before).toBe(FILES);
    await session.load([BUNDLED_CASES_DIR], { strict: true });
    expect(caseFilesParsed() - before).toBe(2 * FILES);
  });
});
