/**
 * The manifest of a run and the records it keeps beside it — what its stored scores were computed with
 * (`scored-with`) and the texts it was made with (`inputs`) — are decoded once into typed records (issue 18). One that is there but not in
 * the form clinicallab writes is refused by `score`, `report` and a resumed `run`, naming the run, the key and the
 * field; a run made before they were kept reads as before.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeScoredWith, readRunSettings } from '../../src/metrics/run-settings.js';
import { buildViewModel } from '../../src/report/view-model.js';
import { metaRecord, readManifest } from '../../src/run/meta-records.js';
import { INPUTS_KEY, readInputs, SCORED_WITH_KEY } from '../../src/run/recorded.js';
import { RunStore } from '../../src/run/store.js';
import { refusals } from '../support/refusals.js';
import { runCli, tempDir } from '../helpers.js';

const RUN_ARGS = ['--limit', '2', '--tasks', 'pd', '--lang', 'en', '--no-cache'];

let dir = '';
beforeAll(async () => {
  dir = join(tempDir(), 'run');
  expect((await runCli('run', ...RUN_ARGS, '--out', dir)).code).toBe(0);
  expect((await runCli('score', dir)).code).toBe(0);
}, 60_000);

/** A copy of the run whose record `key` has had `set` (an SQL expression of `value`) done to it. */
function edited(key: string, set: string): string {
  const copy = join(tempDir(), 'edited');
  cpSync(dir, copy, { recursive: true });
  const store = RunStore.open(copy);
  store.db.prepare(`UPDATE manifest SET value = ${set} WHERE key = ?`).run(key);
  store.close();
  return copy;
}

const stored = (run: string, key: string): unknown => {
  const store = RunStore.open(run, { readonly: true });
  try {
    return JSON.parse((store.db.prepare('SELECT value FROM manifest WHERE key = ?').get(key) as { value: string }).value) as unknown;
  } finally {
    store.close();
  }
};

/** What `report` (library and command) and `score` say about a run; `score` must fail. */
async function reportAndScore(run: string): Promise<string[]> {
  const score = await runCli('score', run);
  expect(score.code).not.toBe(0);
  return [...(await refusals(run, 'leaderboard')), score.err];
}

describe('what a run records beside its manifest', () => {
  it('reads back typed, field for field as stored', () => {
    const store = RunStore.open(dir, { readonly: true });
    try {
      expect(readManifest(store, dir)).toEqual(stored(dir, 'manifest'));
      expect(readManifest(store, dir)!.models.map((m) => m.id)).toEqual(['baseline']);
      expect(readInputs(store, dir)).toEqual(stored(dir, INPUTS_KEY));
      expect(readInputs(store, dir)!.departments.length).toBeGreaterThan(20);
      const w = metaRecord(store, dir, SCORED_WITH_KEY, decodeScoredWith);
      expect(w).toEqual(stored(dir, SCORED_WITH_KEY));
      expect(w).toMatchObject({ profile: expect.any(String), matcher: { threshold: expect.any(Number) }, departments: expect.stringMatching(/^[0-9a-f]+$/) });
    } finally {
      store.close();
    }
    expect(readRunSettings(dir).scoredWith).toEqual(stored(dir, SCORED_WITH_KEY));
  });

  it('refuses scores recorded with settings of the wrong type, or without one they need, naming run, key and field', async () => {
    const wrong = edited(SCORED_WITH_KEY, `json_set(value, '$.matcher.threshold', 'strict')`);
    const said = await reportAndScore(wrong);
    expect(said).toHaveLength(3);
    for (const s of said) expect(s).toContain(`run ${wrong}, record ${SCORED_WITH_KEY}: scoredWith.matcher.threshold is the text "strict", not a number`);
    const missing = edited(SCORED_WITH_KEY, `json_remove(value, '$.matcher.narrowerPrediction')`);
    for (const s of await reportAndScore(missing)) expect(s).toContain(`record ${SCORED_WITH_KEY}: scoredWith.matcher.narrowerPrediction is missing, not true or false`);
    const cut = edited(SCORED_WITH_KEY, 'substr(value, 1, 25)');
    for (const s of await reportAndScore(cut)) expect(s).toContain(`run ${cut}, record ${SCORED_WITH_KEY}: scoredWith is not JSON`);
  }, 90_000);

  it('refuses recorded texts of the wrong form, in the report and on resuming the run', async () => {
    const wrong = edited(INPUTS_KEY, `json_set(value, '$.departments[1].zh', 5)`);
    const resumed = await runCli('run', ...RUN_ARGS, '--out', wrong);
    expect(resumed.code).not.toBe(0);
    for (const s of [...(await refusals(wrong, 'leaderboard')), resumed.err]) expect(s).toContain(`run ${wrong}, record ${INPUTS_KEY}: inputs.departments[1].zh is number 5, not a text`);
    const missing = edited(INPUTS_KEY, `json_remove(value, '$.templates')`);
    const [lib] = await refusals(missing, 'leaderboard');
    expect(lib).toContain(`record ${INPUTS_KEY}: inputs.templates is missing, not an object`);
    const cut = edited(INPUTS_KEY, 'substr(value, 1, 50)');
    for (const s of await refusals(cut, 'leaderboard')) expect(s).toContain(`run ${cut}, record ${INPUTS_KEY}: inputs is not JSON`);
  }, 90_000);

  it('refuses a manifest of the wrong form in score, report and a resumed run', async () => {
    const wrong = edited('manifest', `json_set(value, '$.models[0].concurrency', 'many')`);
    const resumed = await runCli('run', ...RUN_ARGS, '--out', wrong);
    expect(resumed.code).not.toBe(0);
    const said = [...(await reportAndScore(wrong)), resumed.err];
    expect(said).toHaveLength(4);
    for (const s of said) expect(s).toContain(`run ${wrong}, record manifest: manifest.models[0].concurrency is the text "many", not a number`);
    const kind = edited('manifest', `json_set(value, '$.kinds[0]', 'horoscope')`);
    for (const s of await reportAndScore(kind)) expect(s).toContain('record manifest: manifest.kinds[0] is the text "horoscope", not one of department-guide');
    const cut = edited('manifest', 'substr(value, 1, 70)');
    for (const s of await reportAndScore(cut)) expect(s).toContain(`run ${cut}, record manifest: manifest is not JSON`);
  }, 90_000);

  it('reads a run made before either was kept as before', async () => {
    const old = edited(INPUTS_KEY, 'value');
    const store = RunStore.open(old);
    store.db.prepare('DELETE FROM manifest WHERE key IN (?, ?)').run(INPUTS_KEY, SCORED_WITH_KEY);
    store.close();
    expect(readRunSettings(old).scoredWith).toBeUndefined();
    const vm = await buildViewModel([old], { ci: false });
    expect(vm.models.map((m) => m.model)).toEqual(['baseline']);
    const report = await runCli('report', old, '--format', 'json', '--table', 'leaderboard');
    expect(report.code, report.err).toBe(0);
    expect((await runCli('score', old)).code).toBe(0);
  }, 60_000);
});
