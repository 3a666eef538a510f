/**
 * A run is a complete record of what its scores depend on: made with a department list of its own, templates of
 * its own and scoring options, it is rescored, reported, routed and resumed with no flags; a flag that changes
 * one of them says so in the output and the report; a run made before these were recorded reads as before.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import { DEFAULT_DEPARTMENTS } from '../../src/bench/departments.js';
import { readInputs, type BertscoreModel } from '../../src/run/recorded.js';
import { readManifest } from '../../src/run/meta-records.js';
import { RunStore } from '../../src/run/store.js';
import { startMockOpenAI, type MockServer } from '../support/mock-openai.js';
import { writeTinyBert } from '../support/tiny-bert.js';
import { runCli, tempDir } from '../helpers.js';

type Raw = Record<string, unknown> & { clinical_case_uid: string; language: string; clinical_case_summary: string };
const bundled = (name: string): Raw[] => JSON.parse(readFileSync(join(BUNDLED_CASES_DIR, `${name}.json`), 'utf8')) as Raw[];
const EMERGENCY = { id: 'emergency-medicine', zh: '急诊科', en: 'emergency department', short: 'Emergency', aliases: ['急诊'] };

let work: string;
let departments: string;
let builtinOnly: string;
let renamed: string;
let caseFile: string;
let dir: string;

function storeOf(d: string) {
  const store = RunStore.open(d);
  try {
    return { manifest: readManifest(store, d)!, inputs: readInputs(store, d)! };
  } finally {
    store.close();
  }
}

beforeAll(async () => {
  process.env.CLINICALLAB_CACHE_DIR = tempDir();
  work = tempDir();
  departments = join(work, 'hospital-departments.json');
  writeFileSync(departments, JSON.stringify({ departments: [...DEFAULT_DEPARTMENTS, EMERGENCY] }));
  builtinOnly = join(work, 'builtin-departments.json');
  writeFileSync(builtinOnly, JSON.stringify(DEFAULT_DEPARTMENTS));
  renamed = join(work, 'renamed-departments.json'); // the same departments, one label changed
  writeFileSync(renamed, JSON.stringify([...DEFAULT_DEPARTMENTS, { ...EMERGENCY, short: 'ER' }]));
  // 12 records; two cases (four records) are filed under a department the built-in list does not have
  const records = [...bundled('urology'), ...bundled('neurology')];
  const moved = [...new Set(records.map((r) => r.clinical_case_uid))].slice(0, 2);
  for (const r of records) if (moved.includes(r.clinical_case_uid)) r.clinical_department = r.language === 'zh' ? '急诊科' : 'emergency department';
  caseFile = join(work, 'cases.json');
  writeFileSync(caseFile, JSON.stringify(records));
  dir = join(work, 'run');
  const r = await runCli('run', '--cases', caseFile, '--departments', departments, '--out', dir);
  expect(r.code).toBe(0);
});

describe('a run made with a department list of its own', () => {
  it('records the list itself, not only its path', () => {
    const { manifest } = storeOf(dir);
    expect(manifest.departmentList).toMatchObject({ source: departments, count: 24 });
    const store = RunStore.open(dir);
    const inputs = readInputs(store, dir)!;
    store.close();
    expect(inputs.departments.map((d) => d.id)).toContain('emergency-medicine');
  });

  it('is scored, reported and routed on all its records with no flag', async () => {
    const score = await runCli('score', dir, '--json');
    expect(score.code).toBe(0);
    const scored = JSON.parse(score.out) as { models: { leaderboard: { Acc: { n: number } } }[]; overrides: Record<string, string[]> };
    expect(scored.models[0]!.leaderboard.Acc.n).toBe(12);
    expect(scored.overrides[dir]).toEqual([]);

    const board = await runCli('leaderboard', dir, '--format', 'json');
    expect(board.code).toBe(0);
    expect((JSON.parse(board.out) as { rows: { records: number }[] }).rows[0]!.records).toBe(12);
    expect(board.err).toBe('');

    const html = join(work, 'report.html');
    const report = await runCli('report', dir, '-o', html);
    expect(report.out).toContain('1 model, 12 records');
    expect(report.err).not.toContain('warning');

    const routing = await runCli('routing', dir, '--json', '--min-cases', '1');
    const table = JSON.parse(routing.out) as { overall: { n: number }[]; departments: Record<string, { models: { n: number }[]; fallback: boolean }> };
    expect(table.overall).toMatchObject([{ n: 12 }]);
    expect(table.departments['emergency-medicine']).toMatchObject({ fallback: false, models: [{ n: 4 }] });
  });

  it('says so when --departments replaces its list, in the output and in the report, and counts what no longer loads', async () => {
    const score = await runCli('score', dir, '--departments', renamed);
    expect(score.code).toBe(0);
    expect(score.out).toContain(`${dir}: scored with --departments ${renamed}, 24 departments (the run's: ${departments}, 24 departments) — not the run's own settings`);
    // a list the run's records do not load with cannot score them: said with the record and why
    const unreadable = await runCli('score', dir, '--departments', builtinOnly);
    expect(unreadable.code).toBe(1);
    expect(unreadable.err).toMatch(/is in the run but not in the case files .*: it could not be loaded \(.*cases\.json: record \d+ \(uid \w+, line \d+\): `clinical_department` "(emergency department|急诊科)" is not one of the 23 departments/);

    const report = await runCli('report', dir, '--departments', builtinOnly, '--format', 'json');
    const vm = JSON.parse(report.out) as { warnings: string[]; cases: unknown[]; runs: { scoring: { overrides: string[] }; scoredNow: boolean }[] };
    expect(vm.runs[0]!.scoring.overrides).toEqual([`--departments ${builtinOnly}, 23 departments (the run's: ${departments}, 24 departments)`]);
    expect(vm.warnings.some((w) => w.includes('scored with --departments'))).toBe(true);
    // the four records of the emergency department do not load with the built-in list: said, not hidden
    expect(vm.warnings.some((w) => /4 problems reading its case files.*"emergency department" is not one of the 23 departments/.test(w))).toBe(true);
    expect(report.err).toContain('scored with --departments');
    const html = join(work, 'renamed.html');
    expect((await runCli('report', dir, '--departments', renamed, '-o', html)).code).toBe(0);
    expect(readFileSync(html, 'utf8')).toContain(`scored with --departments ${renamed}, 24 departments (the run's: ${departments}, 24 departments)`);

    // without the flag the run is read with its own list again (its scores were computed otherwise: rescored)
    const again = JSON.parse((await runCli('report', dir, '--format', 'json')).out) as typeof vm;
    expect(again.runs[0]!.scoring.overrides).toEqual([]);
    expect(again.runs[0]!.scoredNow).toBe(true);
    expect(again.cases).toHaveLength(12);
  });

  it('says so when a matcher flag changes the run’s scoring, and the next score without it uses the run’s own', async () => {
    const r = await runCli('score', dir, '--match-threshold', '0.5');
    expect(r.out).toContain(`${dir}: scored with --match-threshold 0.5 (the run's: 0.8) — not the run's own settings`);
    const plain = JSON.parse((await runCli('score', dir, '--json')).out) as { overrides: Record<string, string[]> };
    expect(plain.overrides[dir]).toEqual([]);
  });

  it('resumes with its own list: no flag, nothing asked again, and a different list is refused', async () => {
    const again = await runCli('run', '--out', dir);
    expect(again.code).toBe(0);
    expect(again.out).toContain('This invocation: 0 answered');
    expect(again.out).toMatch(/Whole run: (\d+)\/\1 done, 0 errors, 0 pending;/);
    const other = await runCli('run', '--out', dir, '--departments', builtinOnly);
    expect(other.code).toBe(1);
    expect(other.err).toContain(`the department list given (${builtinOnly}, 23 departments) is not the one this run was made with (${departments}, 24 departments)`);
  });
});

describe('imported cases with departments off the built-in list', () => {
  it('import says the list is needed and will be kept; the run then needs it no more', async () => {
    const csv = join(work, 'visits.csv');
    writeFileSync(csv, 'id,lang,ward,complaint,dx\nE1,en,Emergency,Chest pain for 1 hour,Acute myocardial infarction\nE2,zh,急诊,胸痛1小时,急性心肌梗死\nU1,en,Urology,Flank pain for a day,Renal colic\n');
    const map = join(work, 'visits.yaml');
    writeFileSync(map, 'format: csv\nlanguage: { path: lang }\nfields:\n  clinical_case_uid: { template: "visit-{id}" }\n  clinical_department: { path: ward }\n  principal_diagnosis: dx\nsummary:\n  chief_complaint: complaint\n');
    const out = join(work, 'visits.jsonl');
    const imported = await runCli('import', csv, '--map', map, '--departments', departments, '-o', out);
    expect(imported.code).toBe(0);
    expect(imported.err).toContain(`warning: 2 records name a department that is not on the built-in list (emergency-medicine): give the same list when you run them (clinicallab run --cases ${out} --departments ${departments}). The run keeps the list`);
    const run = join(work, 'visits-run');
    expect((await runCli('run', '--cases', out, '--departments', departments, '--out', run)).code).toBe(0);
    const scored = JSON.parse((await runCli('score', run, '--json')).out) as { models: { leaderboard: { Acc: { n: number } } }[] };
    expect(scored.models[0]!.leaderboard.Acc.n).toBe(3);
  });
});

describe('scoring options', () => {
  it('are recorded (matcher options, BERTScore model with its identity, profile) and used with no flag', async () => {
    const bert = writeTinyBert(join(tempDir(), 'bert'), { seed: 5 });
    const run = join(work, 'scoring-run');
    const made = await runCli('run', '--cases', join(BUNDLED_CASES_DIR, 'urology.json'), '--limit', '2', '--tasks', 'principal', '--match-threshold', '0.6', '--broader-prediction', 'never', '--bertscore-model', bert, '--out', run);
    expect(made.code).toBe(0);
    const { manifest } = storeOf(run);
    expect(manifest.scoring).toMatchObject({ profile: 'clinicallab', matcher: { threshold: 0.6, broaderPrediction: 'never', narrowerPrediction: true }, bertscore: { dir: bert, identity: expect.stringMatching(/^[0-9a-f]{16}$/) }, judge: null });
    const show = await runCli('show', run);
    expect(show.out).toContain('Scoring: text profile clinicallab; matcher threshold 0.6, broader predictions never, narrower predictions counted; BERTScore ' + bert);

    const score = await runCli('score', run);
    expect(score.code).toBe(0);
    expect(score.out.split('\n')[0]).toMatch(/\bDB\s+DD\s+FD\s+PT\s+TP\s+ID\s/); // BERTScore in the text scores: nothing marked lexical-only
    expect(score.out).not.toContain('scored with');

    // the folder now holds another model: refused, naming it; scoring without BERTScore is said
    const config = join(bert, 'config.json');
    writeFileSync(config, JSON.stringify({ ...(JSON.parse(readFileSync(config, 'utf8')) as object), note: 'another model' }));
    const changed = await runCli('score', run);
    expect(changed.code).toBe(1);
    expect(changed.err).toContain(`${bert} no longer holds the BERTScore model this run is scored with`);
    const lexical = await runCli('score', run, '--no-bertscore-model');
    expect(lexical.code).toBe(0);
    expect(lexical.out).toContain(`scored with --no-bertscore-model (the run's: ${bert} (identity ${(manifest.scoring!.bertscore as BertscoreModel).identity}))`);
  });
});

describe('templates of its own', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockOpenAI();
  });
  afterAll(async () => server.close());
  beforeEach(() => server.reset());

  it('are recorded as texts; a resume with no flag asks with them, notes a template file changed since, and refuses another text', async () => {
    const templates = join(tempDir(), 'tpl');
    expect((await runCli('templates', '--export', templates)).code).toBe(0);
    const file = join(templates, 'en', 'department-guide.txt');
    writeFileSync(file, 'MARKER-A. Patient: {{basic_information}}; complaint: {{chief_complaint}}. Departments: {{department_list}}');
    const run = join(work, 'template-run');
    const model = `openai-compatible:mock-model@${server.url}`;
    const base = ['--model', model, '--cases', join(BUNDLED_CASES_DIR, 'urology.json'), '--tasks', 'department', '--lang', 'en', '--no-cache'];
    expect((await runCli('run', ...base, '--templates', templates, '--limit', '1', '--out', run)).code).toBe(0);
    expect(server.calls.map((c) => c.messages.at(-1)!.content)).toEqual([expect.stringMatching(/^MARKER-A\./)]);
    expect(storeOf(run).inputs.templates['en/department-guide']!.text).toMatch(/^MARKER-A\./);

    // the file changes on disk; resuming with no --templates keeps the recorded text, and says the file changed
    writeFileSync(file, 'MARKER-B. {{chief_complaint}} {{department_list}}');
    server.reset();
    const resumed = await runCli('run', '--out', run, '--limit', '2');
    expect(resumed.code).toBe(0);
    expect(resumed.err).toMatch(new RegExp(`note: ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} has changed \\(hash [0-9a-f]{16}, now [0-9a-f]{16}\\) since the run used it as template en/department-guide; the run goes on with the text it recorded`));
    expect(server.calls.map((c) => c.messages.at(-1)!.content)).toEqual([expect.stringMatching(/^MARKER-A\./)]);

    // the changed file given explicitly: its prompts would differ, so the resume is refused before any request
    server.reset();
    const refused = await runCli('run', '--out', run, '--templates', templates, '--limit', '3');
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/template en\/department-guide is not the one this run was made with \(hash [0-9a-f]{16} from .*department-guide\.txt, now [0-9a-f]{16} from .*\): its prompts would differ/);
    expect(server.calls).toHaveLength(0);
  });
});

describe('a run made before these were recorded', () => {
  it('is scored and resumed as before', async () => {
    const run = join(work, 'old-run');
    expect((await runCli('run', '--cases', join(BUNDLED_CASES_DIR, 'urology.json'), '--tasks', 'department', '--out', run)).code).toBe(0);
    const store = RunStore.open(run);
    const { departmentList: _l, scoring: _s, ...old } = readManifest(store, run)!;
    store.setManifest(old);
    store.db.prepare(`DELETE FROM manifest WHERE key IN ('inputs', 'scored-with')`).run();
    store.db.prepare('DELETE FROM case_records').run();
    store.close();
    const score = await runCli('score', run, '--json');
    expect(score.code).toBe(0);
    expect((JSON.parse(score.out) as { models: { leaderboard: { Acc: { n: number } } }[] }).models[0]!.leaderboard.Acc.n).toBe(6);
    const resumed = await runCli('run', '--out', run);
    expect(resumed.code).toBe(0);
    expect(resumed.out).toContain('This invocation: 0 answered');
  });
});
