/**
 * The score tables as flat records and CSV: the leaderboard (with intervals, counts, the agent columns and, on
 * request, the published rows marked as such), the department × model table and the per-case results. The
 * report's panels (panels.ts) export them, with the other tables (tables.ts). CSV follows RFC 4180: every field
 * that holds a comma, a quote, a line break or leading/trailing space is quoted, quotes doubled, and a field that
 * a spreadsheet would take for a formula (= + - @ at the start) is prefixed with a quote mark.
 */
import { COLUMNS } from '../metrics/clinical.js';
import type { Cell, Row } from './tables.js';
import type { ReportViewModel } from './types.js';
import { REFERENCE_PROFILE } from './profile-text.js';

const LB_KEYS = [...COLUMNS, 'CDA', 'Acceptability', 'Avg', 'WeightedAvg'] as const;

export function csvField(v: Cell): string {
  if (v === null || v === undefined) return '';
  let s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : String(v);
  if (/^[=+\-@\t\r]/.test(s) && !(typeof v === 'number')) s = `'${s}`;
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: readonly Cell[][]): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

const counts = (m: Record<string, number>): string =>
  Object.entries(m)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join('; ');

export interface LeaderboardRecord {
  model: string;
  source: 'run' | 'published';
  run: string | null;
  records: number | null;
  values: Record<string, number | null>;
  ci: Record<string, { low: number; high: number } | null> | null;
  errors: Record<string, number>;
  pending: Record<string, number>;
  skipped: Record<string, number>;
  textComponents: string | null;
  /** The text-metric profile of its text scores (published rows: authors, the profile that reproduces them). */
  textProfile: string | null;
  /** ClinicalAgent models: the statistics per case (null for other models). */
  agent: { variant: string | null; cases: number; examsPerCase: number; examShare: number | null; tokensPerCase: number; costPerCase: number | null; stopped: number } | null;
  note?: string;
}

/** The leaderboard rows: the run's models, then (when the view model has them) the published rows. */
export function leaderboardRecords(vm: ReportViewModel): LeaderboardRecord[] {
  const agentOf = (i: number): LeaderboardRecord['agent'] => {
    const a = vm.agents?.find((x) => x.model === i);
    return a
      ? { variant: a.variant, cases: a.stats.cases, examsPerCase: a.stats.ordersPerCase, examShare: a.stats.orderedShare, tokensPerCase: a.stats.tokensPerCase, costPerCase: a.stats.costPerCase, stopped: a.stats.stopped }
      : null;
  };
  const out: LeaderboardRecord[] = vm.models.map((m) => ({
    model: m.label,
    source: 'run',
    run: vm.runs[m.run]?.name ?? null,
    records: m.records,
    values: { ...Object.fromEntries(LB_KEYS.map((k) => [k, m.leaderboard[k].value])), DWR: m.dwr },
    ci: m.ci ? Object.fromEntries(LB_KEYS.map((k) => [k, m.ci![k]])) : null,
    errors: m.errors,
    pending: m.pending,
    skipped: m.skipped,
    textComponents: m.textComponents,
    textProfile: m.textProfile,
    agent: agentOf(m.index),
  }));
  for (const r of vm.reference?.rows ?? []) {
    out.push({
      model: r.model,
      source: 'published',
      run: null,
      records: null,
      values: { ...Object.fromEntries(LB_KEYS.map((k) => [k, r[k]])), DWR: r.DWR },
      ci: null,
      errors: {},
      pending: {},
      skipped: {},
      textComponents: 'bleu+rouge+bertscore',
      textProfile: REFERENCE_PROFILE,
      agent: null,
      note: `published by the authors (arXiv ${vm.reference!.source.arxiv}), measured on the real ClinicalBench — not on the cases of this run`,
    });
  }
  return out;
}

const VALUE_COLUMNS = [...COLUMNS, 'DWR', 'CDA', 'Acceptability', 'Avg', 'WeightedAvg'];

export function leaderboardCsv(vm: ReportViewModel): string {
  const header = [
    'model', 'source', 'run', 'records', ...VALUE_COLUMNS, ...LB_KEYS.flatMap((k) => [`${k}_ci_low`, `${k}_ci_high`]), 'errors', 'pending', 'skipped', 'text_components', 'text_profile', 'note',
    'agent_variant', 'agent_exams_per_case', 'agent_exam_share', 'agent_tokens_per_case', 'agent_cost_per_case', 'agent_stopped',
  ];
  const rows = leaderboardRecords(vm).map((r) => [
    r.model,
    r.source,
    r.run,
    r.records,
    ...VALUE_COLUMNS.map((k) => r.values[k]),
    ...LB_KEYS.flatMap((k) => [r.ci?.[k]?.low, r.ci?.[k]?.high]),
    counts(r.errors),
    counts(r.pending),
    counts(r.skipped),
    r.textComponents,
    r.textProfile,
    r.note ?? '',
    r.agent?.variant,
    r.agent?.examsPerCase,
    r.agent?.examShare,
    r.agent?.tokensPerCase,
    r.agent?.costPerCase,
    r.agent?.stopped,
  ]);
  return toCsv(header, rows);
}

export function departmentRecords(vm: ReportViewModel): Row[] {
  return vm.byDepartment.map((d) => ({
    department: d.department,
    department_label: vm.departments.find((x) => x.id === d.department)?.label ?? d.department,
    model: vm.models[d.model]?.label ?? String(d.model),
    records: d.n,
    WeightedAvg: d.weightedAvg,
    ...Object.fromEntries(COLUMNS.map((c) => [c, d.columns[c]])),
    CDA: d.cda,
    win_share: d.winShare,
  }));
}

/** The per-case results, one flat record per model × record × task (× exam). */
export function caseRecords(vm: ReportViewModel): Row[] {
  return vm.rows.map((r) => {
    const c = vm.cases[r.case]!;
    return {
      model: vm.models[r.model]?.label ?? String(r.model),
      uid: c.uid,
      language: c.language,
      department: c.department,
      task: r.task,
      exam: r.exam,
      status: r.status,
      value: r.value,
      correct: r.correct,
      predicted: r.predicted ?? null,
      gold: r.gold ?? null,
      rule: r.rule ?? null,
      explanation: r.explanation ?? null,
      bleu: r.text?.bleu ?? null,
      rouge: r.text?.rouge ?? null,
      bertscore: r.text?.bertscore ?? null,
      pd_share: r.share ?? null,
      difr_count: r.difr?.count ?? null,
      difr_valid: r.difr?.valid ?? null,
      error: r.error ?? null,
    };
  });
}

/** Records as CSV, one column per name of the header, in its order. */
export function recordsCsv(records: readonly Row[], header: readonly string[]): string {
  return toCsv(
    header,
    records.map((r) => header.map((k) => r[k])),
  );
}

export const CASE_HEADER = ['model', 'uid', 'language', 'department', 'task', 'exam', 'status', 'value', 'correct', 'predicted', 'gold', 'rule', 'explanation', 'bleu', 'rouge', 'bertscore', 'pd_share', 'difr_count', 'difr_valid', 'error'];
export const DEPT_HEADER = ['department', 'department_label', 'model', 'records', 'WeightedAvg', ...COLUMNS, 'CDA', 'win_share'];
