/**
 * Fidelity: from the component columns the authors published for 15 models, our formulas reproduce their
 * derived columns (Acceptability, Avg, weighted average), DIFR and every intermediate column of the DIFR table
 * from its four rates, and each text task of the leaderboard from its three published components — each within
 * 0.01, every row of all three files. The published figures are read from ../shared/data (never copied).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptability, avgOfColumns, COLUMNS, difrRates, weightedAverage, type CaseScores, type Column } from '../../src/metrics/clinical.js';
import { combineSimilarity } from '../../src/metrics/text/index.js';
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

const TEXT_TASKS = ['DB', 'DD', 'PT', 'TP', 'ID'] as const;
const num = (row: Record<string, string>, k: string): number => {
  const v = Number(row[k]);
  if (row[k] === undefined || row[k] === '' || !Number.isFinite(v)) throw new Error(`${row.model}: column ${k} is missing or not a number`);
  return v;
};

describe('the published ClinicalLab leaderboard', () => {
  it('has the 15 models in each of the three files, the same ones, every cell a percentage', () => {
    expect(leaderboard).toHaveLength(15);
    expect(difr).toHaveLength(15);
    expect(components).toHaveLength(15);
    const models = leaderboard.map((r) => r.model).sort();
    expect(new Set(models).size).toBe(15);
    expect(difr.map((r) => r.model).sort()).toEqual(models);
    expect(components.map((r) => r.model).sort()).toEqual(models);
    const numeric: [Record<string, string>[], string[]][] = [
      [leaderboard, [...COLUMNS, 'DWR', 'CDA', 'Acceptability', 'Avg', 'WeightedAvg']],
      [difr, ['guide3_quantity', 'guide3_name', 'guide3_ifr', 'guide5_quantity', 'guide5_name', 'guide5_ifr', 'quantity_mean', 'name_mean', 'DIFR']],
      [components, TEXT_TASKS.flatMap((t) => [`${t}_BLEU`, `${t}_ROUGE`, `${t}_BERTScore`])],
    ];
    for (const [rows, cols] of numeric) {
      expect(Object.keys(rows[0]!).sort()).toEqual(expect.arrayContaining(cols));
      for (const row of rows) for (const c of cols) expect(num(row, c), `${row.model} ${c}`).toBeGreaterThanOrEqual(0);
      for (const row of rows) for (const c of cols) expect(num(row, c), `${row.model} ${c}`).toBeLessThanOrEqual(100);
    }
  });

  it.each(difr.map((r) => [r.model!, r] as const))('%s: every column of the DIFR table follows from the four rates', (_, row) => {
    const n = (k: string): number => num(row, k);
    const close = (a: number, b: number, what: string): void => expect(Math.abs(a - b), `${row.model} ${what}: ${a} vs ${b}`).toBeLessThanOrEqual(0.01 + 1e-9);
    close((n('guide3_quantity') + n('guide3_name')) / 2, n('guide3_ifr'), 'guide3_ifr');
    close((n('guide5_quantity') + n('guide5_name')) / 2, n('guide5_ifr'), 'guide5_ifr');
    close((n('guide3_quantity') + n('guide5_quantity')) / 2, n('quantity_mean'), 'quantity_mean');
    close((n('guide3_name') + n('guide5_name')) / 2, n('name_mean'), 'name_mean');
    close((n('guide3_ifr') + n('guide5_ifr')) / 2, n('DIFR'), 'DIFR from the two IFRs');
    close(num(leaderboard.find((l) => l.model === row.model)!, 'DIFR'), n('DIFR'), 'DIFR in the leaderboard');
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
    expect(Math.abs(r.n3! - n('guide3_name'))).toBeLessThanOrEqual(0.01);
    expect(Math.abs(r.q5! - n('guide5_quantity'))).toBeLessThanOrEqual(0.01);
    expect(Math.abs(r.n5! - n('guide5_name'))).toBeLessThanOrEqual(0.01);
    expect(Math.abs(r.difr! - n('DIFR'))).toBeLessThanOrEqual(0.01);
    expect(Math.abs(r.difr! - num(leaderboard.find((l) => l.model === row.model)!, 'DIFR'))).toBeLessThanOrEqual(0.01);
  });

  it.each(components.map((r) => [r.model!, r] as const))('%s: each text task is the mean of BLEU, ROUGE and BERTScore, as our scorer combines them', (_, row) => {
    const published = leaderboard.find((l) => l.model === row.model)!;
    const text: number[] = [];
    for (const task of TEXT_TASKS) {
      const s = combineSimilarity({ bleu: num(row, `${task}_BLEU`), rouge: num(row, `${task}_ROUGE`) }, num(row, `${task}_BERTScore`) / 100);
      expect(s.components).toBe('bleu+rouge+bertscore');
      expect(Math.abs(s.score - num(published, task)), `${row.model} ${task}`).toBeLessThanOrEqual(0.01);
      text.push(s.score);
    }
    // and Acceptability follows from the recomputed text scores too
    expect(Math.abs(acceptability(num(published, 'CDA'), text)! - num(published, 'Acceptability'))).toBeLessThanOrEqual(0.01);
  });
});
