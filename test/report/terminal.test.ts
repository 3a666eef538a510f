/**
 * The leaderboard as people see it in a terminal: after `run` and `agent` (DWR across the models of the run
 * directory), the best value of each column marked in a way that survives piping (and bold on a terminal), and
 * ClinicalAgent's statistics per case under the table of `leaderboard` and `score`.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { BEST_MARK } from '../../src/report/leaderboard-table.js';
import { runCli, tempDir } from '../helpers.js';
import { AGENT_ID, makeAgentRun } from './agent-fixture.js';
import { makeRun } from './fixture.js';

const COLS = ['Acc', 'DIFR', 'PD', 'DB', 'DD', 'FD', 'PT', 'TP', 'ID', 'DWR', 'CDA', 'Accept.', 'Avg', 'WAvg'];

/** The cells of a model's line of the table, by column name (values keep their mark). */
function cells(out: string, model: string): Record<string, string> {
  const line = out.split('\n').find((l) => l.startsWith(`${model} `) && l.includes('│'));
  expect(line, `a line for ${model} in:\n${out}`).toBeDefined();
  const values = line!.slice(model.length).replace('│', ' ').trim().split(/\s+/);
  return Object.fromEntries(COLS.map((c, i) => [c, values[i]!]));
}

let agentDir: string;
beforeAll(async () => {
  agentDir = join(tempDir(), 'agent-run');
  await makeAgentRun(agentDir);
}, 90_000);

describe('the table printed after run and agent', () => {
  it('has DWR across the benchmark model and the agent of one run directory', async () => {
    const dir = join(tempDir(), 'run-then-agent');
    const run = await runCli('run', '--limit', '4', '--out', dir, '--no-cache');
    expect(run.code).toBe(0);
    expect(cells(run.out, 'baseline').DWR).toBe('—'); // one model: nothing to win against
    const agent = await runCli('agent', '--limit', '4', '--out', dir, '--no-cache');
    expect(agent.code).toBe(0);
    const base = cells(agent.out, 'baseline');
    const ag = cells(agent.out, 'agent#1@1');
    for (const c of [base, ag]) expect(c.DWR).toMatch(/^\d+\.\d\d/);
    // ties count for every tied model, so the two shares cover every department case at least once
    expect(parseFloat(base.DWR!) + parseFloat(ag.DWR!)).toBeGreaterThanOrEqual(100 - 1e-9);
    // the same numbers as `leaderboard` on the directory
    const lb = await runCli('leaderboard', dir);
    expect(parseFloat(cells(lb.out, 'baseline').DWR!)).toBeCloseTo(parseFloat(base.DWR!), 2);
    expect(parseFloat(cells(lb.out, 'agent#1@1').DWR!)).toBeCloseTo(parseFloat(ag.DWR!), 2);
  }, 120_000);
});

describe('the best value of each column', () => {
  let dir: string;
  beforeAll(async () => {
    dir = join(tempDir(), 'two-models');
    await makeRun(dir, ['urology']);
  }, 60_000);

  it(`is marked ${BEST_MARK} in piped output, which has no colour codes`, async () => {
    const r = await runCli('leaderboard', dir);
    expect(r.code).toBe(0);
    // eslint-disable-next-line no-control-regex -- checking that there are none
    expect(r.out).not.toMatch(/\u001b\[/);
    expect(r.out).toContain(`${BEST_MARK} best value of the column`);
    const base = cells(r.out, 'baseline');
    const other = cells(r.out, 'openai-compatible:scripted-xss@http://127.0.0.1:9/v1');
    for (const c of ['Acc', 'FD', 'Avg', 'DWR']) {
      const [a, b] = [parseFloat(base[c]!), parseFloat(other[c]!)];
      expect(base[c]!.endsWith(BEST_MARK), `baseline ${c}`).toBe(a >= b);
      expect(other[c]!.endsWith(BEST_MARK), `scripted ${c}`).toBe(b >= a);
    }
    // the lexical-only footnote keeps its own mark
    expect(r.out).toMatch(/DB\*/);
    // and the columns stay aligned: every line of the table has its bar at the same place
    const lines = r.out.split('\n').filter((l) => l.includes('│') || l.includes('┼'));
    expect(new Set(lines.map((l) => l.indexOf(l.includes('│') ? '│' : '┼'))).size).toBe(1);
  });

  it('has its interval under DWR with --ci, as under every other column', async () => {
    const r = await runCli('leaderboard', dir, '--ci');
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    const ciLine = lines[lines.findIndex((l) => l.startsWith('baseline ')) + 1]!;
    expect(ciLine).toMatch(/^ {2}95% CI/);
    const afterBar = ciLine.split('│')[1]!.trim().split(/\s+/);
    // five intervals after the bar — DWR, CDA, Acceptability, Avg, WAvg — so DWR's is not blank
    expect(afterBar).toHaveLength(5);
    for (const iv of afterBar) expect(iv).toMatch(/^\d+\.\d–\d+\.\d$/);
  });

  it('is also bold on a terminal', async () => {
    let out = '';
    const code = await main(['leaderboard', dir], { out: (t) => (out += `${t}\n`), err: () => {}, color: true });
    expect(code).toBe(0);
    const line = out.split('\n').find((l) => l.startsWith('baseline'))!;
    // bold around a marked value
    expect(line).toMatch(new RegExp(`\\u001b\\[1m\\s*\\d+\\.\\d\\d${BEST_MARK}\\u001b\\[22m`));
  });

  it('is never marked with a single model', async () => {
    const one = join(tempDir(), 'one-model');
    await makeRun(one, ['urology'], { models: ['baseline'] });
    const r = await runCli('leaderboard', one);
    expect(r.out).not.toContain(BEST_MARK);
  }, 60_000);
});

describe('ClinicalAgent in the terminal', () => {
  it('shows the agent columns under the leaderboard and the score table', async () => {
    for (const cmd of ['leaderboard', 'score']) {
      const r = await runCli(cmd, agentDir);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain('ClinicalAgent (per case');
      expect(r.out).toMatch(/agent\s+variant\s+cases\s+exams\/case\s+share of exams\s+tokens\/case\s+cost\/case\s+stopped/);
      const line = r.out.split('\n').find((l) => l.startsWith(`${AGENT_ID} `) && l.includes('Agent#1@2'))!;
      expect(line, r.out).toBeDefined();
      const [, , cases, exams, share, , , stopped] = line.trim().split(/\s{2,}/);
      expect(cases).toBe('6');
      expect(parseFloat(exams!)).toBeGreaterThan(0);
      expect(share).toMatch(/^\d+\.\d%$/);
      expect(stopped).toBe('3'); // the Chinese cases, stopped by the failing nurse
    }
    const json = JSON.parse((await runCli('score', agentDir, '--json')).out) as { agents: { label: string; stats: { cases: number } }[] };
    expect(json.agents.map((a) => [a.label, a.stats.cases])).toEqual([[AGENT_ID, 6]]);
  }, 60_000);

  it('adds no agent table for runs without agents', async () => {
    const dir = join(tempDir(), 'no-agent');
    await makeRun(dir, ['urology'], { models: ['baseline'] });
    expect((await runCli('leaderboard', dir)).out).not.toContain('ClinicalAgent');
  }, 60_000);
});
