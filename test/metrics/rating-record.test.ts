/**
 * The 4-dimension rater's stored ratings are decoded once into typed records (issue 18): the report reads each
 * rating from its record, and a rating not in the form clinicallab writes — the ratings missing or of the wrong
 * type, a rating out of 0–100, JSON cut short, a rating of another answer than its key names — is refused by the
 * library and by `report`, naming the run, the job and the field, instead of being counted as a judge error.
 * A reply the rater could not read (ratings null) is still a judge error, as `clinicallab rate` counts it.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ratingOf, RATING_KIND } from '../../src/metrics/rating-record.js';
import { refusals } from '../support/refusals.js';
import { jobRecords } from '../../src/run/records.js';
import { RunStore } from '../../src/run/store.js';
import { buildViewModel } from '../../src/report/view-model.js';
import { runCli, tempDir } from '../helpers.js';

let dir = '';
let rated: { model: string; n: number; judgeErrors: number }[] = [];
beforeAll(async () => {
  dir = join(tempDir(), 'run');
  expect((await runCli('run', '--limit', '3', '--no-cache', '--out', dir)).code).toBe(0);
  const r = await runCli('rate', dir, '--model', 'baseline', '--no-cache', '--json');
  expect(r.code).toBe(0);
  rated = (JSON.parse(r.out) as { models: typeof rated }).models;
}, 60_000);

/** A copy of the run whose store has had `sql` done to its first rating, and that rating's key. */
function edited(sql: string): { dir: string; key: string } {
  const copy = join(tempDir(), 'edited');
  cpSync(dir, copy, { recursive: true });
  const store = RunStore.open(copy);
  const key = store.jobs({ prompts: false }).find((j) => j.kind === RATING_KIND)!.key;
  store.db.prepare(`UPDATE jobs SET ${sql} WHERE key = ?`).run(key);
  store.close();
  return { dir: copy, key };
}


const baselineRead = async (run: string): Promise<{ n: number; judgeErrors: number }> => (await buildViewModel([run], { ci: false })).judge!.find((j) => j.label === 'baseline')!;

describe('the typed ratings of a run', () => {
  it('give each rating as stored, typed, and the report counts them as `rate` did', async () => {
    const store = RunStore.open(dir, { readonly: true });
    const raw = store.jobs({ status: 'done', prompts: false }).filter((j) => j.kind === RATING_KIND);
    const jobs = jobRecords(store, dir);
    store.close();
    expect(raw.length).toBe(3);
    const typed = jobs.filter((j) => j.kind === RATING_KIND).map((j) => ratingOf(dir, j));
    expect(typed).toEqual(raw.map((j) => JSON.parse(j.parsed!) as unknown));
    const answers = new Set(jobs.filter((j) => j.kind === 'clinical-diagnosis').map((j) => j.key));
    for (const r of typed) {
      expect(r.rated).toBe('baseline');
      expect(answers.has(r.answer)).toBe(true);
      expect(r.ratings?.fluency).toBeGreaterThanOrEqual(0);
    }
    const want = rated.find((m) => m.model === 'baseline')!;
    expect(await baselineRead(dir)).toMatchObject({ n: want.n, judgeErrors: want.judgeErrors });
  }, 60_000);

  it('count a reply the rater could not read (ratings null) as a judge error, not a malformed row', async () => {
    const unread = edited(`parsed = json_set(parsed, '$.ratings', json('null'))`);
    const want = rated.find((m) => m.model === 'baseline')!;
    expect(await baselineRead(unread.dir)).toMatchObject({ n: want.n - 1, judgeErrors: want.judgeErrors + 1 });
  }, 60_000);

  it('refuse a rating without its ratings, naming the run, the job and the field', async () => {
    const bad = edited(`parsed = json_remove(parsed, '$.ratings')`);
    for (const said of await refusals(bad.dir, 'judge')) {
      expect(said).toContain(`run ${bad.dir}, job ${bad.key} (judge:baseline, judge-4d, case `);
      expect(said).toContain('parsed.ratings is missing, not an object');
    }
  }, 60_000);

  it('refuse a rating of the wrong type, out of range, or cut short', async () => {
    const wrong = edited(`parsed = json_set(parsed, '$.ratings.fluency', 'high')`);
    for (const said of await refusals(wrong.dir, 'judge')) {
      expect(said).toContain(`job ${wrong.key} (judge:baseline, judge-4d, case `);
      expect(said).toContain('parsed.ratings.fluency is the text "high", not a number');
    }
    const range = edited(`parsed = json_set(parsed, '$.ratings.proficiency', 250)`);
    for (const said of await refusals(range.dir, 'judge')) expect(said).toContain('parsed.ratings.proficiency is 250, not a rating from 0 to 100');
    const cut = edited(`parsed = substr(parsed, 1, 25)`);
    for (const said of await refusals(cut.dir, 'judge')) expect(said).toMatch(new RegExp(`job ${cut.key} .*: parsed is not JSON`));
  }, 60_000);

  it('refuse a rating that names another answer than the one its key was made from', async () => {
    const other = edited(`parsed = json_set(parsed, '$.answer', 'somewhere-else')`);
    const [lib, cli] = await refusals(other.dir, 'judge');
    for (const said of [lib!, cli!]) {
      expect(said).toContain(`job ${other.key}`);
      expect(said).toContain("name baseline's answer somewhere-else, not baseline's answer");
    }
  }, 60_000);
});
