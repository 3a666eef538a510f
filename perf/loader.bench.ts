/**
 * Case loading: the CPU time `parseCaseFile` takes on a large file in each form the loader accepts, whole and with
 * one broken record. The records are the bundled open set repeated under new uids (1,500 by default, the size
 * of ClinicalBench), written as a pretty-printed array, a one-line array, JSON Lines, pretty-printed objects one
 * after another, and the authors' form (a pretty-printed array with `\%` escapes, which only the
 * repairing path reads). "broken" cuts the middle record short, so the reader has to find the records after it.
 *
 *   npx tsx perf/loader.bench.ts                 # 1,500 records, median of 5 runs per form
 *   npx tsx perf/loader.bench.ts --records 3000 --runs 5
 */
import { cpus } from 'node:os';
import { loadCases, parseCaseFile } from '../src/bench/loader.js';
import { BUNDLED_CASES_DIR } from '../src/bench/bundled.js';
import { option } from './options.js';

const records = option('records', 1500);
const runs = option('runs', 5);
const { cases } = await loadCases([BUNDLED_CASES_DIR], { strict: true });
const big = Array.from({ length: records }, (_, i) => ({ ...cases[i % cases.length]!.record, clinical_case_uid: `${cases[i % cases.length]!.uid}-${Math.floor(i / cases.length)}` }));

/** Each form, built from the records' own texts so that one of them can be cut short. */
const indent = (t: string): string => '  ' + t.replace(/\n/g, '\n  ');
const forms: Record<string, (texts: (pretty: boolean) => string[]) => string> = {
  'array, pretty-printed': (t) => `[\n${t(true).map(indent).join(',\n')}\n]`,
  'array, one line': (t) => `[${t(false).join(',')}]`,
  'JSON Lines': (t) => t(false).join('\n') + '\n',
  'objects one after another': (t) => t(true).join('\n') + '\n',
  'authors’ form (\\% escapes)': (t) => `[\n${t(true).map(indent).join(',\n')}\n]`.replace(/%/g, '\\%'),
};

/** The records' texts; with `cut`, the middle record loses its last third (the records after it are whole). */
function texts(cut: boolean): (pretty: boolean) => string[] {
  return (pretty) =>
    big.map((r, i) => {
      const t = pretty ? JSON.stringify(r, null, 2) : JSON.stringify(r);
      return cut && i === records >> 1 ? t.slice(0, Math.floor((t.length * 2) / 3)) : t;
    });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** CPU time (user + system) of parseCaseFile, steadier than wall time on a shared machine. */
function time(bytes: Uint8Array): { ms: number; loaded: number; skipped: number } {
  const ms: number[] = [];
  let last = { loaded: 0, skipped: 0 };
  for (let i = 0; i < runs; i++) {
    const t = process.cpuUsage();
    const r = parseCaseFile(bytes, 'bench.json');
    const used = process.cpuUsage(t);
    ms.push((used.user + used.system) / 1000);
    last = { loaded: r.report.loaded, skipped: r.report.skipped };
  }
  return { ms: median(ms), ...last };
}

console.log(`Node ${process.version}, ${cpus().length} CPU(s): ${cpus()[0]?.model.trim()}; ${records} records, median of ${runs} runs`);
console.log('| form | MiB | whole: CPU ms | loaded | broken: CPU ms | loaded | skipped |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const [name, form] of Object.entries(forms)) {
  const text = form(texts(false));
  const whole = time(Buffer.from(text));
  const cut = time(Buffer.from(form(texts(true))));
  const mib = (Buffer.byteLength(text) / 2 ** 20).toFixed(1);
  console.log(`| ${name} | ${mib} | ${whole.ms.toFixed(0)} | ${whole.loaded} | ${cut.ms.toFixed(0)} | ${cut.loaded} | ${cut.skipped} |`);
}
