/**
 * Every count and every dash of the terminal leaderboard explained (issue: a run is honest about what it scored):
 * per-task record counts where they differ, why each "—" is there and the mean of the scored tasks, the same skip
 * counts from `score` and `leaderboard`, and runs on different records compared on the records they share.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import { fixture, runCli, tempDir } from '../helpers.js';

const UROLOGY = join(BUNDLED_CASES_DIR, 'urology.json');
const NEUROLOGY = join(BUNDLED_CASES_DIR, 'neurology.json');
let partial: string;

const line = (out: string, re: RegExp): string | undefined => out.split('\n').find((l) => re.test(l));

beforeAll(async () => {
  const work = tempDir();
  const cases = join(work, 'osce.jsonl');
  expect((await runCli('import', fixture('import', 'agentclinic-osce.jsonl'), '--preset', 'agentclinic', '-o', cases)).code).toBe(0);
  partial = join(work, 'run');
  expect((await runCli('run', '--cases', cases, '--out', partial, '--no-cache')).code).toBe(0);
}, 60_000);

describe('a partial dataset (imported AgentClinic cases: no department, no imaging gold)', () => {
  it('says per task how many records were scored, why each dash is there, and the mean of the scored tasks', async () => {
    const r = await runCli('score', partial);
    expect(r.code).toBe(0);
    expect(r.out).toContain('baseline: 8 records scored (DIFR 8, FD 8, TP 3)');
    const why = line(r.out, /^— baseline: /)!;
    expect(why).toContain('Acc, PD, DB, DD, PT, ID: no gold answer for this task in these records');
    expect(why).toContain('CDA: needs Acc and FD; no value for Acc');
    expect(why).toContain('Avg, WAvg: needs all nine task columns');
    expect(why).toMatch(/Mean of the scored tasks \(DIFR, FD, TP\): \d+\.\d\d — a partial figure, not comparable with Avg and never ranked with it\./);
  });

  it('gets the same record and skip counts from score and from leaderboard', async () => {
    const counts = (out: string): string => line(out, /^baseline: \d+ records scored/)!;
    const [score, board] = [await runCli('score', partial), await runCli('leaderboard', partial)];
    expect(counts(board.out)).toBe(counts(score.out));
    expect(counts(score.out)).toContain('skipped (no gold): department 8, preliminary 8, basis 8, differential 8, treatment-principle 8, plan 5, imaging 9');
    // the leaderboard explains its dashes from the records behind them
    expect(line(board.out, /^— baseline: /)).toContain('Acc: these records name no department');
  });
});

describe('runs on different records, side by side', () => {
  let urology: string;
  let both: string;
  let neurology: string;
  beforeAll(async () => {
    [urology, both, neurology] = [join(tempDir(), 'uro'), join(tempDir(), 'both'), join(tempDir(), 'neuro')];
    for (const [dir, files] of [[urology, [UROLOGY]], [both, [UROLOGY, NEUROLOGY]], [neurology, [NEUROLOGY]]] as const) {
      expect((await runCli('run', '--cases', ...files, '--out', dir, '--no-cache')).code).toBe(0);
    }
  }, 120_000);

  it('say how many records they share, and compare them on those only', async () => {
    const r = await runCli('leaderboard', urology, both);
    expect(r.out + r.err).toContain('These 2 models share 6 of their records (baseline (uro) 6, baseline (both) 12): DWR, paired tests and the best-value marks compare them on those 6 records only.');
    // on the 6 shared records the two baselines answer alike: every column they both have is a tie, marked for both
    const rows = r.out.split('\n').filter((l) => /^baseline \(\w+\)\s+\d/.test(l));
    expect(rows).toHaveLength(2);
    expect((rows[0]!.match(/▲/g) ?? []).length).toBe((rows[1]!.match(/▲/g) ?? []).length);
  });

  it('say when they share no record: no best-value marks, and nothing to compare in paired tests', async () => {
    const board = await runCli('leaderboard', urology, neurology);
    expect(board.out + board.err).toContain('These 2 models share no records (baseline (uro) 6, baseline (neuro) 6): DWR, paired tests and the best-value marks are not computed');
    const rows = board.out.split('\n').filter((l) => /^baseline \(\w+\)\s+\d/.test(l));
    expect(rows).toHaveLength(2);
    expect(rows.join('\n')).not.toContain('▲');
    const compared = await runCli('score', urology, neurology, '--compare');
    expect(compared.out).toContain('No record answered by both: nothing to compare');
    expect(compared.out).toContain('These 2 models share no records');
  });
});
