/**
 * What interactive ClinicalBench measures beyond the six-section scores (which are the benchmark's own, PD, DB,
 * DD, FD, PT, TP and CDA, computed by the usual scorers on the stored final answer):
 *
 * - exam precision: of the distinct exams ordered, the share the case has (an order naming an exam of the
 *   hospital's lists that the case lacks, or a name on no list, counts against it); none ordered → no value;
 * - exam recall: of the case's laboratory panels and imaging exams, the share that was ordered; a case with
 *   none → no value;
 * - questions, physical-examination requests, turns used, and whether the budget ran out (forced);
 * - exam cost: the price of every order that names an exam of the lists, repeats included, whether the case had
 *   it or not (it would have been done); names on no list cost nothing. Prices come from a table per lab panel
 *   and imaging modality (data/interactive/exam-prices.json, or a file of the same shape);
 * - the information gap: for the same doctor model answering the same records statically (the whole case) and
 *   interactively, FD static minus FD interactive in points, with McNemar's test and a paired-bootstrap
 *   interval — overall and per department.
 * Pure functions.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { ClinicalCase } from '../../bench/case.js';
import { parseJsonFile } from '../../bench/json-text.js';
import type { CaseScores } from '../../metrics/clinical.js';
import { mcnemar, pairedBootstrap, type BootstrapOptions } from '../../metrics/stats.js';
import type { Transcript } from './protocol.js';

const Prices = z.record(z.string(), z.number().nonnegative());
export const ExamPricesSchema = z
  .object({
    currency: z.string().min(1),
    note: z.string().optional(),
    default: z.object({ lab: z.number().nonnegative(), imaging: z.number().nonnegative() }).strict(),
    labs: Prices,
    imaging: Prices,
  })
  .strict();
export type ExamPrices = z.infer<typeof ExamPricesSchema>;

export const DEFAULT_EXAM_PRICES_FILE = fileURLToPath(new URL('../../../data/interactive/exam-prices.json', import.meta.url));

/** Read a price table; an error names the file and the field. */
export async function loadExamPrices(file: string = DEFAULT_EXAM_PRICES_FILE): Promise<ExamPrices> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new Error(`cannot read the exam price table ${file}: ${(err as Error).message}`);
  }
  return parseJsonFile(text, file, ExamPricesSchema);
}

export interface CaseEvidence {
  uid: string;
  language: string;
  department: string;
  questions: number;
  examinations: number;
  turns: number;
  forced: boolean;
  ordered: number;
  /** 0..100, null when nothing was ordered. */
  precision: number | null;
  /** 0..100, null when the case has no exams. */
  recall: number | null;
  cost: number;
}

export function priceOf(order: Transcript['orders'][number], prices: ExamPrices): number {
  if (order.kind === 'unknown') return 0;
  const table = order.kind === 'lab' ? prices.labs : prices.imaging;
  return table[order.key] ?? (order.kind === 'lab' ? prices.default.lab : prices.default.imaging);
}

/** A transcript as the run store keeps it: with its record and how many exams the case has. */
export interface StoredTranscript extends Transcript {
  uid: string;
  language: string;
  /** The gold department's id ("" when the record names none). */
  department: string;
  /** The case's laboratory panels plus imaging exams. */
  available: number;
}

export function storedTranscript(t: Transcript, c: ClinicalCase): StoredTranscript {
  return { ...t, uid: c.uid, language: c.language, department: c.gold.department?.id ?? '', available: c.labs.length + c.imaging.length };
}

export function caseEvidence(t: StoredTranscript, prices: ExamPrices): CaseEvidence {
  const distinct = new Map(t.orders.map((o) => [`${o.kind}:${o.key}`, o]));
  const had = [...distinct.values()].filter((o) => o.done);
  const available = t.available;
  return {
    uid: t.uid,
    language: t.language,
    department: t.department,
    questions: t.questions,
    examinations: t.turns.filter((x) => x.action.type === 'examine').length,
    turns: t.turns.length,
    forced: t.forced,
    ordered: distinct.size,
    precision: distinct.size === 0 ? null : (100 * had.length) / distinct.size,
    recall: available === 0 ? null : (100 * had.length) / available,
    cost: t.orders.reduce((s, o) => s + priceOf(o, prices), 0),
  };
}

export interface EvidenceSummary {
  cases: number;
  questions: number;
  examinations: number;
  turns: number;
  /** Share (0..100) of cases where the budget ran out. */
  forced: number;
  ordered: number;
  precision: number | null;
  recall: number | null;
  cost: number;
}

const mean = (xs: readonly number[]): number | null => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

/** Means per case (precision and recall over the cases where they are defined). */
export function summariseEvidence(cases: readonly CaseEvidence[]): EvidenceSummary {
  const m = (f: (c: CaseEvidence) => number): number => mean(cases.map(f)) ?? 0;
  return {
    cases: cases.length,
    questions: m((c) => c.questions),
    examinations: m((c) => c.examinations),
    turns: m((c) => c.turns),
    forced: m((c) => (c.forced ? 100 : 0)),
    ordered: m((c) => c.ordered),
    precision: mean(cases.flatMap((c) => (c.precision === null ? [] : [c.precision]))),
    recall: mean(cases.flatMap((c) => (c.recall === null ? [] : [c.recall]))),
    cost: m((c) => c.cost),
  };
}

export interface GapRow {
  /** "all" or a department id. */
  group: string;
  n: number;
  /** FD, 0..100. */
  static: number;
  interactive: number;
  /** static − interactive, in points. */
  gap: number;
  low: number | null;
  high: number | null;
  p: number | null;
}

function gapOf(group: string, pairs: readonly (readonly [boolean, boolean])[], opts: BootstrapOptions): GapRow {
  const s = pairs.map((p) => (p[0] ? 100 : 0));
  const i = pairs.map((p) => (p[1] ? 100 : 0));
  const st = mean(s) ?? 0;
  const it = mean(i) ?? 0;
  if (pairs.length < 2) return { group, n: pairs.length, static: st, interactive: it, gap: st - it, low: null, high: null, p: null };
  const b = pairedBootstrap(s, i, opts);
  return { group, n: pairs.length, static: st, interactive: it, gap: st - it, low: b.low, high: b.high, p: mcnemar(pairs.map((p) => p[0]), pairs.map((p) => p[1])).p };
}

/** The information gap of one doctor model: FD static vs interactive on the records both answered, overall and per department. */
export function informationGap(staticCases: readonly CaseScores[], interactiveCases: readonly CaseScores[], opts: BootstrapOptions = {}): GapRow[] {
  const key = (c: CaseScores): string => `${c.uid}\u0000${c.language}`;
  const byKey = new Map(interactiveCases.map((c) => [key(c), c]));
  const pairs = staticCases.flatMap((c) => {
    const o = byKey.get(key(c));
    return o && c.fd !== undefined && o.fd !== undefined ? [{ department: c.department, pair: [c.fd, o.fd] as const }] : [];
  });
  if (pairs.length === 0) return [];
  const rows = [gapOf('all', pairs.map((p) => p.pair), opts)];
  const departments = [...new Set(pairs.map((p) => p.department))].sort();
  for (const d of departments) rows.push(gapOf(d, pairs.filter((p) => p.department === d).map((p) => p.pair), opts));
  return rows;
}
