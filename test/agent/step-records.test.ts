/**
 * ClinicalAgent's own steps (`agent-…` jobs: consultations, the laboratory, final opinions, the chief's merge,
 * the nurse and the pharmacist) are decoded with the run's other jobs, once, into typed answers (issue 18): the
 * agent's statistics and the report read them. A step not in the form the workflow writes is refused by `report`
 * and by a resumed `clinicallab agent`, naming the run, the job and the field, instead of counting as no orders.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentStats } from '../../src/agent/stats.js';
import { jobRecords } from '../../src/run/records.js';
import { AGENT_STEP_KINDS } from '../../src/run/step-records.js';
import { RunStore } from '../../src/run/store.js';
import { agentRefusals, refusals, SMALL_AGENT_ARGS } from '../support/refusals.js';
import { runCli, tempDir } from '../helpers.js';

const AGENT = 'agent#1@1';
const AGENT_ARGS = SMALL_AGENT_ARGS;

let dir = '';
beforeAll(async () => {
  dir = join(tempDir(), 'agent-run');
  const r = await runCli('agent', ...AGENT_ARGS, '--out', dir);
  expect(r.code, r.err).toBe(0);
}, 60_000);

/** A copy of the run whose first step of `kind` has had `set` (an SQL expression of `parsed`) done to it, and its key. */
function edited(kind: string, set: string): { dir: string; key: string } {
  const copy = join(tempDir(), 'edited');
  cpSync(dir, copy, { recursive: true });
  const store = RunStore.open(copy);
  const key = (store.db.prepare('SELECT key FROM jobs WHERE kind = ? ORDER BY seq LIMIT 1').get(kind) as { key: string }).key;
  store.db.prepare(`UPDATE jobs SET parsed = ${set} WHERE key = ?`).run(key);
  store.close();
  return { dir: copy, key };
}

describe("ClinicalAgent's stored steps", () => {
  it('read back typed, and the statistics count the orders they hold', () => {
    const store = RunStore.open(dir, { readonly: true });
    try {
      const raw = store.jobs({ status: 'done', prompts: false });
      const jobs = jobRecords(store, dir);
      const steps = jobs.filter((j) => (AGENT_STEP_KINDS as string[]).includes(j.kind));
      expect(new Set(steps.map((j) => j.kind))).toEqual(new Set(['agent-consult', 'agent-lab', 'agent-final', 'agent-nurse', 'agent-pharmacist']));
      const consult = jobs.find((j) => j.kind === 'agent-consult');
      if (consult?.kind !== 'agent-consult' || !consult.parsed) throw new Error('no answered consultation');
      const stored = JSON.parse(raw.find((j) => j.key === consult.key)!.parsed!) as { orders: unknown; preliminary: unknown; role: unknown; model: unknown };
      expect(consult.parsed).toEqual({ orders: stored.orders, preliminary: stored.preliminary, role: stored.role, model: stored.model });
      expect(consult.parsed).toMatchObject({ role: 'clinician', model: 'baseline' });
      const lab = jobs.find((j) => j.kind === 'agent-lab');
      if (lab?.kind !== 'agent-lab' || !lab.parsed) throw new Error('no laboratory step');
      expect(lab.parsed.orders).toEqual(consult.parsed.orders);
      expect(lab.parsed.model).toBeNull();
      const ordered = new Set([...consult.parsed.orders.labs, ...consult.parsed.orders.imaging]).size;
      expect(ordered).toBeGreaterThan(0);
      expect(agentStats(jobs, AGENT, new Map()).ordersPerCase).toBe(ordered);
    } finally {
      store.close();
    }
  });

  it('refuse a consultation whose orders are not lists, naming the run, the job and the field', async () => {
    const bad = edited('agent-consult', `json_set(parsed, '$.orders.labs', 'all of them')`);
    const said = await agentRefusals(bad.dir);
    expect(said).toHaveLength(3);
    for (const s of said) {
      expect(s).toContain(`run ${bad.dir}, job ${bad.key} (${AGENT}, agent-consult, case `);
      expect(s).toContain('parsed.orders.labs is the text "all of them", not a list of texts');
    }
  }, 60_000);

  it('refuse a step without a field it needs, or cut short', async () => {
    const nurse = edited('agent-nurse', `json_remove(parsed, '$.text')`);
    for (const s of await refusals(nurse.dir, 'leaderboard')) expect(s).toContain(`job ${nurse.key} (${AGENT}, agent-nurse, case `);
    const [lib] = await refusals(nurse.dir, 'leaderboard');
    expect(lib).toContain('parsed.text is missing, not a text');
    const final = edited('agent-final', `json_set(parsed, '$.sections.preliminary', 3)`);
    const [fin] = await refusals(final.dir, 'leaderboard');
    expect(fin).toContain(`job ${final.key} (${AGENT}, agent-final, case `);
    expect(fin).toContain('parsed.sections.preliminary is number 3, not a text');
    const cut = edited('agent-lab', 'substr(parsed, 1, 20)');
    for (const s of await agentRefusals(cut.dir)) expect(s).toContain(`run ${cut.dir}, job ${cut.key} (${AGENT}, agent-lab, case `);
  }, 90_000);

  it('refuse a step of a kind the workflow does not write', async () => {
    const copy = join(tempDir(), 'odd-kind');
    cpSync(dir, copy, { recursive: true });
    const store = RunStore.open(copy);
    store.db.prepare("UPDATE jobs SET kind = 'agent-astrologer' WHERE kind = 'agent-nurse'").run();
    store.close();
    const [lib] = await refusals(copy, 'leaderboard');
    expect(lib).toContain('its kind "agent-astrologer" is none clinicallab writes');
  }, 60_000);
});
