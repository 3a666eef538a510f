/**
 * The record a ClinicalAgent run keeps about itself (`agent:<id>`) is decoded once into a typed record (issue 18):
 * the report and a resumed `clinicallab agent` read the same decoder. A record that is there but not in the form
 * clinicallab writes — a field missing or of the wrong type, JSON cut short — is refused by both, naming the run,
 * the key and the field, instead of reading as "not recorded" or dropping the entry; a run without it still reads.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentRecordOf } from '../../src/agent/agent-record.js';
import { buildViewModel } from '../../src/report/view-model.js';
import { RunStore } from '../../src/run/store.js';
import { agentRefusals, refusals, SMALL_AGENT_ARGS } from '../support/refusals.js';
import { runCli, tempDir } from '../helpers.js';

const AGENT = 'agent#1@1';
const KEY = `agent:${AGENT}`;
const AGENT_ARGS = SMALL_AGENT_ARGS;

let dir = '';
beforeAll(async () => {
  dir = join(tempDir(), 'agent-run');
  const r = await runCli('agent', ...AGENT_ARGS, '--out', dir);
  expect(r.code, r.err).toBe(0);
}, 60_000);

/** A copy of the run whose agent record has had `set` (an SQL expression of `value`) done to it. */
function edited(set: string): string {
  const copy = join(tempDir(), 'edited');
  cpSync(dir, copy, { recursive: true });
  const store = RunStore.open(copy);
  store.db.prepare(`UPDATE manifest SET value = ${set} WHERE key = ?`).run(KEY);
  store.close();
  return copy;
}

describe('the stored record of an agent run', () => {
  it('reads back typed, field for field as stored', () => {
    const store = RunStore.open(dir, { readonly: true });
    try {
      const raw = JSON.parse((store.db.prepare('SELECT value FROM manifest WHERE key = ?').get(KEY) as { value: string }).value) as unknown;
      const record = agentRecordOf(store, dir, AGENT)!;
      expect(record).toEqual(raw);
      expect(record).toMatchObject({ agent: AGENT, k: 1, m: 1, roles: { navigator: 'baseline' } });
      expect(record.routing.departments.urology!.models[0]!.model).toBe('baseline');
      expect(record.models!.map((m) => m.id)).toContain('baseline');
      expect(record.fingerprint).toMatch(/^[0-9a-f]+$/);
      expect(agentRecordOf(store, dir, 'agent#9@9')).toBeUndefined();
    } finally {
      store.close();
    }
  });

  it('refuses a field of the wrong type deep in the routing table, naming the run, the key and the field', async () => {
    const bad = edited(`json_set(value, '$.routing.departments.urology.models[0].score', 'high')`);
    const said = await agentRefusals(bad);
    expect(said).toHaveLength(3);
    for (const s of said) expect(s).toContain(`run ${bad}, record ${KEY}: config.routing.departments.urology.models[0].score is the text "high", not a number or null`);
  }, 60_000);

  it('refuses a record without a field it needs, and one whose models are not as recorded', async () => {
    const missing = edited(`json_remove(value, '$.k')`);
    for (const s of await agentRefusals(missing)) expect(s).toContain(`run ${missing}, record ${KEY}: config.k is missing, not a number`);
    const model = edited(`json_set(value, '$.models[0].roles[0]', 'surgeon')`);
    const [lib] = await refusals(model, 'leaderboard');
    expect(lib).toContain(`record ${KEY}: config.models[0].roles[0] is the text "surgeon", not one of navigator, clinician`);
  }, 60_000);

  it('refuses a record whose JSON is cut short', async () => {
    const cut = edited('substr(value, 1, 40)');
    for (const s of await agentRefusals(cut)) expect(s).toContain(`run ${cut}, record ${KEY}: config is not JSON`);
  }, 60_000);

  it('reads a run without the record (its steps only) as before: an agent whose configuration was not recorded', async () => {
    const old = edited('value');
    const store = RunStore.open(old);
    store.db.prepare('DELETE FROM manifest WHERE key = ?').run(KEY);
    store.close();
    const vm = await buildViewModel([old], { ci: false });
    const a = vm.models.findIndex((m) => m.model === AGENT);
    expect(vm.agents?.find((x) => x.model === a)).toMatchObject({ variant: null, routing: null, recorded: false });
  }, 60_000);
});
