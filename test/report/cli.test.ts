/** The `report` and `leaderboard` commands: HTML file, exports, the terminal table, published rows apart, help. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers.js';
import { makeRun } from './fixture.js';

let dir: string;
beforeAll(async () => {
  dir = join(tempDir(), 'cli-run');
  await makeRun(dir, ['urology']);
}, 60_000);

describe('clinicallab report', () => {
  it('writes one self-contained HTML file and says where', async () => {
    const out = join(tempDir(), 'out', 'report.html');
    const r = await runCli('report', dir, '-o', out, '--reference');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Report: ${out} (`);
    expect(r.out).toContain('2 models, 6 records');
    const html = readFileSync(out, 'utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('Content-Security-Policy');
    expect(html).toContain('"arxiv":"2406.13890"');
    expect(existsSync(`${out}.${process.pid}.tmp`)).toBe(false);
  });

  it('exports the per-case results as CSV and the whole report data as JSON', async () => {
    const csv = await runCli('report', dir, '--format', 'csv');
    expect(csv.code).toBe(0);
    expect(csv.out.split('\r\n')[0]).toBe('model,uid,language,department,task,exam,status,value,correct,predicted,gold,rule,explanation,bleu,rouge,bertscore,pd_share,difr_count,difr_valid,error');
    const lb = await runCli('report', dir, '--format', 'csv', '--table', 'leaderboard');
    expect(lb.out.split('\r\n').filter((l) => l !== '').length).toBe(3);
    const json = await runCli('report', dir, '--format', 'json', '--no-ci');
    const data = JSON.parse(json.out) as { models: { ci: unknown }[]; rows: unknown[]; cases: unknown[] };
    expect(data.models).toHaveLength(2);
    expect(data.models[0]!.ci).toBeNull();
    expect(data.rows.length).toBeGreaterThan(0);
    const file = join(tempDir(), 'departments.json');
    const deps = await runCli('report', dir, '--format', 'json', '--table', 'departments', '-o', file);
    expect(deps.out).toContain(`Wrote ${file}`);
    expect((JSON.parse(readFileSync(file, 'utf8')) as { table: string }).table).toBe('departments');
  });

  it('refuses usage mistakes with exit status 2', async () => {
    expect((await runCli('report', dir, '--format', 'xml')).code).toBe(2);
    expect((await runCli('report', dir, '--table', 'cases')).err).toContain('--table goes with --format');
    expect((await runCli('report', dir, '--format', 'csv', '--table', 'nope')).code).toBe(2);
    const missing = await runCli('report', join(tempDir(), 'nothing-here'));
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('not a run directory');
  });
});

describe('clinicallab leaderboard', () => {
  it('prints the paper’s layout, with intervals on request and the published rows in a table apart', async () => {
    const r = await runCli('leaderboard', dir);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Model\s+Acc\s+DIFR\s+PD\s+DB\*\s+DD\*\s+FD\s+PT\*\s+TP\*\s+ID\*\s+│\s+DWR\s+CDA\s+Accept\.\s+Avg\s+WAvg/);
    expect(r.out).toContain('errors (excluded): imaging');
    expect(r.out).not.toContain('95% CI');
    expect(r.out).not.toContain('GPT-4');
    const ci = await runCli('leaderboard', dir, '--ci', '--resamples', '50');
    expect(ci.out).toContain('95% CI');
    const ref = await runCli('leaderboard', dir, '--reference');
    const [mine, published] = ref.out.split('Reference: published, measured on the real ClinicalBench — not on the cases of this run');
    expect(mine).toContain('baseline');
    expect(mine).not.toContain('GPT-4');
    expect(published).toContain('arXiv 2406.13890');
    expect(published).toMatch(/GPT-4\s+61\.47/);
  });

  it('exports the leaderboard as JSON or CSV', async () => {
    const json = JSON.parse((await runCli('leaderboard', dir, '--format', 'json', '--reference')).out) as { rows: { source: string; values: Record<string, number> }[] };
    expect(json.rows.filter((r) => r.source === 'run')).toHaveLength(2);
    expect(json.rows.filter((r) => r.source === 'published')).toHaveLength(15);
    const csv = (await runCli('leaderboard', dir, '--format', 'csv')).out.split('\r\n');
    expect(csv[0]!.startsWith('model,source,run,records,Acc,DIFR,PD,DB,DD,FD,PT,TP,ID,DWR,CDA,Acceptability,Avg,WeightedAvg')).toBe(true);
    expect((await runCli('leaderboard', dir, '--resamples', '3', '--ci')).code).toBe(2);
  });

  it('has --help', async () => {
    for (const cmd of ['report', 'leaderboard']) {
      const h = await runCli(cmd, '--help');
      expect(h.code).toBe(0);
      expect(h.out).toContain('--reference');
      expect(h.out).toContain('--format <format>');
    }
  });
});
