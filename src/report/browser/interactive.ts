/**
 * Client script, part 5b: interactive ClinicalBench. The "Interactive" panel (only on pages with interactive
 * models): per model its doctor, patient and budget, its six-section scores beside its evidence-gathering scores,
 * and the information gap against the doctor's static answers, overall and per department; and, in the case
 * browser, an interactive model's case as a conversation — each turn the doctor's action and who answered, with
 * what the reply revealed of the case. Text only, like every part.
 */
import type { Action } from '../../agent/interactive/actions.js';
import type { Reply } from '../../agent/interactive/protocol.js';
import type { TranscriptView } from '../interactive-view.js';
import { DATA, h, add, clear, $, fmt } from './core.js';


/* ---------- interactive ClinicalBench ---------- */
export function pctCell(v: number | null | undefined): HTMLElement { return h('td', { class: 'num' }, v === null || v === undefined ? '\u2014' : fmt(v, 1)); }
export function renderInteractive(): void {
  const host = clear($('interactive-body'));
  (DATA.interactive ?? []).forEach(function (p) {
    const m = DATA.models[p.model];
    if (!m) throw new Error('report data: the interactive panel of ' + p.label + ' names no model of the report');
    const lb = m.leaderboard, s = p.summary;
    const box = h('div', { class: 'block interactive', 'data-interactive': p.label });
    add(box, h('h3', null, p.label));
    add(box, h('p', { class: 'note' }, 'Doctor ' + p.doctor + ', patient ' + p.patient + (p.budget ? '; budget ' + p.budget.questions + ' questions, ' + p.budget.exams + ' exams, ' + p.budget.turns + ' turns' : '') + '; actions as ' + (p.tools ? 'tool calls' : 'plain text') + '.'));
    add(box, h('div', { class: 'scroll' }, h('table', { class: 'interactive-scores' }, [
      h('thead', null, h('tr', null, ['n', 'PD', 'DB', 'DD', 'FD', 'PT', 'TP', 'CDA', 'exam precision', 'exam recall', 'questions', 'examinations', 'turns', 'forced %', 'exam cost'].map(function (t) { return h('th', { class: 'num' }, t); }))),
      h('tbody', null, h('tr', null, [h('td', { class: 'num' }, String(s.cases)), pctCell(lb.PD.value), pctCell(lb.DB.value), pctCell(lb.DD.value), pctCell(lb.FD.value), pctCell(lb.PT.value), pctCell(lb.TP.value), pctCell(lb.CDA.value),
        pctCell(s.precision), pctCell(s.recall), pctCell(s.questions), pctCell(s.examinations), pctCell(s.turns), pctCell(s.forced), h('td', { class: 'num' }, fmt(s.cost, 0) + ' ' + p.currency)]))
    ])));
    add(box, h('h4', null, 'Information gap'));
    if (!p.gap.length) add(box, h('p', { class: 'note' }, 'No static answers of ' + p.doctor + ' in this run: run clinicallab interactive without --no-static to measure the gap.'));
    else {
      add(box, h('p', { class: 'note' }, 'FD of ' + p.staticModel + ' given the whole case minus FD of ' + p.label + ' that had to gather it, on the same records, in points; the interval is a paired bootstrap (95%), p is McNemar\u2019s test.'));
      add(box, h('div', { class: 'scroll' }, h('table', { class: 'information-gap' }, [
        h('thead', null, h('tr', null, ['Department', 'n', 'FD static', 'FD interactive', 'gap', '95% interval', 'p'].map(function (t, i) { return h('th', { class: i ? 'num' : null }, t); }))),
        h('tbody', null, p.gap.map(function (g) {
          return h('tr', { 'data-group': g.group }, [h('td', null, g.label), h('td', { class: 'num' }, String(g.n)), pctCell(g.static), pctCell(g.interactive), h('td', { class: 'num' }, (g.gap >= 0 ? '+' : '') + fmt(g.gap, 1)),
            h('td', { class: 'num' }, g.low === null ? '\u2014' : fmt(g.low, 1) + ' \u2026 ' + fmt(g.high, 1)), h('td', { class: 'num' }, g.p === null ? '\u2014' : g.p < 0.001 ? '<0.001' : fmt(g.p, 3))]);
        }))
      ])));
    }
    add(host, box);
  });
}
export const SPEAKER: Record<Reply['by'], string> = { patient: 'Patient', examiner: 'Examiner', laboratory: 'Laboratory', radiology: 'Radiology', system: 'Note' };
export function actionText(a: Action): string {
  if (a.type === 'ask') return 'asks: ' + a.question;
  if (a.type === 'examine') return 'examines: ' + a.item;
  if (a.type === 'order') return 'orders: ' + a.exam;
  if (a.type === 'final') return 'gives the final answer';
  return 'wrote something that is not an action (' + a.reason + ')';
}
export function revealedText(r: Reply): string {
  if (r.by === 'patient') return r.withheld ? r.withheld + ' sentence(s) naming the diagnosis withheld' : 'from the history';
  if (r.by === 'examiner') return r.found ? 'physical-examination findings' : 'nothing recorded for this item';
  if (r.by === 'system') return 'nothing of the case';
  const o = r.order;
  return o.done ? (o.kind === 'lab' ? 'laboratory panel ' : 'imaging exam ') + o.key : o.kind === 'unknown' ? 'not on the hospital\u2019s lists: not done' : o.key + ': the case has not got it (not done)';
}
export function interactiveConversation(t: TranscriptView): HTMLElement {
  const e = t.evidence;
  const box = h('div', { class: 'conversation' }, h('p', { class: 'note' }, t.turns.length + ' turn(s), ' + t.questions + ' question(s), ' + e.ordered + ' exam(s) ordered (precision ' + fmt(e.precision, 1) + ', recall ' + fmt(e.recall, 1) + '), exam cost ' + fmt(e.cost, 0) + (t.forced ? '; the budget ran out and the final answer was asked for' : '') + '.'));
  t.turns.forEach(function (x) {
    const turn = h('div', { class: 'turn', 'data-turn': String(x.turn) }, h('div', { class: 'doctor' }, [h('b', null, 'Turn ' + x.turn + ' \u2014 doctor '), actionText(x.action)]));
    if (x.reply) add(turn, h('div', { class: 'reply reply-' + x.reply.by }, [h('b', null, SPEAKER[x.reply.by] + ': '), h('span', { class: 'text' }, x.reply.text), h('div', { class: 'note revealed' }, 'Revealed: ' + revealedText(x.reply))]));
    add(box, turn);
  });
  add(box, h('details', { class: 'raw' }, [h('summary', null, 'Final answer as given'), h('pre', { class: 'text' }, t.final)]));
  return box;
}
