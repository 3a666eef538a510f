/**
 * A changed dataset is never silently mixed into a run: resuming after the case file changed (records removed,
 * one edited, one added) or went missing is refused before any model is asked, naming the file and the records;
 * --allow-changed-cases keeps the answers of unchanged records, asks for the new ones and sets aside the answers
 * of removed or edited records — counted and shown, never scored; `runs` and `show` mark a run whose case files
 * no longer match. Against the loopback model server, so every request is seen.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import { RunStore } from '../../src/run/store.js';
import { startMockOpenAI, type MockServer } from '../support/mock-openai.js';
import { runCli, tempDir } from '../helpers.js';

type Raw = Record<string, unknown> & { clinical_case_uid: string; language: string; clinical_case_summary: string; principal_diagnosis: string };
const bundled = (name: string): Raw[] => JSON.parse(readFileSync(join(BUNDLED_CASES_DIR, `${name}.json`), 'utf8')) as Raw[];

let server: MockServer;
let model: string;
beforeAll(async () => {
  process.env.CLINICALLAB_CACHE_DIR = tempDir();
  server = await startMockOpenAI();
  model = `openai-compatible:mock-model@${server.url}`;
});
afterAll(async () => server.close());
beforeEach(() => {
  server.reset();
  server.respond({ kind: 'ok' });
});

/** The uid each request was about: the mock echoes, so find the record by its chief complaint. */
const asked = (records: readonly Raw[]): string[] =>
  server.calls.map((c) => {
    const text = c.messages.at(-1)!.content;
    const hit = records.find((r) => text.includes(chiefComplaint(r)));
    return hit ? `${hit.clinical_case_uid} (${hit.language})` : '?';
  });
const chiefComplaint = (r: Raw): string => /(?:Chief Complaint|主诉)[:：]\s*([^\n]+)/.exec(r.clinical_case_summary)![1]!.trim();

/** A run of the mock on the 12 records of two bundled departments (Department Guide only): 12 requests. */
async function madeRun() {
  const root = tempDir();
  const file = join(root, 'cases.json');
  const records = [...bundled('urology'), ...bundled('neurology')];
  writeFileSync(file, JSON.stringify(records, null, 1));
  const dir = join(root, 'run');
  const made = await runCli('run', '--model', model, '--cases', file, '--tasks', 'department', '--no-cache', '--out', dir);
  expect(made.code).toBe(0);
  expect(server.calls).toHaveLength(12);
  server.reset();
  return { root, file, records, dir };
}

const ref = (r: Raw): string => `${r.clinical_case_uid} (${r.language})`;

describe('resuming after the case file changed', () => {
  it('is refused before any request, naming the file and the records removed, edited and added; runs and show mark the run', async () => {
    const { root, file, records, dir } = await madeRun();
    const [gone1, gone2] = [...new Set(records.map((r) => r.clinical_case_uid))];
    const kept = records.filter((r) => r.clinical_case_uid !== gone1 && r.clinical_case_uid !== gone2);
    const edited = kept[0]!;
    edited.clinical_case_summary = edited.clinical_case_summary.replace(chiefComplaint(edited), `${chiefComplaint(edited)} (edited)`);
    const added = bundled('orthopedics')[0]!;
    writeFileSync(file, JSON.stringify([...kept, added], null, 1));

    const r = await runCli('run', '--out', dir);
    expect(r.code).toBe(1);
    expect(server.calls).toHaveLength(0);
    const removed = records.filter((x) => x.clinical_case_uid === gone1 || x.clinical_case_uid === gone2).map(ref);
    expect(r.err).toContain(`the case files of ${dir} have changed since the run was made; nothing was asked:`);
    expect(r.err).toContain(`${file} has changed: 4 records removed (${removed.join(', ')}); 1 record edited (${ref(edited)}); 1 record added (${ref(added)})`);
    expect(r.err).toContain(`run the same command again with --allow-changed-cases (clinicallab run --out ${dir} --allow-changed-cases)`);
    expect(r.out).not.toContain('(resuming)');

    // nothing was written: the run is still the complete one it was, and says its case files no longer match
    const runs = await runCli('runs', root);
    expect(runs.out).toMatch(/run\s+complete, cases changed\s+openai-compatible:mock-model@\S+\s+12\/12/);
    expect(runs.out).toContain(`run: its case files no longer match: ${file} changed`);
    const show = await runCli('show', dir);
    expect(show.out).toContain(`its case files no longer match: ${file} changed: resuming it is refused until they are put back, or given --allow-changed-cases`);
    const json = JSON.parse((await runCli('runs', root, '--json')).out) as { casesChanged: boolean; caseFiles: { state: string }[] }[];
    expect(json[0]).toMatchObject({ casesChanged: true, caseFiles: [{ state: 'changed' }] });
  });

  it('with --allow-changed-cases keeps unchanged answers, asks for the edited and added records only, and sets the rest aside, never scored', async () => {
    const { root, file, records, dir } = await madeRun();
    const gone = records[0]!.clinical_case_uid;
    const kept = records.filter((r) => r.clinical_case_uid !== gone);
    const edited = kept[0]!;
    edited.clinical_case_summary = edited.clinical_case_summary.replace(chiefComplaint(edited), `${chiefComplaint(edited)} (edited)`);
    const goldOnly = kept[1]!; // its question reads the same: its answer still answers it
    goldOnly.principal_diagnosis = `${goldOnly.principal_diagnosis} (revised)`;
    const added = bundled('orthopedics')[0]!;
    writeFileSync(file, JSON.stringify([...kept, added], null, 1));

    const r = await runCli('run', '--out', dir, '--allow-changed-cases');
    expect(r.code).toBe(0);
    expect(asked([...kept, added]).sort()).toEqual([ref(edited), ref(added)].sort());
    expect(r.out).toContain('Set aside 3 answers of removed or edited records as orphaned (kept and counted, never scored); 0 unanswered jobs of those records dropped.');
    expect(r.out).toMatch(/Whole run: 11\/11 done, 0 errors, 0 pending; 3 orphaned/);

    const show = await runCli('show', dir);
    expect(show.out).toContain('Orphaned: 3 answers set aside');
    expect(show.out).toContain(`record removed from ${file}: ${gone} (`);
    expect(show.out).toContain(`record edited in ${file}: ${ref(edited)}`);
    expect(show.out).not.toContain(ref(goldOnly));
    expect((await runCli('runs', root)).out).not.toContain('cases changed');

    // scored on the 11 records of the file as it is; the set-aside answers have no score
    const score = JSON.parse((await runCli('score', dir, '--json')).out) as { models: { leaderboard: { Acc: { n: number } } }[] };
    expect(score.models[0]!.leaderboard.Acc.n).toBe(11);
    const store = RunStore.open(dir);
    const rows = store.scores();
    const orphans = store.ledger.orphans();
    store.close();
    expect(rows.filter((s) => s.caseUid === gone)).toEqual([]);
    expect(orphans).toHaveLength(3);
    expect(rows).toHaveLength(11);

    // a report counts them and says so
    const report = JSON.parse((await runCli('report', dir, '--format', 'json')).out) as { warnings: string[]; runs: { orphaned: number }[]; cases: unknown[] };
    expect(report.runs[0]!.orphaned).toBe(3);
    expect(report.cases).toHaveLength(11);
    expect(report.warnings).toContain(`${dir}: 3 answers of 3 records removed or edited since they were asked are set aside (orphaned): counted, never scored`);
  });

  it('a missing case file is refused and named; a file written again with the same records is not a change', async () => {
    const root = tempDir();
    const a = join(root, 'urology.json');
    const b = join(root, 'neurology.json');
    writeFileSync(a, JSON.stringify(bundled('urology')));
    writeFileSync(b, JSON.stringify(bundled('neurology')));
    const dir = join(root, 'run');
    expect((await runCli('run', '--model', model, '--cases', a, b, '--tasks', 'department', '--no-cache', '--out', dir)).code).toBe(0);
    server.reset();

    writeFileSync(a, JSON.stringify(bundled('urology'), null, 4)); // other layout, same records
    const same = await runCli('run', '--out', dir);
    expect(same.code).toBe(0);
    expect(same.err).toContain(`${a} has changed: its records are the same`);
    expect(server.calls).toHaveLength(0);

    rmSync(b);
    const missing = await runCli('run', '--out', dir);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain(`${b} is missing: 6 records removed (`);
    expect(server.calls).toHaveLength(0);
    expect((await runCli('show', dir)).out).toContain(`its case files no longer match: ${b} missing`);
  });

  it('for a run made before records were hashed: the file is named, and which records were edited is said to be unknown', async () => {
    const { file, records, dir } = await madeRun();
    const store = RunStore.open(dir);
    store.db.prepare('DELETE FROM case_records').run();
    store.close();
    const changed = records.slice(2);
    changed[0]!.principal_diagnosis = 'Something else';
    writeFileSync(file, JSON.stringify(changed));
    const r = await runCli('run', '--out', dir);
    expect(r.code).toBe(1);
    expect(server.calls).toHaveLength(0);
    expect(r.err).toContain(`${file} has changed: 2 records removed (`);
    for (const gone of records.slice(0, 2)) expect(r.err).toContain(ref(gone));
    expect(r.err).toContain('; which of its records were edited is not known (the run was made before clinicallab kept a hash of each record)');
  });
});

describe('resuming an agent run after the case file changed', () => {
  it('is refused the same way; --allow-changed-cases sets the removed record’s answers aside', async () => {
    const root = tempDir();
    const file = join(root, 'cases.json');
    const records = bundled('urology').filter((r) => r.language === 'en');
    writeFileSync(file, JSON.stringify(records));
    const dir = join(root, 'agent-run');
    const args = ['agent', '--cases', file, '--out', dir, '--no-cache'];
    expect((await runCli(...args)).code).toBe(0);
    writeFileSync(file, JSON.stringify(records.slice(1)));
    const refused = await runCli(...args);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`${file} has changed: 1 record removed (${ref(records[0]!)})`);
    const allowed = await runCli(...args, '--allow-changed-cases');
    expect(allowed.code).toBe(0);
    expect(allowed.out).toMatch(/Set aside [1-9]\d* answer\(s\) of removed or edited records as orphaned/);
    const show = await runCli('show', dir);
    expect(show.out).toContain(`record removed from ${file}: ${ref(records[0]!)}`);
    const score = JSON.parse((await runCli('score', dir, '--json')).out) as { models: { leaderboard: { FD: { n: number } } }[] };
    expect(score.models[0]!.leaderboard.FD.n).toBe(records.length - 1);
  });
});
