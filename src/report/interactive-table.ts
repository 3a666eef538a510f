/**
 * The interactive section of the leaderboard, as rows for the terminal (and the exports): per interactive model,
 * its six-section scores from the run's scoring beside its evidence-gathering scores; and the information gap of
 * each doctor model (FD static vs interactive), overall and per department.
 */
import type { InteractiveView } from '../agent/interactive/read.js';
import type { ModelScores } from '../metrics/score-run.js';

const pct = (v: number | null | undefined): string => (v === null || v === undefined ? '–' : v.toFixed(1));
const num = (v: number): string => v.toFixed(1);

export const INTERACTIVE_HEADER = ['model', 'patient', 'n', 'PD', 'DB', 'DD', 'FD', 'PT', 'TP', 'CDA', 'exam P', 'exam R', 'questions', 'turns', 'forced %', 'exam cost'];

export function interactiveRows(views: readonly InteractiveView[], scores: readonly ModelScores[]): string[][] {
  return views.map((v) => {
    const lb = scores.find((m) => m.model === v.name)?.leaderboard;
    return [
      v.name,
      v.patient,
      String(v.summary.cases),
      pct(lb?.PD.value),
      pct(lb?.DB.value),
      pct(lb?.DD.value),
      pct(lb?.FD.value),
      pct(lb?.PT.value),
      pct(lb?.TP.value),
      pct(lb?.CDA.value),
      pct(v.summary.precision),
      pct(v.summary.recall),
      num(v.summary.questions),
      num(v.summary.turns),
      num(v.summary.forced),
      `${v.summary.cost.toFixed(0)} ${v.currency}`,
    ];
  });
}

export const GAP_HEADER = ['doctor', 'department', 'n', 'FD static', 'FD interactive', 'gap', '95% interval', 'p (McNemar)'];

export function gapRows(views: readonly InteractiveView[], departmentName: (id: string) => string = (id) => id): string[][] {
  return views.flatMap((v) =>
    v.gap.map((g) => [
      v.doctor,
      g.group === 'all' ? 'all' : departmentName(g.group),
      String(g.n),
      num(g.static),
      num(g.interactive),
      `${g.gap >= 0 ? '+' : ''}${num(g.gap)}`,
      g.low === null || g.high === null ? '–' : `${num(g.low)} … ${num(g.high)}`,
      g.p === null ? '–' : g.p < 0.001 ? '<0.001' : g.p.toFixed(3),
    ]),
  );
}
