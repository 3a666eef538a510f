/**
 * A large HTML report built from a real run, for the browser test that checks it stays usable and for the
 * benchmark that times it (perf/report-browser.bench.ts): every record of a small run copied until there are at
 * least the records asked for, each copy's text put through its own letter substitution so that nothing repeats
 * across copies but what repeats within a record.
 */
import { join } from 'node:path';
import { shortUid, uidDisplayLength } from '../../src/bench/uids.js';
import { chartAssets } from '../../src/report/assets.js';
import { CLIENT_SCRIPT, renderHtml } from '../../src/report/html.js';
import { writeFileAtomic } from '../../src/report/index.js';
import type { CaseRow, CaseView, ReportViewModel } from '../../src/report/types.js';
import { buildViewModel } from '../../src/report/view-model.js';
import { tempDir } from '../helpers.js';
import { emptyLexiconContext, makeRun } from '../report/fixture.js';

/** Keys whose values are the data's vocabulary (statuses, step kinds, labels, ids), kept as they are. */
const KEEP = new Set(['status', 'step', 'model', 'department', 'departments', 'chosen', 'found', 'key', 'exam', 'name', 'task', 'rule', 'uid', 'language']);

/** Copy `i`'s letter substitution: lower and upper case rotated apart, Chinese characters shifted. */
function cipher(i: number): (s: string) => string {
  const lo = i % 26;
  const up = Math.floor(i / 26) % 26;
  const cjk = (i * 97) % 20992;
  return (s) => {
    let out = '';
    for (const ch of s) {
      const c = ch.codePointAt(0)!;
      if (c >= 97 && c <= 122) out += String.fromCharCode(97 + ((c - 97 + lo) % 26));
      else if (c >= 65 && c <= 90) out += String.fromCharCode(65 + ((c - 65 + up) % 26));
      else if (c >= 0x4e00 && c <= 0x9fff) out += String.fromCodePoint(0x4e00 + ((c - 0x4e00 + cjk) % 20992));
      else out += ch;
    }
    return out;
  };
}

function recode<T>(v: T, f: (s: string) => string, key = ''): T {
  if (typeof v === 'string') return (KEEP.has(key) ? v : f(v)) as T;
  if (Array.isArray(v)) return v.map((x) => recode(x, f, key)) as T;
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, recode(x, f, k)])) as T;
  return v;
}

/** `copies` distinct copies of every record of a real report, with their rows. */
export function enlarge(vm: ReportViewModel, copies: number): ReportViewModel {
  const cases: CaseView[] = [];
  const rows: CaseRow[] = [];
  for (let i = 0; i < copies; i++) {
    const f = cipher(i);
    const offset = cases.length;
    for (const c of vm.cases) cases.push({ ...recode(c, f), uid: `${c.uid.slice(0, 26)}${i.toString(16).padStart(6, '0')}` });
    for (const r of vm.rows) rows.push({ ...recode(r, f), case: r.case + offset });
  }
  const uidLength = uidDisplayLength(cases.map((c) => c.uid));
  return { ...vm, cases: cases.map((c) => ({ ...c, shortUid: shortUid(c.uid, uidLength) })), rows, reference: null };
}

/** Bytes of a page that do not grow with the data: the charting library, the page's script. */
export function fixedBytes(): number {
  const { chart, matrix } = chartAssets();
  return [chart, matrix, CLIENT_SCRIPT].reduce((n, s) => n + Buffer.byteLength(s), 0);
}

export interface LargeReport {
  vm: ReportViewModel;
  /** The rendered HTML report, in a temp dir. */
  file: string;
}

/** A run of two models over the urology and neurology records, enlarged to at least `records` records and rendered. */
export async function writeLargeReport(records: number): Promise<LargeReport> {
  const dir = join(tempDir(), 'run');
  await makeRun(dir, ['urology', 'neurology']);
  const small = await buildViewModel([dir], { context: emptyLexiconContext(), ci: false });
  const vm = enlarge(small, Math.ceil(records / small.cases.length));
  const file = join(tempDir(), 'big.html');
  writeFileAtomic(file, renderHtml(vm));
  return { vm, file };
}
