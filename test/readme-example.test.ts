/**
 * The README's library example, run exactly as written (extracted from README.md, so the two cannot drift):
 * a whole evaluation from code, with the built library standing in for the `clinicallab` package. What it
 * prints must agree with what `clinicallab run` computes for the same evaluation.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, tempDir } from './helpers.js';

const run = promisify(execFile);

/** The code block between the README's library-example markers. */
export function readmeExample(readme: string): string {
  const m = /<!-- library-example -->\s*```js\n([\s\S]*?)```\s*<!-- \/library-example -->/.exec(readme);
  if (!m) throw new Error('README.md has no block between <!-- library-example --> and <!-- /library-example -->');
  return m[1]!;
}

describe('the README library example', () => {
  it('evaluates, scores and reports from code, as clinicallab run does', { timeout: 120_000 }, async () => {
    const dist = join(ROOT, 'dist', 'index.js');
    expect(existsSync(dist), 'run `npm run build` first').toBe(true);
    const code = readmeExample(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(code).toContain("from 'clinicallab'");
    const work = tempDir();
    const file = join(work, 'example.mjs');
    writeFileSync(file, code.replace("from 'clinicallab'", `from ${JSON.stringify(pathToFileURL(dist).href)}`));
    const env = { ...process.env, CLINICALLAB_CACHE_DIR: join(work, 'cache'), NO_COLOR: '1' };
    const { stdout } = await run(process.execPath, [file], { cwd: work, env });
    const dir = join(work, 'clinicallab-runs', 'from-code');
    // 6 records × (department guide + six-section diagnosis); the baseline is free
    expect(stdout).toContain(`12 answers, estimated cost 0, in ${dir}`);
    expect(existsSync(join(dir, 'report.html'))).toBe(true);
    expect(stdout).toContain(`report: ${join(dir, 'report.html')}`);

    // the same evaluation through the command line gives the same scores
    const cliDir = join(work, 'cli');
    const r = await runCli('run', '--tasks', 'department,pd', '--limit', '6', '--out', cliDir, '--json');
    expect(r.code, r.err).toBe(0);
    const board = (JSON.parse(r.out) as { leaderboard: Record<string, Record<string, { value: number | null }>> }).leaderboard.baseline!;
    expect(stdout).toContain(`baseline: Acc ${board.Acc!.value!.toFixed(2)}, PD ${board.PD!.value!.toFixed(2)}`);

    // run again: it resumes, and nothing is asked again
    const again = await run(process.execPath, [file], { cwd: work, env });
    expect(again.stdout).toContain('0 answers');
  });
});
