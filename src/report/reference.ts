/**
 * The leaderboard the ClinicalLab authors published (data/reference/clinicallab-published.json): 15 models
 * measured on the real ClinicalBench. Reports show these rows only on request and always marked as published
 * figures from other cases — they are context, never a result of the run they sit next to.
 */
import { readFileSync } from 'node:fs';
import { PACKAGE_ROOT } from '../bench/bundled.js';
import { COLUMNS, type Leaderboard } from '../metrics/clinical.js';
import type { LeaderboardRow } from './leaderboard-table.js';

export const REFERENCE_FILE = `${PACKAGE_ROOT}data/reference/clinicallab-published.json`;

export const REFERENCE_NOTE = 'published, measured on the real ClinicalBench — not on the cases of this run';

const NUMBERS = [...COLUMNS, 'DWR', 'CDA', 'Acceptability', 'Avg', 'WeightedAvg'] as const;
type ReferenceColumn = (typeof NUMBERS)[number];

export interface ReferenceRow extends Record<ReferenceColumn, number> {
  model: string;
  institution: string;
  /** The four DIFR rates: quantity and name following for K = 3 and 5. */
  difrRates: { guide3_quantity: number; guide3_name: number; guide5_quantity: number; guide5_name: number } | null;
}

export interface ReferenceData {
  description: string;
  source: { paper: string; authors: string; year: number; arxiv: string; url: string; table: string; note: string };
  measuredOn: string;
  textComponents: 'bleu+rouge+bertscore';
  rows: ReferenceRow[];
}

let cached: ReferenceData | undefined;

/** Read and check the published rows (every number present and finite). */
export function loadReference(file = REFERENCE_FILE): ReferenceData {
  if (file === REFERENCE_FILE && cached) return cached;
  const data = JSON.parse(readFileSync(file, 'utf8')) as ReferenceData;
  if (!Array.isArray(data.rows) || data.rows.length === 0) throw new Error(`${file}: no rows`);
  for (const r of data.rows) {
    for (const k of NUMBERS) if (typeof r[k] !== 'number' || !Number.isFinite(r[k])) throw new Error(`${file}: ${r.model}: ${k} is not a number`);
  }
  const out: ReferenceData = {
    description: data.description,
    source: data.source,
    measuredOn: data.measuredOn,
    textComponents: 'bleu+rouge+bertscore',
    rows: data.rows.map((r) => ({ ...r, difrRates: r.difrRates ?? null })),
  };
  if (file === REFERENCE_FILE) cached = out;
  return out;
}

/** The published rows in the shape of the terminal leaderboard (no counts: the authors give none). */
export function referenceRows(data: ReferenceData): LeaderboardRow[] {
  return data.rows.map((r) => ({
    model: r.model,
    leaderboard: Object.fromEntries(NUMBERS.filter((k) => k !== 'DWR').map((k) => [k, { value: r[k], n: 0 }])) as unknown as Leaderboard,
    dwr: r.DWR,
    errors: {},
    pending: {},
    skipped: {},
  }));
}
