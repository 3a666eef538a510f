/**
 * Fidelity: from the component columns the authors published for 15 models, our formulas reproduce their
 * derived columns (Acceptability, Avg, weighted average) and DIFR from its four rates — each within 0.01, every
 * row. These figures are the ones the project ships in data/reference, so the test needs nothing outside the
 * repository. When the project's reference material (../shared/data) sits beside the checkout, three extra
 * checks also run: data/reference agrees with it cell by cell, every intermediate column of the published DIFR
 * table follows from the four rates, and each text task follows from its published BLEU, ROUGE and BERTScore.
 * Without it they are reported as skipped, by name.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptability, avgOfColumns, COLUMNS, difrRates, weightedAverage, type CaseScores, type Column } from '../../src/metrics/clinical.js';
import { combineSimilarity } from '../../src/metrics/text/index.js';
import { loadReference, type ReferenceRow } from '../../src/report/reference.js';
import { ROOT } from '../helpers.js';

/** The published rows as the project carries them (data/reference), used by the reports. */
const reference = loadReference();

/** The project's reference material beside the checkout, when it is there (a user's clone has none). */
const SHARED = join(ROOT, '..', 'shared', 'data');
const sharedPresent = ['published-leaderboard.csv', 'published-difr.csv', 'published-text-components.csv'].every((f) => existsSync(join(SHARED, f)));
const SHARED_NOTE = sharedPresent ? '' : ' (skipped: ../shared/data is not beside this checkout)';

function readCsv(file: string): Record<string, string>[] {
  if (!sharedPresent) return [];
  const [head, ...rows] = readFileSync(join(SHARED, file), 'utf8').trim().split(/\r?\n/);
  const cols = head!.split(',');
  return rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [cols[i]!, v])));
}

const leaderboard = readCsv('published-leaderboard.csv');
const difr = readCsv('published-difr.csv');
const components = readCsv('published-text-components.csv');

const TEXT_TASKS = ['DB', 'DD', 'PT', 'TP', 'ID'] as const;
const DERIVED = ['DWR', 'CDA', 'Acceptability', 'Avg', 'WeightedAvg'] as const;
const RATES = ['guide3_quantity', 'guide3_name', 'guide5_quantity', 'guide5_name'] as const;
const num = (row: Record<string, string>, k: string): number => {
  const v = Number(row[k]);
  if (row[k] === undefined || row[k] === '' || !Number.isFinite(v)) throw new Error(`${row.model}: column ${k} is missing or not a number`);
  return v;
};
const close = (a: number, b: number, what: string): void => expect(Math.abs(a - b), `${what}: ${a} vs ${b}`).toBeLessThanOrEqual(0.01 + 1e-9);

/** Answers to the K-department guide that have exactly the given quantity and name rates: 10,000 per K. */
function answersWithRates(quantity: number, name: number, k: number): { count: number; valid: number }[] {
  const total = 10_000;
  const exact = Math.round((quantity / 100) * total);
  const list = Array.from({ length: total }, (_, i) => ({ count: i < exact ? k : k + 1, valid: 0 }));
  const named = list.reduce((s, a) => s + a.count, 0);
  let validLeft = Math.round((name / 100) * named);
  for (const a of list) {
    a.valid = Math.min(a.count, validLeft);
    validLeft -= a.valid;
  }
  return list;
}

const rows = reference.rows;
const rates = (r: ReferenceRow): NonNullable<ReferenceRow['difrRates']> => {
  if (!r.difrRates) throw new Error(`${r.model}: data/reference has no DIFR rates`);
  return r.difrRates;
};

describe('the published ClinicalLab leaderboard (data/reference)', () => {
  it('has 15 different models, every cell a percentage, each with its four DIFR rates', () => {
    expect(rows).toHaveLength(15);
    expect(new Set(rows.map((r) => r.model)).size).toBe(15);
    for (const r of rows) {
      for (const c of [...COLUMNS, ...DERIVED]) {
        expect(r[c], `${r.model} ${c}`).toBeGreaterThanOrEqual(0);
        expect(r[c], `${r.model} ${c}`).toBeLessThanOrEqual(100);
      }
      for (const k of RATES) {
        expect(rates(r)[k], `${r.model} ${k}`).toBeGreaterThanOrEqual(0);
        expect(rates(r)[k], `${r.model} ${k}`).toBeLessThanOrEqual(100);
      }
    }
  });

  it.each(rows.map((r) => [r.model, r] as const))('%s: Acceptability, Avg and weighted average follow from the components', (_, row) => {
    const cols = Object.fromEntries(COLUMNS.map((c) => [c, row[c]])) as Record<Column, number>;
    close(acceptability(row.CDA, [row.DB, row.DD, row.PT, row.TP, row.ID])!, row.Acceptability, `${row.model} Acceptability`);
    close(avgOfColumns(cols)!, row.Avg, `${row.model} Avg`);
    close(weightedAverage(cols)!, row.WeightedAvg, `${row.model} WeightedAvg`);
  });

  it.each(rows.map((r) => [r.model, r] as const))('%s: DIFR is the mean of the four published rates, as our rate computation gives it', (_, row) => {
    const p = rates(row);
    close((p.guide3_quantity + p.guide3_name + p.guide5_quantity + p.guide5_name) / 4, row.DIFR, `${row.model} DIFR from the four rates`);
    const a3 = answersWithRates(p.guide3_quantity, p.guide3_name, 3);
    const a5 = answersWithRates(p.guide5_quantity, p.guide5_name, 5);
    const cases: CaseScores[] = a3.map((x, i) => ({ uid: String(i), language: 'en', department: 'd', difr3: x, difr5: a5[i]! }));
    const r = difrRates(cases);
    close(r.q3!, p.guide3_quantity, `${row.model} guide3_quantity`);
    close(r.n3!, p.guide3_name, `${row.model} guide3_name`);
    close(r.q5!, p.guide5_quantity, `${row.model} guide5_quantity`);
    close(r.n5!, p.guide5_name, `${row.model} guide5_name`);
    close(r.difr!, row.DIFR, `${row.model} DIFR`);
  });
});

describe.skipIf(!sharedPresent)(`the project's reference files in ../shared/data${SHARED_NOTE}`, () => {
  it('name the same 15 models in all three files, and data/reference carries their figures unchanged', () => {
    const models = leaderboard.map((r) => r.model).sort();
    expect(models).toEqual(rows.map((r) => r.model).sort());
    expect(difr.map((r) => r.model).sort()).toEqual(models);
    expect(components.map((r) => r.model).sort()).toEqual(models);
    for (const csv of leaderboard) {
      const ours = rows.find((r) => r.model === csv.model)!;
      for (const c of [...COLUMNS, ...DERIVED]) expect(ours[c], `${csv.model} ${c}`).toBe(num(csv, c));
      const d = difr.find((r) => r.model === csv.model)!;
      for (const k of RATES) expect(rates(ours)[k], `${csv.model} ${k}`).toBe(num(d, k));
    }
  });

  it.each(difr.map((r) => [r.model!, r] as const))('%s: every column of the DIFR table follows from the four rates', (_, row) => {
    const n = (k: string): number => num(row, k);
    close((n('guide3_quantity') + n('guide3_name')) / 2, n('guide3_ifr'), `${row.model} guide3_ifr`);
    close((n('guide5_quantity') + n('guide5_name')) / 2, n('guide5_ifr'), `${row.model} guide5_ifr`);
    close((n('guide3_quantity') + n('guide5_quantity')) / 2, n('quantity_mean'), `${row.model} quantity_mean`);
    close((n('guide3_name') + n('guide5_name')) / 2, n('name_mean'), `${row.model} name_mean`);
    close((n('guide3_ifr') + n('guide5_ifr')) / 2, n('DIFR'), `${row.model} DIFR from the two IFRs`);
  });

  it.each(components.map((r) => [r.model!, r] as const))('%s: each text task is the mean of BLEU, ROUGE and BERTScore, as our scorer combines them', (_, row) => {
    const published = rows.find((l) => l.model === row.model)!;
    const text: number[] = [];
    for (const task of TEXT_TASKS) {
      const s = combineSimilarity({ bleu: num(row, `${task}_BLEU`), rouge: num(row, `${task}_ROUGE`) }, num(row, `${task}_BERTScore`) / 100);
      expect(s.components).toBe('bleu+rouge+bertscore');
      close(s.score, published[task], `${row.model} ${task}`);
      text.push(s.score);
    }
    // and Acceptability follows from the recomputed text scores too
    close(acceptability(published.CDA, text)!, published.Acceptability, `${row.model} Acceptability`);
  });
});
