/**
 * `score` computes every leaderboard once (issue 18 item 3): the scores it has just computed are handed to the
 * view model it reads the runs back with (for the agent and dataset extras), which takes them as they are — its
 * models' leaderboards, counts and case rows are the given ones, not scored or counted again.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { scoreRun, type RunScores } from '../../src/metrics/score-run.js';
import { buildViewModel } from '../../src/report/view-model.js';
import { runCli, tempDir } from '../helpers.js';
import { emptyLexiconContext, makeRun } from './fixture.js';

let dir = '';
let scored: RunScores;
beforeAll(async () => {
  dir = join(tempDir(), 'run');
  await makeRun(dir, ['urology']);
  scored = await scoreRun(dir, { taxonomy: DepartmentTaxonomy.default(), context: emptyLexiconContext() });
}, 60_000);

describe('a view model given the scores just computed', () => {
  it('shows the given leaderboards, counts and rows instead of computing them again', async () => {
    const baseline = scored.models.find((m) => m.model === 'baseline')!;
    const row = scored.rows.find((r) => r.model === 'baseline' && r.task === 'department')!;
    // scores no store holds: were the view model to recompute anything, it would show the stored ones
    const given: RunScores = {
      ...scored,
      models: scored.models.map((m) => (m === baseline ? { ...m, cases: m.cases.slice(1), leaderboard: { ...m.leaderboard, Acc: { ...m.leaderboard.Acc, value: 12.5 } }, errors: { department: 7 } } : m)),
      rows: scored.rows.map((r) => (r === row ? { ...r, value: 0.25 } : r)),
    };
    const vm = await buildViewModel([dir], { context: emptyLexiconContext(), ci: false, scoredRuns: [given] });
    const m = vm.models.find((x) => x.model === 'baseline')!;
    expect(m.leaderboard.Acc.value).toBe(12.5);
    expect(m.errors).toEqual({ department: 7 });
    expect(m.records).toBe(baseline.cases.length - 1);
    expect(vm.rows.filter((r) => r.model === m.index && r.task === 'department').map((r) => r.value)).toContain(0.25);
    expect(vm.runs[0]!.scoredNow).toBe(false);

    // read without them, the same run shows what its store holds
    const own = (await buildViewModel([dir], { context: emptyLexiconContext(), ci: false })).models.find((x) => x.model === 'baseline')!;
    expect(own.leaderboard.Acc.value).toBe(baseline.leaderboard.Acc.value);
    expect(own.errors).toEqual(baseline.errors);
    expect(own.records).toBe(baseline.cases.length);
  }, 60_000);

  it('lets `score` print, beside the leaderboard it computed, the extras read back (what the dataset supports)', async () => {
    const r = await runCli('score', dir, '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as { models: { model: string; leaderboard: { Acc: { value: number | null } } }[]; datasets: { dataset: { records: number } | null }[] };
    const again = await scoreRun(dir, { taxonomy: DepartmentTaxonomy.default(), context: emptyLexiconContext() });
    expect(out.models.map((m) => m.model).sort()).toEqual(again.models.map((m) => m.model).sort());
    expect(out.datasets[0]!.dataset!.records).toBeGreaterThan(0);
  }, 60_000);
});
