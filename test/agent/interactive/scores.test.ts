/** Evidence-gathering scores and the information gap, on hand-made transcripts and case scores. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseEvidence, informationGap, loadExamPrices, summariseEvidence, type StoredTranscript } from '../../../src/agent/interactive/scores.js';
import type { CaseScores } from '../../../src/metrics/clinical.js';
import { tempDir } from '../../helpers.js';

const transcript = (orders: StoredTranscript['orders'], available: number, extra: Partial<StoredTranscript> = {}): StoredTranscript => ({
  uid: 'u1', language: 'en', department: 'neurology', available, turns: [], final: '', forced: false, questions: 3, exams: orders.length, orders, ...extra,
});

describe('evidence gathering', () => {
  it('counts precision over distinct orders, recall over the case’s exams, and prices every listed order', async () => {
    const prices = await loadExamPrices();
    const t = transcript([
      { kind: 'lab', key: 'routine_blood_test', name: 'routine blood test', done: true },
      { kind: 'lab', key: 'routine_blood_test', name: 'routine blood test', done: true }, // a repeat: priced again, counted once
      { kind: 'imaging', key: 'plain_computed_tomography_scan', name: 'plain CT scan', done: true },
      { kind: 'imaging', key: 'coronary_arteriography', name: 'coronary angiography', done: false },
      { kind: 'unknown', key: 'PET-CT', name: 'PET-CT', done: false },
    ], 4);
    const e = caseEvidence(t, prices);
    expect(e.ordered).toBe(4);
    expect(e.precision).toBe(50); // 2 of the 4 distinct orders are exams the case has
    expect(e.recall).toBe(50); // 2 of its 4 exams
    expect(e.cost).toBe(2 * prices.labs.routine_blood_test! + prices.imaging.plain_computed_tomography_scan! + prices.imaging.coronary_arteriography!);
    const none = caseEvidence(transcript([], 0), prices);
    expect([none.precision, none.recall, none.cost]).toEqual([null, null, 0]);
    const s = summariseEvidence([e, none]);
    expect(s).toMatchObject({ cases: 2, precision: 50, recall: 50, questions: 3 });
  });

  it('reads a replacement price table, and names the file and field of a bad one', async () => {
    const dir = tempDir();
    const good = join(dir, 'prices.json');
    writeFileSync(good, JSON.stringify({ currency: 'CNY', default: { lab: 1, imaging: 2 }, labs: { routine_blood_test: 25 }, imaging: {} }));
    const p = await loadExamPrices(good);
    const e = caseEvidence(transcript([{ kind: 'lab', key: 'routine_blood_test', name: '', done: true }, { kind: 'imaging', key: 'echocardiogram', name: '', done: false }], 2), p);
    expect(e.cost).toBe(27);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ currency: 'CNY', default: { lab: 1, imaging: 2 }, labs: { routine_blood_test: -3 }, imaging: {} }));
    await expect(loadExamPrices(bad)).rejects.toThrow(/bad\.json[\s\S]*labs[\s\S]*routine_blood_test/);
    await expect(loadExamPrices(join(dir, 'missing.json'))).rejects.toThrow(/missing\.json/);
  });
});

describe('the information gap', () => {
  const cs = (uid: string, department: string, fd: boolean): CaseScores => ({ uid, language: 'en', department, fd });
  it('pairs the records both answered, overall and per department, with an interval and a paired test', () => {
    const statics = [cs('a', 'neurology', true), cs('b', 'neurology', true), cs('c', 'neurology', true), cs('d', 'urology', true), cs('e', 'urology', false), cs('f', 'urology', true)];
    const inter = [cs('a', 'neurology', false), cs('b', 'neurology', false), cs('c', 'neurology', true), cs('d', 'urology', true), cs('e', 'urology', false), cs('z', 'urology', true)];
    const rows = informationGap(statics, inter, { resamples: 500 });
    const all = rows.find((r) => r.group === 'all')!;
    expect(all.n).toBe(5); // f and z are not paired
    expect(all.static).toBe(80);
    expect(all.interactive).toBe(40);
    expect(all.gap).toBe(40);
    expect(all.low).toBeLessThanOrEqual(all.gap);
    expect(all.high).toBeGreaterThanOrEqual(all.gap);
    expect(all.p).toBeCloseTo(0.5, 5); // McNemar, two discordant pairs
    expect(rows.map((r) => [r.group, r.n, Math.round(r.gap * 10) / 10])).toEqual([['all', 5, 40], ['neurology', 3, 66.7], ['urology', 2, 0]]);
    expect(informationGap(statics, [])).toEqual([]);
  });
});
