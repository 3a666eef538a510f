/**
 * The text-metric profile is part of what a run's scores record: `score --profile` stores it with every text
 * score, and `score`, `leaderboard`, the exports and the HTML data show it; rows of different profiles in one
 * table get a warning; the published rows are labelled with the profile that reproduces them.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { RunStore } from '../../src/run/store.js';
import { runCli, tempDir } from '../helpers.js';
import { makeRun } from '../report/fixture.js';

let own: string;
let authors: string;
beforeAll(async () => {
  own = join(tempDir(), 'own');
  await makeRun(own, ['urology'], { models: ['baseline'], score: false });
  authors = join(tempDir(), 'authors');
  cpSync(own, authors, { recursive: true });
}, 60_000);

const textDetails = (dir: string): { profile?: string }[] => {
  const store = RunStore.open(dir);
  try {
    return store.scores('baseline').filter((s) => ['basis', 'differential', 'principle', 'plan', 'imaging'].includes(s.task)).map((s) => s.detail as { profile?: string });
  } finally {
    store.close();
  }
};

describe('the text profile of a run’s scores', () => {
  it('is stored with every text score and said by score', async () => {
    const a = await runCli('score', authors, '--profile', 'authors');
    expect(a.code).toBe(0);
    expect(a.out).toContain('Text metrics: profile authors (sacrebleu 2.4.2 sentence BLEU, rouge 1.0.1');
    const details = textDetails(authors);
    expect(details.length).toBeGreaterThan(10);
    expect(details.every((d) => d.profile === 'authors')).toBe(true);
    const json = JSON.parse((await runCli('score', own, '--json')).out) as { textProfile: string };
    expect(json.textProfile).toBe('clinicallab');
    expect(textDetails(own).every((d) => d.profile === 'clinicallab')).toBe(true);
    expect((await runCli('score', own, '--profile', 'nope')).code).toBe(2);
  });

  it('changes the text columns: the two profiles are different measurements of the same answers', async () => {
    const a = JSON.parse((await runCli('leaderboard', authors, '--format', 'json')).out) as { rows: { values: Record<string, number> }[] };
    const o = JSON.parse((await runCli('leaderboard', own, '--format', 'json')).out) as { rows: { values: Record<string, number> }[] };
    expect(a.rows[0]!.values.DB).not.toBeCloseTo(o.rows[0]!.values.DB!, 1);
    expect(a.rows[0]!.values.Acc).toBe(o.rows[0]!.values.Acc); // nothing else moves
  });

  it('is shown by leaderboard and its exports, with the published rows labelled authors', async () => {
    const lb = await runCli('leaderboard', authors, '--reference');
    expect(lb.out).toContain('Text metrics: profile authors');
    expect(lb.out).toContain("The published text scores were computed with the authors' libraries (profile authors).");
    const mine = await runCli('leaderboard', own, '--reference');
    expect(mine.out).toContain('Text metrics: profile clinicallab');
    expect(mine.out).toContain('the rows above use profile clinicallab, so text columns differ in method as well as in model');
    const json = JSON.parse((await runCli('leaderboard', own, '--format', 'json', '--reference')).out) as { textProfile: string; rows: { source: string; textProfile: string }[] };
    expect(json.textProfile).toBe('clinicallab');
    expect(new Set(json.rows.filter((r) => r.source === 'published').map((r) => r.textProfile))).toEqual(new Set(['authors']));
    expect(json.rows.find((r) => r.source === 'run')!.textProfile).toBe('clinicallab');
    const csv = (await runCli('leaderboard', authors, '--format', 'csv')).out.split('\r\n');
    const head = csv[0]!.split(',');
    expect(csv[1]!.split(',')[head.indexOf('text_profile')]).toBe('authors');
  });

  it('warns when rows computed with different profiles are ranked together', async () => {
    const both = await runCli('leaderboard', own, authors);
    expect(both.code).toBe(0);
    expect(both.out).toContain('Warning: these rows were scored with different text-metric profiles (clinicallab, authors)');
    expect(both.out).toMatch(/baseline \(own\): .*text profile clinicallab/);
    expect(both.out).toMatch(/baseline \(authors\): .*text profile authors/);
    const data = JSON.parse((await runCli('report', own, authors, '--format', 'json', '--no-ci')).out) as { textProfile: string; textProfileLabel: string; models: { textProfile: string }[] };
    expect(data.textProfile).toBe('mixed');
    expect(data.textProfileLabel).toMatch(/^Warning: /);
    expect(data.models.map((m) => m.textProfile).sort()).toEqual(['authors', 'clinicallab']);
  });
});
