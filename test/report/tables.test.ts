/**
 * Every table of the report as an export (JSON and CSV): the leaderboard with the agent columns, the best model per
 * department, ClinicalAgent's summary and routing, the dataset's support, and the run manifests — from the command
 * line and the viewer's routes alike. A run on partial data says per task how many records have a gold answer.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_TABLES, exportTable } from '../../src/report/export.js';
import type { ReportViewModel } from '../../src/report/types.js';
import { buildViewModel } from '../../src/report/view-model.js';
import { runCli, tempDir } from '../helpers.js';
import { AGENT_ID, AGENT_MODEL, makeAgentRun } from './agent-fixture.js';
import { emptyLexiconContext, makeTaintedRun, TAINTED_MODEL, csvRows } from './fixture.js';

let agentDir: string;
let vm: ReportViewModel;
let partialDir: string;
let partial: ReportViewModel;
beforeAll(async () => {
  agentDir = join(tempDir(), 'agent-run');
  await makeAgentRun(agentDir);
  vm = await buildViewModel([agentDir], { context: emptyLexiconContext(), ci: false });
  partialDir = join(tempDir(), 'partial-run');
  const taxonomy = await makeTaintedRun(partialDir, join(tempDir(), 'partial.json'));
  partial = await buildViewModel([partialDir], { context: emptyLexiconContext(), ci: false, taxonomy });
}, 120_000);

describe('exports of every table', () => {
  it('has the agent columns in the leaderboard, empty for other models', () => {
    const rows = csvRows(exportTable(vm, 'leaderboard', 'csv'));
    const agent = rows.find((r) => r.model === AGENT_ID)!;
    const stats = vm.agents![0]!.stats;
    expect(agent.agent_variant).toBe('Agent#1@2');
    expect(Number(agent.agent_exams_per_case)).toBeCloseTo(stats.ordersPerCase, 6);
    expect(Number(agent.agent_exam_share)).toBeCloseTo(stats.orderedShare!, 6);
    expect(Number(agent.agent_tokens_per_case)).toBeCloseTo(stats.tokensPerCase, 6);
    expect(agent.agent_stopped).toBe('3');
    const base = rows.find((r) => r.model === 'baseline')!;
    expect([base.agent_variant, base.agent_exams_per_case]).toEqual(['', '']);
    const json = JSON.parse(exportTable(vm, 'leaderboard', 'json')) as { rows: { model: string; agent: { examsPerCase: number } | null }[] };
    expect(json.rows.find((r) => r.model === AGENT_ID)!.agent!.examsPerCase).toBeCloseTo(stats.ordersPerCase, 6);
    expect(json.rows.find((r) => r.model === 'baseline')!.agent).toBeNull();
  });

  it('exports the agent table and the routing table it used', () => {
    const [a] = csvRows(exportTable(vm, 'agents', 'csv'));
    expect(a).toMatchObject({ agent: AGENT_ID, variant: 'Agent#1@2', k: '1', m: '2', navigator: AGENT_MODEL, chief: 'baseline', cases: '6', stopped: '3' });
    expect(a!.clinicians).toMatch(/baseline ×\d+/);
    const routing = csvRows(exportTable(vm, 'routing', 'csv'));
    const urology = routing.filter((r) => r.department === 'urology');
    expect(urology.map((r) => [r.rank, r.clinician, r.score, r.ranking, r.cases_sent])).toEqual([
      ['1', 'baseline', '40', 'department', '6'],
      ['2', AGENT_MODEL, '30', 'department', '6'],
    ]);
    // one line per department and clinician, every department of the list
    expect(new Set(routing.map((r) => r.department)).size).toBe(23);
  });

  it('exports the best model per department, ties and runner-up included', () => {
    const best = csvRows(exportTable(vm, 'best', 'csv'));
    expect(best.map((r) => r.department)).toEqual(vm.departments.map((d) => d.id));
    // the agent has no DIFR answers, so no weighted average: it is not ranked
    const cells = vm.byDepartment.filter((c) => c.department === 'urology' && c.weightedAvg !== null);
    const top = Math.max(...cells.map((c) => c.weightedAvg!));
    const u = best.find((r) => r.department === 'urology')!;
    expect(Number(u.weighted_avg)).toBeCloseTo(top, 6);
    expect(u.best_model).toBe(cells.filter((c) => c.weightedAvg === top).map((c) => vm.models[c.model]!.label).join('; '));
    expect(u.models_compared).toBe(String(cells.length));
    expect(u.next_model).toBe('');
    const json = JSON.parse(exportTable(vm, 'best', 'json')) as { table: string; rows: unknown[] };
    expect(json.table).toBe('best');
    expect(json.rows).toHaveLength(best.length);
  });

  it('exports the manifest: one line per run and model, with usage and no key', () => {
    const rows = csvRows(exportTable(vm, 'manifest', 'csv'));
    // the models of the run, then the models the agent may call, with their roles
    expect(rows.map((r) => [r.model, r.agent, r.roles])).toEqual([
      ['baseline', '', ''],
      [AGENT_ID, AGENT_ID, ''],
      [AGENT_MODEL, AGENT_ID, 'navigator clinician radiologist nurse'],
      ['baseline', AGENT_ID, 'clinician chief pharmacist'],
    ]);
    const base = rows.find((r) => r.model === 'baseline' && r.agent === '')!;
    expect(base.run).toBe('agent-run');
    expect(base.provider).toBe('baseline');
    expect(base.case_files).toMatch(/urology\.json \(6 records, sha256 [0-9a-f]{64}\)/);
    expect(base.templates).toMatch(/en\/clinical-diagnosis=[0-9a-f]+/);
    const usage = vm.models.find((m) => m.model === 'baseline')!.usage;
    expect([Number(base.jobs), Number(base.done), Number(base.input_tokens)]).toEqual([usage.jobs, usage.done, usage.inputTokens]);
    const tainted = csvRows(exportTable(partial, 'manifest', 'csv')).find((r) => r.model === partial.models[1]!.model)!;
    expect(tainted.base_url).toBe('http://127.0.0.1:9/v1/%3Cscript%3Ewindow.__pwned=1%3C/script%3E');
  });

  it('exports what the dataset supports, per run and task', () => {
    const rows = csvRows(exportTable(partial, 'dataset', 'csv'));
    const by = Object.fromEntries(rows.map((r) => [r.task, [r.with_gold, r.total, r.skipped]]));
    expect(by).toEqual({
      department: ['5', '6', '1'],
      difr: ['6', '6', '0'],
      preliminary: ['5', '6', '1'],
      basis: ['6', '6', '0'],
      differential: ['6', '6', '0'],
      'final-diagnosis': ['6', '6', '0'],
      'treatment-principle': ['5', '6', '1'],
      plan: ['5', '6', '1'],
      imaging: ['9', '10', '1'],
    });
  });

  it('gives every table from the command line, and refuses one it does not know', async () => {
    for (const table of EXPORT_TABLES) {
      const csv = await runCli('report', agentDir, '--format', 'csv', '--table', table, '--no-ci');
      expect(csv.code, `${table}: ${csv.err}`).toBe(0);
      expect(csv.out.split('\r\n').length, table).toBeGreaterThan(table === 'judge' ? 0 : 1); // nobody judged this run
      const json = JSON.parse((await runCli('report', agentDir, '--format', 'json', '--table', table, '--no-ci')).out) as { table: string; rows: unknown[] };
      expect(json.table).toBe(table);
      expect(json.rows.length, table).toBeGreaterThan(table === 'judge' ? -1 : 0);
    }
    const bad = await runCli('report', agentDir, '--format', 'csv', '--table', 'nope');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('agents, routing');
  }, 120_000);
});

describe('a run on partial data', () => {
  it('knows per task how many records have a gold answer, and files a record without a department apart', () => {
    const d = partial.runs[0]!.dataset!;
    expect(d.records).toBe(6);
    expect(d.tasks.find((t) => t.task === 'department')).toMatchObject({ column: 'Acc', withGold: 5, total: 6, skipped: 1 });
    expect(partial.departments.map((x) => x.label)).toContain('(no department)');
    // the record without a department is not scored on Acc: five records count
    expect(partial.models[0]!.leaderboard.Acc.n).toBe(5);
    expect(partial.runs[0]!.scoredNow).toBe(false);
  });

  it('says in the terminal what could not be scored for want of gold', async () => {
    const ok = await runCli('leaderboard', partialDir);
    expect(ok.out).toContain('partial-run: 6 records; no gold answer (skipped) for Acc 1, PD 1, PT 1, TP 1, ID 1 exams');
    expect(ok.out).toContain(TAINTED_MODEL.split('@')[0]);
  }, 60_000);

  it('adds no such line for a complete dataset', async () => {
    expect((await runCli('leaderboard', agentDir)).out).not.toContain('no gold answer (skipped)');
  });
});
