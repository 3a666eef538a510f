/**
 * The interactive section of the leaderboard, as rows for the terminal: per interactive model of a report, its
 * six-section scores beside its evidence-gathering scores; and the information gap of each doctor model (FD static
 * vs interactive), overall and per department.
 */
import type { ReportViewModel } from './types.js';

const pct = (v: number | null | undefined): string => (v === null || v === undefined ? '–' : v.toFixed(1));
const num = (v: number): string => v.toFixed(1);

export const INTERACTIVE_HEADER = ['model', 'patient', 'n', 'PD', 'DB', 'DD', 'FD', 'PT', 'TP', 'CDA', 'exam P', 'exam R', 'questions', 'turns', 'forced %', 'exam cost'];

export function interactiveRows(vm: ReportViewModel): string[][] {
  return (vm.interactive ?? []).map((p) => {
    const lb = vm.models[p.model]?.leaderboard;
    const s = p.summary;
    return [p.label, p.patient, String(s.cases), pct(lb?.PD.value), pct(lb?.DB.value), pct(lb?.DD.value), pct(lb?.FD.value), pct(lb?.PT.value), pct(lb?.TP.value), pct(lb?.CDA.value), pct(s.precision), pct(s.recall), num(s.questions), num(s.turns), num(s.forced), `${s.cost.toFixed(0)} ${p.currency}`];
  });
}

export const GAP_HEADER = ['doctor', 'department', 'n', 'FD static', 'FD interactive', 'gap', '95% interval', 'p (McNemar)'];

export function gapRows(vm: ReportViewModel): string[][] {
  return (vm.interactive ?? []).flatMap((p) =>
    p.gap.map((g) => [
      p.staticModel ?? p.doctor,
      g.group === 'all' ? 'all' : g.label,
      String(g.n),
      num(g.static),
      num(g.interactive),
      `${g.gap >= 0 ? '+' : ''}${num(g.gap)}`,
      g.low === null || g.high === null ? '–' : `${num(g.low)} … ${num(g.high)}`,
      g.p === null ? '–' : g.p < 0.001 ? '<0.001' : g.p.toFixed(3),
    ]),
  );
}
