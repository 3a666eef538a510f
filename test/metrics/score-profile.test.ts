/**
 * The text-metric profile is part of what a run's scores record: `run --profile` records it with the run's
 * scoring settings, every text score stores it, and `score`, `leaderboard`, the exports and the report show it.
 * A flag that changes it is said, as other overrides are; rows of different profiles in one table get a warning;
 * beside the published rows the authors profile is the default, and the published rows are labelled with it.
 * Runs and scores made before profiles were recorded read as clinicallab, the profile they were computed with.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import type { Manifest } from '../../src/run/evaluate.js';
import { SCORED_WITH_KEY } from '../../src/run/recorded.js';
import { readManifest } from '../../src/run/meta-records.js';
import { RunStore } from '../../src/run/store.js';
import { runCli, tempDir } from '../helpers.js';
import { makeRun } from '../report/fixture.js';

const TEXT_TASKS = ['basis', 'differential', 'principle', 'plan', 'imaging'];

let own: string; // made with the default profile
let authors: string; // made with --profile authors
let old: string; // made before profiles were recorded: no settings in the manifest, no profile in the scores

function withStore<T>(dir: string, f: (s: RunStore) => T): T {
  const store = RunStore.open(dir);
  try {
    return f(store);
  } finally {
    store.close();
  }
}

const textDetails = (dir: string): { profile?: string }[] =>
  withStore(dir, (s) =>
    s
      .scores('baseline')
      .filter((r) => TEXT_TASKS.includes(r.task))
      .map((r) => r.detail as { profile?: string }),
  );

const manifestOf = (dir: string): Manifest => withStore(dir, (s) => readManifest(s, dir)!);

type LeaderboardJson = { textProfile: string; rows: { source: string; textProfile: string; values: Record<string, number> }[] };
const leaderboardJson = async (...args: string[]): Promise<LeaderboardJson> => JSON.parse((await runCli('leaderboard', ...args, '--format', 'json')).out) as LeaderboardJson;

beforeAll(async () => {
  const cases = join(BUNDLED_CASES_DIR, 'urology.json');
  own = join(tempDir(), 'own');
  authors = join(tempDir(), 'authors');
  expect((await runCli('run', '--cases', cases, '--limit', '3', '--out', own)).code).toBe(0);
  expect((await runCli('run', '--cases', cases, '--limit', '3', '--profile', 'authors', '--out', authors)).code).toBe(0);
  old = join(tempDir(), 'old');
  await makeRun(old, ['urology'], { models: ['baseline'] });
  // as an older version left it: score rows without a profile, and nothing said of what they were computed with
  withStore(old, (s) => {
    const rows = s.scores('baseline').map((r) => {
      const d = r.detail as Record<string, unknown> | null;
      if (!d || typeof d !== 'object' || !('profile' in d)) return r;
      const { profile: _profile, ...rest } = d;
      return { ...r, detail: rest };
    });
    s.replaceScores('baseline', rows);
    s.setMeta(SCORED_WITH_KEY, null);
  });
}, 120_000);

describe('the text profile of a run’s scores', () => {
  it('is recorded by run --profile, stored with every text score, and used again with no flag', async () => {
    expect(manifestOf(authors).scoring?.profile).toBe('authors');
    expect(manifestOf(own).scoring?.profile).toBe('clinicallab');
    const json = JSON.parse((await runCli('run', '--out', authors, '--json')).out) as { textProfile: string };
    expect(json.textProfile).toBe('authors'); // resumed with no flag: the run's own profile
    expect(textDetails(authors).length).toBeGreaterThan(5);
    expect(textDetails(authors).every((d) => d.profile === 'authors')).toBe(true);
    expect(textDetails(own).every((d) => d.profile === 'clinicallab')).toBe(true);
    const again = await runCli('score', authors);
    expect(again.code).toBe(0);
    expect(again.out).toContain('Text metrics: profile authors (sacrebleu 2.4.2 sentence BLEU, rouge 1.0.1');
    expect(again.out).not.toContain('scored with');
    expect(textDetails(authors).every((d) => d.profile === 'authors')).toBe(true);
    const show = await runCli('show', authors);
    expect(show.out).toContain('Scoring: text profile authors;');
    expect((await runCli('score', own, '--profile', 'nope')).code).toBe(2);
  });

  it('changes the text columns only: the two profiles are different measurements of the same answers', async () => {
    const a = await leaderboardJson(authors);
    const o = await leaderboardJson(own);
    expect(a.rows[0]!.values.DB).not.toBeCloseTo(o.rows[0]!.values.DB!, 1);
    expect(a.rows[0]!.values.Acc).toBe(o.rows[0]!.values.Acc); // nothing else moves
    expect(a.rows[0]!.values.FD).toBe(o.rows[0]!.values.FD);
  });

  it('is said as an override when a flag changes it, and the run keeps its own', async () => {
    const s = await runCli('score', own, '--profile', 'authors', '--json');
    const json = JSON.parse(s.out) as { textProfile: string; overrides: Record<string, string[]> };
    expect(json.textProfile).toBe('authors');
    expect(json.overrides[own]).toEqual(["--profile authors (the run's: clinicallab)"]);
    expect(textDetails(own).every((d) => d.profile === 'authors')).toBe(true);
    const table = await runCli('score', own, '--profile', 'authors');
    expect(table.out).toContain(`${own}: scored with --profile authors (the run's: clinicallab) — not the run's own settings`);
    // the next reading without the flag goes back to the run's own profile, and rescores it so
    const lb = await leaderboardJson(own);
    expect(lb.textProfile).toBe('clinicallab');
    expect(textDetails(own).every((d) => d.profile === 'clinicallab')).toBe(true);
  });

  it('is shown by leaderboard and its exports; beside the published rows it is authors unless --profile says otherwise', async () => {
    const lb = await runCli('leaderboard', authors, '--reference');
    expect(lb.code).toBe(0);
    expect(lb.out).toContain('Text metrics: profile authors');
    expect(lb.out).toContain("The published text scores were computed with the authors' libraries (profile authors).");
    expect(lb.err).not.toContain('scored with');
    // a run recorded with clinicallab is scored with authors beside the published rows, and the output says so
    const mine = await runCli('leaderboard', own, '--reference');
    expect(mine.code).toBe(0);
    expect(mine.out).toContain('Text metrics: profile authors');
    expect(mine.err).toContain(`${own}: scored with text profile authors, the default beside the published rows (--reference) (the run's: clinicallab)`);
    const json = await leaderboardJson(own, '--reference');
    expect(json.textProfile).toBe('authors');
    expect(new Set(json.rows.map((r) => r.textProfile))).toEqual(new Set(['authors']));
    // asked for, another profile beside the published rows: labelled, and the difference said
    const asked = await runCli('leaderboard', own, '--reference', '--profile', 'clinicallab');
    expect(asked.out).toContain('Text metrics: profile clinicallab');
    expect(asked.out).toContain('the rows above use profile clinicallab, so text columns differ in method as well as in model');
    const mixed = await leaderboardJson(own, '--reference', '--profile', 'clinicallab');
    expect(mixed.rows.find((r) => r.source === 'run')!.textProfile).toBe('clinicallab');
    expect(new Set(mixed.rows.filter((r) => r.source === 'published').map((r) => r.textProfile))).toEqual(new Set(['authors']));
    const csv = (await runCli('leaderboard', authors, '--format', 'csv')).out.split('\r\n');
    const head = csv[0]!.split(',');
    expect(csv[1]!.split(',')[head.indexOf('text_profile')]).toBe('authors');
  });

  it('warns when rows computed with different profiles are ranked together, in the terminal and the report', async () => {
    const both = await runCli('leaderboard', own, authors);
    expect(both.code).toBe(0);
    expect(both.out).toContain('Warning: these rows were scored with different text-metric profiles (clinicallab, authors)');
    expect(both.out).toMatch(/baseline \(own\): .*text profile clinicallab/);
    expect(both.out).toMatch(/baseline \(authors\): .*text profile authors/);
    const score = await runCli('score', own, authors);
    expect(score.out).toContain('Warning: these rows were scored with different text-metric profiles');
    const data = JSON.parse((await runCli('report', own, authors, '--format', 'json', '--no-ci')).out) as { textProfile: string; textProfileLabel: string; models: { textProfile: string }[] };
    expect(data.textProfile).toBe('mixed');
    expect(data.textProfileLabel).toMatch(/^Warning: /);
    expect(data.models.map((m) => m.textProfile).sort()).toEqual(['authors', 'clinicallab']);
    const html = join(tempDir(), 'report.html');
    expect((await runCli('report', own, authors, '--output', html, '--no-ci')).code).toBe(0);
    expect(readFileSync(html, 'utf8')).toContain('these rows were scored with different text-metric profiles');
    const routing = await runCli('routing', own, authors);
    expect(routing.out).toContain('Warning: these rows were scored with different text-metric profiles');
    // one profile for all, and the warning is gone
    const one = await runCli('leaderboard', own, authors, '--profile', 'authors');
    expect(one.out).not.toContain('Warning: these rows were scored with different text-metric profiles');
  });

  it('reads scores made before profiles were recorded as clinicallab, without rescoring them', async () => {
    expect(textDetails(old).some((d) => d.profile === undefined)).toBe(true);
    const lb = await runCli('leaderboard', old, '--format', 'json');
    expect((JSON.parse(lb.out) as LeaderboardJson).textProfile).toBe('clinicallab');
    expect(lb.err).not.toContain('scored now');
    expect(textDetails(old).some((d) => d.profile === undefined)).toBe(true); // not rescored
    const both = await runCli('leaderboard', old, authors);
    expect(both.out).toContain('different text-metric profiles (clinicallab, authors)');
  });
});
