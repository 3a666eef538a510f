/**
 * A run's stored answers and score details are decoded once into typed records (issue 18 item 2): every reader
 * gets the answer its generation stores, and a row not in the form clinicallab writes is refused — by the library
 * and by the commands that read it — with an error naming the run, the job (or score row) and the field.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeScore, scoreRecords } from '../../src/metrics/score-detail.js';
import { RecordError } from '../../src/run/decode.js';
import { jobRecords } from '../../src/run/records.js';
import { RunStore } from '../../src/run/store.js';
import { runCli, tempDir } from '../helpers.js';
import { cpSync } from 'node:fs';

let dir = '';
beforeAll(async () => {
  dir = join(tempDir(), 'run');
  const r = await runCli('run', '--limit', '2', '--no-cache', '--out', dir);
  expect(r.code).toBe(0);
}, 60_000);

/** A copy of the run whose store has had `sql` done to it. */
function edited(sql: string): string {
  const copy = join(tempDir(), 'edited');
  cpSync(dir, copy, { recursive: true });
  const store = RunStore.open(copy);
  store.db.prepare(sql).run();
  store.close();
  return copy;
}

describe('typed records of a run', () => {
  it('give each job the answer its generation stores, narrowed by its kind', () => {
    const store = RunStore.open(dir, { readonly: true });
    try {
      const jobs = jobRecords(store, dir);
      expect(jobs.length).toBeGreaterThan(0);
      let seen = 0;
      for (const j of jobs) {
        expect(j.status).toBe('done');
        if (j.kind === 'department-guide') {
          expect(j.parsed === null || j.parsed.department === null || typeof j.parsed.department === 'string').toBe(true);
          expect(Array.isArray(j.parsed?.named)).toBe(true);
          seen++;
        } else if (j.kind === 'clinical-diagnosis') {
          expect(j.parsed?.found.length).toBeGreaterThan(0);
          expect(typeof j.parsed?.sections.principal).toBe('string');
          expect(j.parsed?.diagnosis?.principal.name).toBeTypeOf('string');
          seen++;
        } else if (j.kind === 'imaging-diagnosis') {
          expect(j.parsed?.impression).toBeTypeOf('string');
          expect(j.exam).not.toBeNull();
        }
      }
      expect(seen).toBeGreaterThanOrEqual(2);
      const rows = scoreRecords(store, dir);
      expect(rows.length).toBeGreaterThan(0);
      const text = rows.find((r) => r.scoring === 'text-similarity');
      if (text?.scoring !== 'text-similarity') throw new Error('no text row');
      expect(text.detail.score).toBe(text.value);
      expect(['bleu+rouge', 'bleu+rouge+bertscore']).toContain(text.detail.components);
    } finally {
      store.close();
    }
  });

  it('refuse an answer without a field it needs, naming the run, the job and the field', () => {
    const bad = edited(`UPDATE jobs SET parsed = json_remove(parsed, '$.named') WHERE kind = 'department-guide'`);
    const store = RunStore.open(bad, { readonly: true });
    try {
      const key = store.jobs({ prompts: false }).find((j) => j.kind === 'department-guide')!.key;
      expect(() => jobRecords(store, bad)).toThrow(RecordError);
      expect(() => jobRecords(store, bad)).toThrow(`run ${bad}, job ${key}`);
      expect(() => jobRecords(store, bad)).toThrow('parsed.named is missing, not a list of texts');
    } finally {
      store.close();
    }
  });

  it('refuse a field of the wrong type, and an answered job without its answer', () => {
    const wrong = edited(`UPDATE jobs SET parsed = json_set(parsed, '$.sections.principal', 7) WHERE kind = 'clinical-diagnosis'`);
    const s1 = RunStore.open(wrong, { readonly: true });
    expect(() => jobRecords(s1, wrong)).toThrow(/clinical-diagnosis.*parsed\.sections\.principal is number 7, not a text/);
    s1.close();
    const none = edited(`UPDATE jobs SET parsed = NULL WHERE kind = 'imaging-diagnosis'`);
    const s2 = RunStore.open(none, { readonly: true });
    expect(() => jobRecords(s2, none)).toThrow('answered, but its parsed answer is missing');
    s2.close();
  });

  it('refuse a score detail not in the form its task is scored in, and a row of a task this version does not score', () => {
    const store = RunStore.open(dir, { readonly: true });
    const row = store.scores().find((r) => r.task === 'preliminary')!;
    store.close();
    expect(() => decodeScore(dir, { ...row, detail: { ...(row.detail as object), share: 'half' } })).toThrow(`run ${dir}, score row of ${row.model} on task preliminary`);
    expect(() => decodeScore(dir, { ...row, detail: { ...(row.detail as object), share: 'half' } })).toThrow('detail.share is the text "half", not a number');
    expect(() => decodeScore(dir, { ...row, task: 'prognosis' })).toThrow('task "prognosis" is none this version scores');
  });

  it('refuse a score detail whose JSON is cut short, naming the run and the row', async () => {
    const cut = edited(`UPDATE scores SET detail = substr(detail, 1, 20) WHERE task = 'final-diagnosis'`);
    const store = RunStore.open(cut, { readonly: true });
    const row = store.scores().find((r) => r.task === 'final-diagnosis')!;
    expect(() => scoreRecords(store, cut)).toThrow(RecordError);
    expect(() => scoreRecords(store, cut)).toThrow(`run ${cut}, score row of ${row.model} on task final-diagnosis, case ${row.caseUid} ${row.language}: detail is not JSON (`);
    store.close();
    const r = await runCli('report', cut, '--format', 'json', '--table', 'leaderboard');
    expect(r.code).not.toBe(0);
    expect(r.err).toContain(`score row of ${row.model} on task final-diagnosis, case ${row.caseUid} ${row.language}: detail is not JSON`);
  }, 60_000);

  it('make the commands that read the run say which row is malformed, instead of skipping it', async () => {
    const bad = edited(`UPDATE jobs SET parsed = json_set(parsed, '$.impression', json('[1]')) WHERE kind = 'imaging-diagnosis'`);
    for (const args of [['score', bad], ['report', bad, '--format', 'json', '--table', 'leaderboard']]) {
      const r = await runCli(...args);
      expect(r.code).not.toBe(0);
      expect(r.err).toMatch(/job [0-9a-f]+ \(baseline, imaging-diagnosis, case .*\): parsed\.impression is a list, not a text/);
    }
  }, 60_000);
});
