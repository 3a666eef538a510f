/**
 * Reports after `clinicallab judge`: the judge's ratings (stored as `judge:<spec>` jobs) never make a report
 * rescore the run, nor do an agent's steps; the ratings are read back exactly as the judge counted them — per
 * model and per judge, with judge errors apart — and exported; the baseline's heuristic ratings are labelled as
 * such. A report still rescores a run whose answers went
 * on after its last scoring, also for a record that already had scores.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelRatings } from '../../src/metrics/judge-run.js';
import { exportTable } from '../../src/report/export.js';
import type { ReportViewModel } from '../../src/report/types.js';
import { buildViewModel } from '../../src/report/view-model.js';
import { RunStore } from '../../src/run/store.js';
import { runCli, tempDir } from '../helpers.js';
import { AGENT_ID, makeAgentRun } from './agent-fixture.js';
import { emptyLexiconContext, makeRun } from './fixture.js';
import { JUDGE_A, JUDGE_B, judgeWithScriptedJudges } from './judge-fixture.js';

let dir: string;
let judged: ModelRatings[];
let vm: ReportViewModel;
beforeAll(async () => {
  dir = join(tempDir(), 'judged-agent-run');
  await makeAgentRun(dir);
  judged = await judgeWithScriptedJudges(dir);
  vm = await buildViewModel([dir], { context: emptyLexiconContext(), ci: false });
}, 120_000);

describe('a judged run', () => {
  it('is not rescored by leaderboard, report or view, and says nothing about it', async () => {
    expect(vm.runs[0]!.scoredNow).toBe(false);
    const lb = await runCli('leaderboard', dir);
    expect(lb.code).toBe(0);
    expect(lb.err).not.toContain('scored now');
    // judges are never candidates
    expect(vm.models.map((m) => m.model).sort()).toEqual([AGENT_ID, 'baseline']);
  });

  it('has the ratings the judge counted, per model and per judge, judge errors apart', () => {
    expect(judged.length).toBe(2);
    for (const want of judged) {
      const got = vm.judge!.find((j) => j.label === want.model)!;
      expect(got, want.model).toBeDefined();
      expect(got.n).toBe(want.n);
      expect(got.judgeErrors).toBe(want.judgeErrors);
      expect(got.overall).toBeCloseTo(want.overall!, 6);
      for (const d of ['fluency', 'relevance', 'completeness', 'proficiency'] as const) expect(got.ratings![d]).toBeCloseTo(want.ratings![d], 6);
    }
    const base = vm.judge!.find((j) => j.label === 'baseline')!;
    expect(base.judges).toEqual([JUDGE_A, JUDGE_B]);
    // three English answers rated by both judges; the three Chinese ones by neither (two judge errors each)
    expect([base.n, base.judgeErrors]).toEqual([3, 6]);
    expect(base.ratings).toEqual({ fluency: 75, relevance: 70, completeness: 65, proficiency: 60 });
    const [a, b] = [JUDGE_A, JUDGE_B].map((j) => base.byJudge.find((x) => x.judge === j)!);
    expect([a!.n, a!.judgeErrors, a!.ratings]).toEqual([3, 3, { fluency: 60, relevance: 50, completeness: 40, proficiency: 30 }]);
    expect([b!.n, b!.judgeErrors, b!.overall]).toEqual([3, 3, 90]);
    // the agent's Chinese cases stopped before an answer: nothing to rate there
    const agent = vm.judge!.find((j) => j.label === AGENT_ID)!;
    expect([agent.n, agent.judgeErrors, agent.overall]).toEqual([3, 0, 67.5]);
  });

  it('exports the ratings as CSV and JSON', () => {
    const lines = exportTable(vm, 'judge', 'csv').trimEnd().split('\r\n');
    expect(lines[0]).toBe('model,judge,heuristic,n,fluency,relevance,completeness,proficiency,overall,judge_errors,pending');
    // per model: all judges, then each of the two; model judges, so no line is heuristic
    expect(lines).toHaveLength(1 + 2 * 3);
    expect(lines).toContain(`baseline,${JUDGE_A},false,3,60,50,40,30,45,3,0`);
    expect(lines).toContain('baseline,all,false,3,75,70,65,60,67.5,6,0');
    const json = JSON.parse(exportTable(vm, 'judge', 'json')) as { rows: { model: string; judge: string; overall: number | null }[] };
    expect(json.rows.find((r) => r.model === AGENT_ID && r.judge === 'all')!.overall).toBeCloseTo(judged.find((j) => j.model === AGENT_ID)!.overall!, 6);
  });

  it('has no judge ratings when nobody judged it', async () => {
    const plain = join(tempDir(), 'plain');
    await makeRun(plain, ['urology'], { models: ['baseline'] });
    const v = await buildViewModel([plain], { context: emptyLexiconContext(), ci: false });
    expect(v.judge).toBeUndefined();
    expect(exportTable(v, 'judge', 'csv').trimEnd().split('\r\n')).toHaveLength(1);
  }, 60_000);
});

describe('ratings by the baseline as judge', () => {
  it('are labelled heuristic, per judge and in every mean that includes them, as `clinicallab judge --json` labels them', async () => {
    const run = join(tempDir(), 'baseline-judged');
    await makeRun(run, ['urology'], { models: ['baseline'] });
    const cli = await runCli('judge', run, '--judge', 'baseline', '--json');
    expect(cli.code, cli.err).toBe(0);
    expect((JSON.parse(cli.out) as { judges: unknown[] }).judges).toEqual([{ spec: 'baseline', heuristic: true }]);
    const only = await buildViewModel([run], { context: emptyLexiconContext(), ci: false });
    expect(only.judge![0]).toMatchObject({ label: 'baseline', heuristic: true, judges: ['baseline'], byJudge: [{ judge: 'baseline', heuristic: true }] });
    const [head, line] = exportTable(only, 'judge', 'csv').trimEnd().split('\r\n');
    expect(head!.split(',')[2]).toBe('heuristic');
    expect(line).toMatch(/^baseline,baseline,true,6,/);

    // a model judge beside it: its own line is not heuristic, the mean of both is
    await judgeWithScriptedJudges(run, [JUDGE_B]);
    const both = await buildViewModel([run], { context: emptyLexiconContext(), ci: false });
    const j = both.judge![0]!;
    expect(j.byJudge.map((b) => [b.judge, b.heuristic])).toEqual([
      ['baseline', true],
      [JUDGE_B, false],
    ]);
    expect(j.heuristic).toBe(true);
    const lines = exportTable(both, 'judge', 'csv').trimEnd().split('\r\n').slice(1).map((l) => l.split(',').slice(0, 3).join(','));
    expect(lines).toEqual(['baseline,all,true', 'baseline,baseline,true', `baseline,${JUDGE_B},false`]);
    const json = JSON.parse(exportTable(both, 'judge', 'json')) as { rows: { judge: string; heuristic: boolean }[] };
    expect(json.rows.map((r) => r.heuristic)).toEqual([true, true, false]);
  }, 60_000);
});

describe('rescoring on demand', () => {
  it('scores again a run answered after its last scoring, also on a record that already had scores', async () => {
    const run = join(tempDir(), 'answered-since');
    await makeRun(run, ['urology']);
    const store = RunStore.open(run);
    const before = store.scores('baseline');
    // as if the imaging answers had come in after the run was scored
    store.replaceScores('baseline', before.filter((s) => s.task !== 'imaging'));
    store.close();
    const v = await buildViewModel([run], { context: emptyLexiconContext(), ci: false });
    expect(v.runs[0]!.scoredNow).toBe(true);
    const again = RunStore.open(run);
    expect(again.scores('baseline').filter((s) => s.task === 'imaging').length).toBe(before.filter((s) => s.task === 'imaging').length);
    again.close();
    // and once scored, it stays scored
    expect((await buildViewModel([run], { context: emptyLexiconContext(), ci: false })).runs[0]!.scoredNow).toBe(false);
  }, 60_000);
});
