/**
 * Fidelity: from the component columns the authors published for 15 models, our formulas reproduce their
 * derived columns (Acceptability, Avg, weighted average) and DIFR from its four rates, within 0.01.
 * The published figures are read from ../shared/data (never copied into the project).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptability, avgOfColumns, COLUMNS, difrRates, weightedAverage, type CaseScores, type Column } from '../../src/metrics/clinical.js';
import { ROOT } from '../helpers.js';

const SHARED = join(ROOT, '..', 'shared', 'data');

function readCsv(file: string): Record<string, string>[] {
  const [head, ...rows] = readFileSync(join(SHARED, file), 'utf8').trim().split(/\r?\n/);
  const cols = head!.split(',');
  return rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [cols[i]!, v])));
}

const leaderboard = readCsv('published-leaderboard.csv');
const difr = readCsv('published-difr.csv');
const components = readCsv('published-text-components.csv');

describe('the published ClinicalLab leaderboard', () => {
  it('has the 15 models', () => {
    expect(leaderboard).toHaveLength(15);
  });

  it.each(leaderboard.map((r) => [r.model!, r] as const))('%s: Acceptability, Avg and weighted average follow from the components', (_, row) => {
    const n = (k: string): number => Number(row[k]);
    const cols = Object.fromEntries(COLUMNS.map((c) => [c, n(c)])) as Record<Column, number>;
    expect(Math.abs(acceptability(n('CDA'), [n('DB'), n('DD'), n('PT'), n('TP'), n('ID')])! - n('Acceptability'))).toBeLessThanOrEqual(0.01);
    expect(Math.abs(avgOfColumns(cols)! - n('Avg'))).toBeLessThanOrEqual(0.01);
    expect(Math.abs(weightedAverage(cols)! - n('WeightedAvg'))).toBeLessThanOrEqual(0.01);
  });

  it.each(difr.map((r) => [r.model!, r] as const))('%s: DIFR is the mean of the four published rates, as our rate computation gives it', (_, row) => {
    const n = (k: string): number => Number(row[k]);
    // Build answers that have exactly the published rates: 10,000 answers per K.
    const answers = (q: number, name: number, k: number): { count: number; valid: number }[] => {
      const total = 10_000;
      const exact = Math.round((q / 100) * total);
      const list = Array.from({ length: total }, (_, i) => ({ count: i < exact ? k : k + 1, valid: 0 }));
      const named = list.reduce((s, a) => s + a.count, 0);
      let validLeft = Math.round((name / 100) * named);
      for (const a of list) {
        a.valid = Math.min(a.count, validLeft);
        validLeft -= a.valid;
      }
      return list;
    };
    const a3 = answers(n('guide3_quantity'), n('guide3_name'), 3);
    const a5 = answers(n('guide5_quantity'), n('guide5_name'), 5);
    const cases: CaseScores[] = a3.map((x, i) => ({ uid: String(i), language: 'en', department: 'd', difr3: x, difr5: a5[i]! }));
    const r = difrRates(cases);
    expect(Math.abs(r.q3! - n('guide3_quantity'))).toBeLessThanOrEqual(0.01);
    expect(Math.abs(r.n5! - n('guide5_name'))).toBeLessThanOrEqual(0.01);
    expect(Math.abs(r.difr! - n('DIFR'))).toBeLessThanOrEqual(0.01);
    const published = leaderboard.find((l) => l.model === row.model);
    if (published) expect(Number(published.DIFR)).toBeCloseTo(n('DIFR'), 2);
  });

  it.each(components.map((r) => [r.model!, r] as const))('%s: each text task is the mean of BLEU, ROUGE and BERTScore', (_, row) => {
    const published = leaderboard.find((l) => l.model === row.model)!;
    for (const task of ['DB', 'DD', 'PT', 'TP', 'ID']) {
      const mean = (Number(row[`${task}_BLEU`]) + Number(row[`${task}_ROUGE`]) + Number(row[`${task}_BERTScore`])) / 3;
      expect(Math.abs(mean - Number(published[task]))).toBeLessThanOrEqual(0.01);
    }
  });
});
