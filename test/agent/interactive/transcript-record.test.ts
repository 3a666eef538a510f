/**
 * An interactive run's transcripts and settings are decoded once into typed records (issue 18): the report reads
 * each case's conversation from its record, and a transcript or settings record not in the form clinicallab
 * writes — a field missing or of the wrong type, JSON cut short — is refused by the library and by `report`,
 * naming the run, the job (or record) and the field, instead of being skipped or shown as an empty conversation.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { transcriptRecords, interactiveSettingsOf } from '../../../src/agent/interactive/transcript-record.js';
import { refusals } from '../../support/refusals.js';
import { jobRecords } from '../../../src/run/records.js';
import { RunStore } from '../../../src/run/store.js';
import { runCli, tempDir } from '../../helpers.js';

let dir = '';
beforeAll(async () => {
  dir = join(tempDir(), 'run');
  const r = await runCli('interactive', '--lang', 'en', '--limit', '2', '--out', dir, '--no-cache');
  expect(r.code).toBe(0);
}, 60_000);

/** A copy of the run whose store has had `sql` done to it, and the key of the first transcript job. */
function edited(sql: string): { dir: string; key: string } {
  const copy = join(tempDir(), 'edited');
  cpSync(dir, copy, { recursive: true });
  const store = RunStore.open(copy);
  store.db.prepare(sql).run();
  const key = store.jobs({ prompts: false }).find((j) => j.kind === 'interactive-transcript')!.key;
  store.close();
  return { dir: copy, key };
}

const FIRST = `key = (SELECT key FROM jobs WHERE kind = 'interactive-transcript' ORDER BY rowid LIMIT 1)`;


describe('the typed records of an interactive run', () => {
  it('give each case its transcript as stored, typed, and the settings the run recorded', () => {
    const store = RunStore.open(dir, { readonly: true });
    try {
      const raw = store.jobs({ status: 'done', prompts: false }).filter((j) => j.kind === 'interactive-transcript');
      const typed = transcriptRecords(dir, jobRecords(store, dir));
      expect(typed).toHaveLength(2);
      // the decoded record is the stored one, field for field
      expect(typed.map((t) => t.transcript)).toEqual(raw.map((j) => JSON.parse(j.parsed!) as unknown));
      const t = typed[0]!.transcript;
      expect(typed[0]!.model).toBe('interactive:baseline');
      expect(t.turns.length).toBeGreaterThan(0);
      expect(['ask', 'examine', 'order', 'final', 'unreadable']).toContain(t.turns[0]!.action.type);
      expect(t.final).toMatch(/\S/);
      const settings = interactiveSettingsOf(dir, 'interactive:baseline', (k) => store.getMeta(k));
      expect(settings).toMatchObject({ roles: { doctor: 'baseline', patient: 'baseline' }, tools: false });
      expect(settings?.budget.turns).toBeGreaterThan(0);
      expect(interactiveSettingsOf(dir, 'interactive:nobody', (k) => store.getMeta(k))).toBeUndefined();
    } finally {
      store.close();
    }
  });

  it('refuse a transcript without a field it needs, naming the run, the job and the field', async () => {
    const bad = edited(`UPDATE jobs SET parsed = json_remove(parsed, '$.final') WHERE ${FIRST}`);
    for (const said of await refusals(bad.dir, 'leaderboard')) {
      expect(said).toContain(`run ${bad.dir}, job ${bad.key} (interactive:baseline, interactive-transcript, case `);
      expect(said).toContain('parsed.final is missing, not a text');
    }
  }, 60_000);

  it('refuse a field of the wrong type deep in a turn, and a transcript of another case than its job', async () => {
    const wrong = edited(`UPDATE jobs SET parsed = json_set(parsed, '$.turns[0].action.type', 'shout') WHERE ${FIRST}`);
    for (const said of await refusals(wrong.dir, 'leaderboard')) {
      expect(said).toContain(`job ${wrong.key} (interactive:baseline, interactive-transcript`);
      expect(said).toContain('parsed.turns[0].action.type is the text "shout", not one of ask, examine, order, final, unreadable');
    }
    const other = edited(`UPDATE jobs SET parsed = json_set(parsed, '$.uid', 'someone-else') WHERE ${FIRST}`);
    const [lib] = await refusals(other.dir, 'leaderboard');
    expect(lib).toContain(`job ${other.key}`);
    expect(lib).toContain("parsed.uid and parsed.language are someone-else en, not the job's case");
  }, 60_000);

  it('refuse a transcript whose JSON is cut short', async () => {
    const cut = edited(`UPDATE jobs SET parsed = substr(parsed, 1, 60) WHERE ${FIRST}`);
    for (const said of await refusals(cut.dir, 'leaderboard')) {
      expect(said).toContain(`run ${cut.dir}, job ${cut.key}`);
      expect(said).toContain('parsed is not JSON');
    }
  }, 60_000);

  it('refuse settings of the wrong form, or cut short, naming the record and the field', async () => {
    const where = `key = 'interactive:interactive:baseline'`;
    const wrong = edited(`UPDATE manifest SET value = json_set(value, '$.budget.turns', 'many') WHERE ${where}`);
    for (const said of await refusals(wrong.dir, 'leaderboard')) expect(said).toContain(`run ${wrong.dir}, record interactive:interactive:baseline: settings.budget.turns is the text "many", not a number`);
    const prices = edited(`UPDATE manifest SET value = json_set(value, '$.prices', json('{"currency":"CNY"}')) WHERE ${where}`);
    const [lib] = await refusals(prices.dir, 'leaderboard');
    expect(lib).toMatch(/record interactive:interactive:baseline: settings\.prices\.\w+ is not a price table's \(/);
    const cut = edited(`UPDATE manifest SET value = substr(value, 1, 30) WHERE ${where}`);
    for (const said of await refusals(cut.dir, 'leaderboard')) expect(said).toContain(`run ${cut.dir}, record interactive:interactive:baseline: settings is not JSON`);
  }, 60_000);
});
