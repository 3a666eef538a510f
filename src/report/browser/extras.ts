/**
 * Client script, part 6: what the dataset supports — per run and task, the records with a gold answer and those
 * skipped for want of one (a panel, and a line under the leaderboard) — and the 4-dimension judge's ratings, a
 * small table per rated model, the baseline's heuristic ratings labelled as such. Text only, like every part.
 */
import type { Dimension } from '../../metrics/judge4d.js';
import type { JudgeTally } from '../judge-read.js';
import type { DatasetView } from '../types.js';
import { DATA, h, add, clear, $, fmt, colHead } from './core.js';


/* ---------- dataset ---------- */
export function skippedList(d: DatasetView): string {
  return d.tasks.filter(function (t) { return t.skipped > 0; }).map(function (t) { return t.column + ' ' + t.skipped + (t.unit === 'exams' ? ' exams' : ''); }).join(', ');
}
export function renderDataset(): void {
  const host = clear($('dataset-body'));
  const counts = $('leaderboard-dataset');
  if (!DATA.runs.length) { add(host, h('p', { class: 'note' }, 'No runs.')); return; }
  DATA.runs.forEach(function (r) {
    const box = h('div', { class: 'block', 'data-run': r.index });
    add(box, h('h3', null, r.name));
    const d = r.dataset;
    if (!d) { add(box, h('p', { class: 'note' }, 'The case files of this run could not be read, so what they support is unknown.')); add(host, box); return; }
    add(box, h('p', { class: 'note' }, d.records + ' records. A task is asked and scored only on records with a gold answer for it; the others are skipped and counted, never scored as wrong.'));
    add(box, h('div', { class: 'scroll' }, h('table', { class: 'dataset' }, [
      h('thead', null, h('tr', null, [h('th', null, 'Task'), h('th', null, 'Column'), h('th', { class: 'num' }, 'With a gold answer'), h('th', { class: 'num' }, 'Of'), h('th', { class: 'num' }, 'Share'), h('th', { class: 'num' }, 'Skipped (no gold)')])),
      h('tbody', null, d.tasks.map(function (t) {
        return h('tr', { 'data-task': t.task, class: t.skipped ? 'partial' : null }, [h('td', null, t.label), h('td', null, colHead(t.column)), h('td', { class: 'num' }, String(t.withGold)), h('td', { class: 'num' }, t.total + ' ' + t.unit),
          h('td', { class: 'num' }, t.total ? fmt(100 * t.withGold / t.total, 1) + '%' : '\u2014'), h('td', { class: 'num' + (t.skipped ? ' warn' : '') }, String(t.skipped))]);
      }))
    ])));
    const skipped = skippedList(d);
    if (skipped) add(counts, h('div', { class: 'dataset-skipped', 'data-run': r.index }, r.name + ': no gold answer (skipped, see Dataset) for ' + skipped));
    add(host, box);
  });
}

/* ---------- 4-dimension judge ---------- */
/** The four dimensions of a rating, each with its column title. */
export const JUDGE_DIMS: readonly (readonly [Dimension, string])[] = [['fluency', 'Fluency'], ['relevance', 'Relevance'], ['completeness', 'Completeness'], ['proficiency', 'Proficiency']];
/** One line of a judge table: all judges (their mean), or one judge. */
interface JudgeLine { name: string | undefined; t: JudgeTally; mean: boolean }
export function heuristicBadge(l: JudgeLine): HTMLElement | null {
  if (!l.t.heuristic) return null;
  return h('span', { class: 'badge pend', title: 'Offline heuristics of the baseline, not a clinical judgement' }, l.mean ? 'includes heuristic ratings' : 'heuristic');
}
export function renderJudge(): void {
  const host = clear($('judge-body'));
  const heuristic: string[] = [];
  (DATA.judge ?? []).forEach(function (j) { j.byJudge.forEach(function (b) { if (b.heuristic && heuristic.indexOf(b.judge) < 0) heuristic.push(b.judge); }); });
  if (heuristic.length) add(host, h('p', { class: 'banner warn judge-heuristic' }, 'Heuristic ratings: ' + heuristic.join(', ') + ' rated offline with simple heuristics (the answer\u2019s section format, and how many of its terms it shares with the case and the reference), not a clinical judgement. Read them as a format-and-overlap check, never as a stand-in for a model or a person judging the answer.'));
  (DATA.judge ?? []).forEach(function (j) {
    const several = j.judges.length > 1;
    const lines: JudgeLine[] = [{ name: several ? 'All judges (mean)' : j.judges[0], t: j, mean: several }, ...(j.byJudge.length > 1 ? j.byJudge.map(function (b): JudgeLine { return { name: b.judge, t: b, mean: false }; }) : [])];
    const box = h('div', { class: 'block judge', 'data-model': j.model });
    add(box, h('h3', null, j.label));
    add(box, h('div', { class: 'scroll' }, h('table', { class: 'judge' }, [
      h('thead', null, h('tr', null, [h('th', null, 'Judge')].concat(JUDGE_DIMS.map(function (d) { return h('th', { class: 'num' }, d[1]); })).concat([h('th', { class: 'num' }, 'Overall'), h('th', { class: 'num', title: 'Answers rated' }, 'n'), h('th', { class: 'num', title: 'Answers with no readable rating after every attempt (not counted as zero)' }, 'Judge errors')]))),
      h('tbody', null, lines.map(function (l) {
        const t = l.t;
        return h('tr', { 'data-heuristic': t.heuristic ? '1' : null }, [h('td', null, [h('span', { class: 'mono' }, l.name), ' ', heuristicBadge(l)])].concat(JUDGE_DIMS.map(function (d) { return h('td', { class: 'num', 'data-dim': d[0] }, fmt(t.ratings ? t.ratings[d[0]] : null, 1)); }))
          .concat([h('td', { class: 'num', 'data-dim': 'overall' }, fmt(t.overall, 1)), h('td', { class: 'num' }, String(t.n)), h('td', { class: 'num' }, String(t.judgeErrors) + (t.pending ? ' (' + t.pending + ' pending)' : ''))]));
      }))
    ])));
    add(host, box);
  });
}
