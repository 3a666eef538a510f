/**
 * The bundled run's scores do not move under refactoring: `clinicallab run` on ClinicalBench-Open with the
 * built-in baseline, then `score --json --ci --by department` and the report's leaderboard, departments and cases
 * exports, are compared with files written by the code before the issue 18 redesign (test/fixtures/golden-bundled).
 * They were rewritten twice since, when issue 16's matcher changed its judgement of some diagnoses (2026-12-07)
 * and its explanations (2026-12-08: which predicted item matched, and why, in 7 preliminary- and final-diagnosis
 * rows; no score or other field moved): only those rows differed, no other row or field.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, runCli, tempDir } from '../helpers.js';

const golden = (name: string): string => readFileSync(fixture('golden-bundled', name), 'utf8');

/** The task column (fifth) of a golden row, with the ids `principal` and `principle` as issue 18 renamed them. */
const RENAMED: Record<string, string> = { principal: 'final-diagnosis', principle: 'treatment-principle' };
function renamed(line: string): string {
  const cells = line.split(',');
  if (cells.length > 5 && RENAMED[cells[4]!]) cells[4] = RENAMED[cells[4]!]!;
  return cells.join(',');
}

/** The same for every `task` field of golden JSON. */
function renamedTasks(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(renamedTasks);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'task' && typeof x === 'string' ? (RENAMED[x] ?? x) : renamedTasks(x)]));
}

let scratch = '';
async function inScratch(...args: string[]): Promise<string> {
  const here = process.cwd();
  process.chdir(scratch);
  try {
    const r = await runCli(...args);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    return r.out;
  } finally {
    process.chdir(here);
  }
}

describe('the bundled run, before and after the redesign', () => {
  beforeAll(async () => {
    scratch = tempDir();
    await inScratch('run', '--out', join(scratch, 'run-a'), '--no-cache');
  }, 120_000);

  it('scores to the same leaderboard, intervals and department breakdown (score --json --ci --by department)', async () => {
    expect(JSON.parse(await inScratch('score', 'run-a', '--json', '--ci', '--by', 'department'))).toEqual(renamedTasks(JSON.parse(golden('score.json'))));
  }, 60_000);

  it('reports the same leaderboard and department tables', async () => {
    expect(JSON.parse(await inScratch('report', 'run-a', '--format', 'json', '--table', 'leaderboard'))).toEqual(JSON.parse(golden('leaderboard.json')));
    expect(JSON.parse(await inScratch('report', 'run-a', '--format', 'json', '--table', 'departments'))).toEqual(JSON.parse(golden('departments.json')));
  }, 60_000);

  it('exports the same case rows: every task, value, reading and explanation (the two tasks renamed by issue 18 under their new ids)', async () => {
    const out = (await inScratch('report', 'run-a', '--format', 'csv', '--table', 'cases')).split('\n');
    const want = golden('cases.csv').split('\n').map(renamed);
    expect(out.length).toBe(want.length);
    for (let i = 0; i < want.length; i++) if (out[i] !== want[i]) expect({ line: i + 1, row: out[i] }).toEqual({ line: i + 1, row: want[i] });
  }, 60_000);
});
