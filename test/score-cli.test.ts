/**
 * `clinicallab score` as a user drives it: the matcher flags (also for `run`), the bootstrap seed, the DWR
 * interval, breakdowns with their counts (records without a department included), the DIFR rates and PD share
 * under the table, and the paired comparison of the aggregates and of DWR head to head.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../src/bench/bundled.js';
import { DepartmentTaxonomy } from '../src/bench/departments.js';
import { loadCases } from '../src/bench/loader.js';
import { executeRun, type RunFlags } from '../src/cli/commands/run-exec.js';
import { evaluatePlanned } from '../src/run/evaluate.js';
import { modelEntries } from '../src/run/setup.js';
import { loadTemplates } from '../src/tasks/templates.js';
import { startMockOpenAI, type MockServer } from './support/mock-openai.js';
import { runCli, tempDir } from './helpers.js';

type Raw = Record<string, unknown> & { clinical_case_uid: string; language: string; clinical_case_summary: string };
const bundled = (name: string): Raw[] => JSON.parse(readFileSync(join(BUNDLED_CASES_DIR, `${name}.json`), 'utf8')) as Raw[];

const taxonomy = DepartmentTaxonomy.default();
const servers: MockServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

/** A run of the baseline and a mock model that fails one request in five, on urology and neurology; one record has no department. */
let mainDir: string;
let mockLabel: string;
/** Four English records whose principal diagnoses the matcher flags decide differently (see PAIRS), and a second model that names two of them exactly. */
let matchFile: string;
let matchDir: string;
let matchServer: MockServer;
let matchLabel: string;

/** Gold principal diagnosis → what the mock answers, and what decides the pair. */
const PAIRS = [
  { gold: 'Bladder urothelial carcinoma', said: 'Bladder cancer', other: 'Bladder urothelial carcinoma' }, // broader, the usual form: counts unless --broader-prediction never
  { gold: 'Ureteral calculus', said: 'Urolithiasis', other: 'Ureteral calculus' }, // broader, not the usual form: counts only with --broader-prediction always
  { gold: 'Bladder cancer', said: 'Bladder urothelial carcinoma', other: 'Renal cell carcinoma' }, // narrower: counts unless --no-narrower-prediction
  { gold: 'Idiopathic plantar heel pain syndrome', said: 'Idiopathic plantar foot pain syndrome', other: 'Achilles tendon rupture' }, // word overlap (Dice) 0.8
];
const pairIndex = (call: { messages: { content: string }[] }): number => Number(/case-R(\d)/.exec(call.messages.map((m) => m.content).join('\n'))?.[1] ?? NaN);

function sixSections(principal: string): string {
  return [
    `Preliminary Diagnosis: 1. ${principal}`,
    'Diagnostic Basis: 1. History and examination',
    'Differential Diagnosis: 1. Other causes',
    `Principal Diagnosis: ${principal}`,
    'Therapeutic Principle: Treat the cause',
    'Treatment Plan: 1. Follow-up',
  ].join('\n');
}

beforeAll(async () => {
  process.env.CLINICALLAB_CACHE_DIR = tempDir();
  const work = tempDir();
  const templates = await loadTemplates();

  // the main run: one record without a department (a partial dataset)
  const records = [...bundled('urology'), ...bundled('neurology')];
  const blank = records.find((r) => r.language === 'en' && r.clinical_case_uid.startsWith('0928e37c'))!;
  blank.clinical_department = '';
  const mainFile = join(work, 'main.json');
  writeFileSync(mainFile, JSON.stringify(records));
  const server = await startMockOpenAI();
  servers.push(server);
  let n = 0;
  server.respond(() => (n++ % 5 === 0 ? { kind: 'server-error', status: 400 } : { kind: 'ok' }));
  mockLabel = `openai-compatible:mock-model@${server.url}`;
  const loaded = await loadCases([mainFile], { strict: true });
  mainDir = join(work, 'main-run');
  const kinds = ['department-guide', 'department-guide-3', 'department-guide-5', 'clinical-diagnosis', 'imaging-diagnosis'] as const;
  await evaluatePlanned({ dir: mainDir, models: modelEntries(['baseline', mockLabel], {}, { maxRetries: 0 }), cases: loaded.cases, caseFiles: loaded.files, kinds: [...kinds], templates, taxonomy, env: {} });

  // the matcher run: four English records, each marked in its summary so the mock knows which one it is asked
  const en = [...bundled('urology'), ...bundled('neurology')].filter((r) => r.language === 'en').slice(0, PAIRS.length);
  const marked = en.map((r, i) => ({ ...r, principal_diagnosis: PAIRS[i]!.gold, clinical_case_summary: r.clinical_case_summary.replace('Chief Complaint:', `Chief Complaint: case-R${i}`) }));
  matchFile = join(work, 'pairs.json');
  writeFileSync(matchFile, JSON.stringify(marked));
  matchServer = await startMockOpenAI();
  servers.push(matchServer);
  matchServer.answerWith((call) => sixSections(PAIRS[pairIndex(call)]?.said ?? 'nothing'));
  const otherServer = await startMockOpenAI();
  servers.push(otherServer);
  otherServer.answerWith((call) => sixSections(PAIRS[pairIndex(call)]?.other ?? 'nothing'));
  matchLabel = `openai-compatible:mock-model@${matchServer.url}`;
  const pairs = await loadCases([matchFile], { strict: true });
  matchDir = join(work, 'match-run');
  const models = modelEntries([matchLabel, `openai-compatible:mock-model@${otherServer.url}`], {}, { maxRetries: 0 });
  await evaluatePlanned({ dir: matchDir, models, cases: pairs.cases, caseFiles: pairs.files, kinds: ['clinical-diagnosis'], templates, taxonomy, env: {} });
}, 120_000);

interface Score {
  value: number | null;
  n: number;
}
type Iv = { low: number; high: number } | null;
interface ScoreJson {
  bootstrap?: { seed: number; resamples: number };
  models: { model: string; leaderboard: Record<string, Score>; ci?: Record<string, Iv>; dwr?: number; dwrCi?: Iv; errors: Record<string, number> }[];
  comparisons: { a: string; b: string; rows: { metric: string; n: number; a: number; b: number; diff: number; low?: number; high?: number; p: number }[] }[];
  by?: string;
  byGroup?: Record<string, Record<string, { leaderboard: Record<string, Score>; counts: { errors: Record<string, number>; pending: Record<string, number>; skipped: Record<string, number>; unreadable: Record<string, number> } }>>;
}

async function scoreJson(...args: string[]): Promise<ScoreJson> {
  const r = await runCli('score', ...args, '--json');
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out) as ScoreJson;
}

const fdOf = async (...flags: string[]): Promise<number | null> => (await scoreJson(matchDir, ...flags)).models.find((m) => m.model === matchLabel)!.leaderboard.FD!.value;

/** The cell of a table line under a column heading (values are right-aligned under their heading and its mark). */
function cellUnder(header: string, line: string, name: string): string {
  const at = header.search(new RegExp(`(?<=\\s)${name}(?=\\s)`));
  expect(at, `column ${name} in ${header}`).toBeGreaterThan(0);
  const end = at + name.length;
  const left = line.slice(0, end).trimEnd();
  return left.length === end ? left.split(/\s+/).pop()! : '';
}

describe('score: the matcher flags', () => {
  it('change which predicted principal diagnoses count, pair by pair', async () => {
    expect(await fdOf()).toBe(75); // all but the broader, not usual, name
    expect(await fdOf('--broader-prediction', 'usual')).toBe(75);
    expect(await fdOf('--broader-prediction', 'never')).toBe(50); // the usual-form pair too
    expect(await fdOf('--broader-prediction', 'always')).toBe(100);
    expect(await fdOf('--no-narrower-prediction')).toBe(50);
    expect(await fdOf('--match-threshold', '0.9')).toBe(50); // Dice 0.8 is no longer enough
    expect(await fdOf('--match-threshold', '0.8')).toBe(75);
  });

  it('refuses values they do not take, as usage errors', async () => {
    for (const [flag, value] of [['--broader-prediction', 'sometimes'], ['--match-threshold', '0'], ['--match-threshold', '1.5'], ['--match-threshold', 'high']] as const) {
      const r = await runCli('score', matchDir, flag, value);
      expect(r.code, `${flag} ${value}`).toBe(2);
      expect(r.err).toContain(flag);
      expect(r.err).toContain(value);
    }
    expect((await runCli('score', matchDir, '--broader-prediction', 'sometimes')).err).toContain('never, usual, always');
  });

  it('reach the scores printed after clinicallab run', async () => {
    const run = async (extra: Partial<Record<'broaderPrediction' | 'matchThreshold', string>> & { narrowerPrediction?: boolean }): Promise<{ code: number; out: string }> => {
      let out = '';
      const flags: RunFlags = { model: [matchLabel], cases: [matchFile], tasks: 'principal', out: join(tempDir(), 'run'), cache: false, json: true, ...extra };
      const code = await executeRun({ out: (t) => (out += `${t}\n`), err: () => {}, color: false }, flags);
      return { code, out };
    };
    const fd = (r: { out: string }): number => (JSON.parse(r.out) as { leaderboard: Record<string, { FD: Score }> }).leaderboard[matchLabel]!.FD.value!;
    expect(fd(await run({}))).toBe(75);
    expect(fd(await run({ broaderPrediction: 'always' }))).toBe(100);
    expect(fd(await run({ narrowerPrediction: false }))).toBe(50);
    expect(fd(await run({ matchThreshold: '0.9' }))).toBe(50);
  });
});

describe('score: the bootstrap seed', () => {
  it('gives the same intervals for the same seed and other ones for another seed', async () => {
    const args = [mainDir, '--ci', '--compare', '--resamples', '60'];
    const a = await scoreJson(...args, '--seed', '7');
    const again = await scoreJson(...args, '--seed', '7');
    const other = await scoreJson(...args, '--seed', '8');
    const intervals = (j: ScoreJson): unknown => ({ ci: j.models.map((m) => [m.ci, m.dwrCi]), comparisons: j.comparisons.map((c) => c.rows.map((r) => [r.metric, r.low, r.high, r.p])) });
    expect(a.bootstrap).toEqual({ seed: 7, resamples: 60 });
    expect(intervals(again)).toEqual(intervals(a));
    expect(intervals(other)).not.toEqual(intervals(a));
    // each part moves with the seed: the leaderboard intervals, the comparison's and DWR's (on two models that win some records each)
    expect(other.models.map((m) => m.ci)).not.toEqual(a.models.map((m) => m.ci));
    expect(other.comparisons[0]!.rows.map((r) => [r.low, r.high])).not.toEqual(a.comparisons[0]!.rows.map((r) => [r.low, r.high]));
    const dwrCi = async (seed: string): Promise<unknown> => (await scoreJson(matchDir, '--ci', '--resamples', '60', '--seed', seed)).models.map((m) => m.dwrCi);
    expect(await dwrCi('7')).toEqual(await dwrCi('7'));
    expect(await dwrCi('8')).not.toEqual(await dwrCi('7'));
    // without --seed the documented default
    const def = await scoreJson(...args);
    expect(def.bootstrap).toEqual({ seed: 20240619, resamples: 60 });
    expect(intervals(await scoreJson(...args, '--seed', '20240619'))).toEqual(intervals(def));
    const text = await runCli('score', ...args, '--seed', '7');
    expect(text.out).toContain('Bootstrap: seed 7, 60 resamples');
  });

  it('refuses a seed that is not a whole number', async () => {
    for (const bad of ['-1', '1.5', 'x', '4294967296']) {
      const r = await runCli('score', mainDir, '--ci', '--seed', bad);
      expect(r.code, bad).toBe(2);
      expect(r.err).toContain('--seed');
    }
  });
});

describe('score --ci: the interval of DWR', () => {
  it('is shown under the DWR column and given in the JSON', async () => {
    const j = await scoreJson(mainDir, '--ci', '--resamples', '60');
    for (const m of j.models) {
      expect(m.dwrCi, m.model).toMatchObject({ low: expect.any(Number), high: expect.any(Number) });
      expect(m.dwrCi!.low).toBeLessThanOrEqual(m.dwr! + 1e-9);
      expect(m.dwrCi!.high).toBeGreaterThanOrEqual(m.dwr! - 1e-9);
    }
    const r = await runCli('score', mainDir, '--ci', '--resamples', '60');
    const lines = r.out.split('\n');
    const header = lines[0]!;
    const ciLines = lines.filter((l) => l.startsWith('  95% CI'));
    expect(ciLines).toHaveLength(2);
    ciLines.forEach((line, i) => {
      const iv = j.models[i]!.dwrCi!;
      expect(cellUnder(header, line, 'DWR')).toBe(`${iv.low.toFixed(1)}–${iv.high.toFixed(1)}`);
    });
  });
});

describe('score --by', () => {
  it('shows each group with its own counts of errors and skips, and records without a department as such', async () => {
    const r = await runCli('score', mainDir, '--by', 'department');
    expect(r.code).toBe(0);
    const mine = r.out.slice(r.out.indexOf(`${mockLabel} by department`));
    const baseline = r.out.slice(r.out.indexOf('baseline by department'), r.out.indexOf(`${mockLabel} by department`));
    expect(baseline).toMatch(/^\(no department\)\s/m);
    expect(baseline).toMatch(/^\(no department\): 1 records scored(?: \([^)]*\))?; skipped \(no gold\): department 1/m);
    expect(mine).toMatch(/^urology: \d+ records scored(?: \([^)]*\))?; errors \(excluded\): /m);
    expect(baseline).not.toContain('errors (excluded)');
  });

  it('gives every group’s leaderboard and counts in the JSON, adding up to the model’s', async () => {
    const j = await scoreJson(mainDir, '--by', 'department');
    expect(j.by).toBe('department');
    const mock = j.models.find((m) => m.model === mockLabel)!;
    const groups = j.byGroup![mockLabel]!;
    expect(Object.keys(groups).sort()).toEqual(['(no department)', 'neurology', 'urology'].sort());
    const summed: Record<string, number> = {};
    for (const g of Object.values(groups)) for (const [k, v] of Object.entries(g.counts.errors)) summed[k] = (summed[k] ?? 0) + v;
    expect(summed).toEqual(mock.errors);
    expect(j.byGroup!.baseline!['(no department)']!.counts.skipped).toMatchObject({ department: 1 });
    expect(j.byGroup!.baseline!.urology!.leaderboard.Acc!.n).toBe(6);
    const lang = await scoreJson(mainDir, '--by', 'language');
    expect(Object.keys(lang.byGroup!.baseline!).sort()).toEqual(['en', 'zh']);
  });
});

describe('the DIFR rates and PD share under the leaderboard', () => {
  const detailLine = (out: string, model: string): string => out.split('\n').find((l) => l.startsWith(`  ${model} `) && l.includes('DIFR3Quantity'))!;

  it('are printed by score (with intervals under --ci) and given in the JSON', async () => {
    const j = await scoreJson(mainDir, '--ci', '--resamples', '60');
    const r = await runCli('score', mainDir, '--ci', '--resamples', '60');
    expect(r.out).toContain('Details (95% CI): DIFR3/5Quantity');
    for (const m of j.models) {
      const line = detailLine(r.out, m.model);
      expect(line, m.model).toBeDefined();
      for (const k of ['DIFR3Quantity', 'DIFR3Name', 'DIFR5Quantity', 'DIFR5Name', 'PDShare']) {
        const v = m.leaderboard[k]!.value;
        const iv = m.ci![k];
        expect(line).toContain(`${k} ${v === null ? '—' : v.toFixed(2)}${iv ? ` (${iv.low.toFixed(1)}–${iv.high.toFixed(1)})` : ''}`);
      }
    }
    const baseline = j.models.find((m) => m.model === 'baseline')!;
    expect(baseline.leaderboard.PDShare!.value).toBeGreaterThan(0);
    expect(baseline.leaderboard.DIFR3Quantity!.n).toBeGreaterThan(0);
  });

  it('are printed by leaderboard and after run, but not for the published reference rows', async () => {
    const lb = await runCli('leaderboard', mainDir, '--reference');
    expect(lb.code).toBe(0);
    expect(detailLine(lb.out, 'baseline')).toMatch(/DIFR3Quantity \d+\.\d\d {2}DIFR3Name/);
    expect(lb.out.match(/^Details/gm)).toHaveLength(1);
    let out = '';
    const flags: RunFlags = { model: ['baseline'], cases: [join(BUNDLED_CASES_DIR, 'urology.json')], tasks: 'department,difr,preliminary', out: join(tempDir(), 'run'), cache: false };
    expect(await executeRun({ out: (t) => (out += `${t}\n`), err: () => {}, color: false }, flags)).toBe(0);
    expect(detailLine(out, 'baseline')).toMatch(/DIFR5Name \d+\.\d\d {2}PDShare \d+\.\d\d/);
  });
});

describe('score --compare', () => {
  it('prints the aggregates and DWR head to head beside the per-record tests', async () => {
    const j = await scoreJson(mainDir, '--compare', '--resamples', '60');
    const rows = j.comparisons[0]!.rows;
    expect(rows.map((r) => r.metric)).toEqual(expect.arrayContaining(['DIFR', 'Acceptability', 'Avg', 'WeightedAvg', 'DWR']));
    const r = await runCli('score', mainDir, '--compare', '--resamples', '60');
    const table = r.out.slice(r.out.indexOf(`baseline vs ${mockLabel}`));
    const line = (label: string): string => table.split('\n').find((l) => l.startsWith(`${label} `))!;
    for (const [metric, label, test] of [
      ['Acc', 'Acc', 'McNemar'],
      ['DB', 'DB', 'bootstrap of the mean'],
      ['DIFR', 'DIFR', 'bootstrap of the aggregate'],
      ['Acceptability', 'Acceptability', 'bootstrap of the aggregate'],
      ['WeightedAvg', 'Weighted avg', 'bootstrap of the aggregate'],
      ['DWR', 'DWR (head to head)', 'bootstrap within departments'],
    ] as const) {
      const row = rows.find((x) => x.metric === metric)!;
      const ci = row.low !== undefined ? `${row.low.toFixed(2)} – ${row.high!.toFixed(2)}\\s+` : '';
      expect(line(label), label).toMatch(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s+${row.n}\\s+${row.a.toFixed(2)}\\s+${row.b.toFixed(2)}\\s+${row.diff.toFixed(2)}\\s+${ci}<?[\\d.]+\\s+${test}$`));
    }
    expect(table).toContain('DWR (head to head): the two models’ DWR when only they are compared');
  });
});

describe('run: the matcher flags on its command line', () => {
  it('score a broader name as the flags say, and refuse a bad value before any model is asked', async () => {
    const dir = tempDir();
    const fd = async (...extra: string[]) => {
      const r = await runCli('run', '--cases', join(BUNDLED_CASES_DIR, 'hernia-surgery.json'), '--tasks', 'principal', '--no-cache', '--out', join(dir, extra.join('') || 'default'), ...extra);
      expect(r.code).toBe(0);
      const lines = r.out.split('\n');
      const row = lines[lines.findIndex((l) => l.startsWith('Model ')) + 2]!;
      return row.split(/\s+/)[6];
    };
    // the baseline names "Inguinal hernia" for an indirect inguinal hernia: broader, so it counts only with `always`
    const usual = await fd();
    const always = await fd('--broader-prediction', 'always');
    expect(Number(always)).toBeGreaterThan(Number(usual));
    const bad = await runCli('run', '--broader-prediction', 'sometimes', '--out', join(dir, 'bad'));
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--broader-prediction takes never, usual, always');
    expect(existsSync(join(dir, 'bad'))).toBe(false);
  });
});
