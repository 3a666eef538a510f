/**
 * Whole-command figures: CLI start-up time, the built-in baseline on the bundled set (wall time and peak
 * memory), and a 1,500-record run (the bundled records repeated under new uids) — its wall time, peak memory
 * and the time to rescore it. Run: npx tsx perf/cli.bench.ts [--records 1500]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { loadCases } from '../src/bench/loader.js';
import { BUNDLED_CASES_DIR } from '../src/bench/bundled.js';
import { option } from './options.js';

const CLI = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..', 'bin', 'clinicallab.js');
const work = mkdtempSync(join(tmpdir(), 'clinicallab-bench-'));
const env = { ...process.env, CLINICALLAB_CACHE_DIR: join(work, 'cache'), NO_COLOR: '1' };

/** Wall seconds and peak resident memory (MiB) of one command, measured by GNU time. */
function measure(args: string[]): { seconds: number; mib: number } {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, CLI, ...args], { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`clinicallab ${args.join(' ')} failed:\n${r.stderr}`);
  const [seconds, kib] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return { seconds: seconds!, mib: kib! / 1024 };
}

try {
  console.log(`Node ${process.version}, ${cpus().length} CPU(s): ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`);
  const starts: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    execFileSync(process.execPath, [CLI, '--version'], { env });
    starts.push(performance.now() - t);
  }
  starts.sort((a, b) => a - b);
  console.log(`CLI start-up (clinicallab --version), median of 10: ${starts[5]!.toFixed(0)} ms`);

  const bundled = measure(['run', '--out', join(work, 'bundled'), '--no-cache', '--json']);
  console.log(`baseline on the bundled set (138 records, 820 jobs, scored, report written): ${bundled.seconds.toFixed(1)} s, peak ${bundled.mib.toFixed(0)} MiB`);

  const records = option('records', 1500);
  const { cases } = await loadCases([BUNDLED_CASES_DIR], { strict: true });
  const big = Array.from({ length: records }, (_, i) => ({ ...cases[i % cases.length]!.record, clinical_case_uid: `${cases[i % cases.length]!.uid}-${Math.floor(i / cases.length)}` }));
  writeFileSync(join(work, 'big.json'), JSON.stringify(big));
  const run = measure(['run', '--cases', join(work, 'big.json'), '--out', join(work, 'big'), '--no-cache', '--json']);
  console.log(`baseline on ${records} records (all tasks, scored, report written): ${run.seconds.toFixed(1)} s, peak ${run.mib.toFixed(0)} MiB`);
  const score = measure(['score', join(work, 'big'), '--json']);
  console.log(`rescoring those ${records} records (lexical text metrics, matcher): ${score.seconds.toFixed(1)} s, peak ${score.mib.toFixed(0)} MiB`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
