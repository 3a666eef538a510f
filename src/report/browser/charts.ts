/**
 * Client script, part 2: the charts (Chart.js, inlined): the department × model heatmap of the authors' weighted
 * average (or any column), the department × task heatmap of one model, the best model per department, the task
 * scores per model (radar) and the ClinicalMetrics bars. Labels are drawn on canvases, so no data becomes markup.
 */
import type { Column } from '../../metrics/clinical.js';
import type { DepartmentCell } from '../types.js';
import { DATA, COLS, METRICS, COLUMN_TITLES, h, add, clear, $, fmt, colHead, modelColor, shortLabel, select, modelValue } from './core.js';

/** One cell of a heatmap: its column and row labels, value, count and why it has no value. */
export interface HeatCell { x: string; y: string; v: number | null; n: number; model?: string; why: string | null }
/** What the department heatmaps show: the weighted average, CDA, the win share or a task column. */
export type DeptMetric = 'WeightedAvg' | 'CDA' | 'winShare' | Column;
/* ---------- charts ---------- */
/** The page's Chart.js charts by name, so a redraw replaces its chart. */
export const charts: Record<string, { destroy(): void }> = {};
/** Set the charts' defaults; false when Chart.js did not load (then no chart is drawn). */
export function setupChartDefaults(): boolean {
  if (typeof Chart === 'undefined') return false;
  Chart.defaults.font.family = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", sans-serif';
  Chart.defaults.font.size = 12;
  Chart.defaults.color = '#334155';
  Chart.defaults.animation = false;
  Chart.defaults.responsive = true;
  Chart.defaults.maintainAspectRatio = false;
  return true;
}
export function heatColor(v: number | null, alpha?: number): string {
  if (v === null || !isFinite(v)) return '#e2e8f0';
  const t = Math.max(0, Math.min(1, v / 100));
  const mix = function (lo: number, hi: number): number { return Math.round(lo + (hi - lo) * t); };
  return 'rgba(' + mix(240, 15) + ',' + mix(253, 94) + ',' + mix(250, 89) + ',' + (alpha === undefined ? 1 : alpha) + ')';
}
export const cellLabels = {
  id: 'cellLabels',
  afterDatasetsDraw: function (chart: ChartLike<HeatCell>): void {
    if (chart.config.type !== 'matrix') return;
    const ctx = chart.ctx;
    ctx.save();
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = '11px system-ui, sans-serif';
    chart.data.datasets.forEach(function (ds, di) {
      chart.getDatasetMeta(di).data.forEach(function (el, i) {
        const d = ds.data[i];
        if (!d) return;
        const p = el.getCenterPoint();
        ctx.fillStyle = d.v !== null && d.v > 55 ? '#ffffff' : '#0f172a';
        ctx.fillText(d.v === null ? '\u2014' : Number(d.v).toFixed(1), p.x, p.y);
      });
    });
    ctx.restore();
  }
};
export function matrixChart(canvasId: string, xs: readonly string[], ys: readonly string[], cells: readonly HeatCell[], tooltip: (cell: HeatCell) => string): void {
  const before = charts[canvasId];
  if (before) before.destroy();
  const canvas = $(canvasId);
  charts[canvasId] = new Chart(canvas, {
    type: 'matrix',
    data: { datasets: [{
      data: cells,
      backgroundColor: function (c: ChartContext<HeatCell>) { const d = c.dataset.data[c.dataIndex]; return d ? heatColor(d.v) : '#e2e8f0'; },
      borderColor: '#ffffff', borderWidth: 1,
      width: function (c: ChartContext<HeatCell>) { const a = c.chart.chartArea; return a ? a.width / xs.length - 1 : 10; },
      height: function (c: ChartContext<HeatCell>) { const a = c.chart.chartArea; return a ? a.height / ys.length - 1 : 10; }
    }] },
    options: {
      plugins: { legend: { display: false }, tooltip: { callbacks: { title: function () { return ''; }, label: function (c: ChartTooltipItem<HeatCell>) { return tooltip(c.raw); } } } },
      scales: {
        x: { type: 'category', labels: xs, offset: true, position: 'top', grid: { display: false }, ticks: { autoSkip: false, maxRotation: 40 } },
        y: { type: 'category', labels: ys, offset: true, reverse: false, grid: { display: false }, ticks: { autoSkip: false } }
      }
    },
    plugins: [cellLabels]
  });
}
export const depState: { metric: DeptMetric; model: number; opened?: DeptMetric } = { metric: 'WeightedAvg', model: 0 };
/** The heatmap's values, in the order they are offered (and preferred when the weighted average has no number). */
export function deptMetrics(): [DeptMetric, string][] {
  const opts: [DeptMetric, string][] = [['WeightedAvg', 'Weighted average (the authors\u2019 per-department ranking)'], ['CDA', 'CDA']];
  COLS.forEach(function (c) { opts.push([c, colHead(c) + ' \u2014 ' + COLUMN_TITLES[c]]); });
  if (DATA.models.length > 1) opts.push(['winShare', 'Win share (the department\u2019s part of DWR)']);
  return opts;
}
/** The heatmap value a select's option names, or null for a name that is none. */
function deptMetric(name: string): DeptMetric | null {
  const found = deptMetrics().filter(function (o) { return o[0] === name; })[0];
  return found ? found[0] : null;
}
/** The value the heatmap opens on: the weighted average, or, when no cell has one (partial data), the first value with a number. */
export function firstMetricWithNumbers(): DeptMetric {
  const prefer: DeptMetric[] = ['WeightedAvg', 'CDA', 'FD', 'Acc', 'PD', ...COLS];
  for (const metric of prefer) {
    for (const cell of DATA.byDepartment) if (cellValue(cell, metric) !== null) return metric;
  }
  return 'WeightedAvg';
}
export function metricName(metric: DeptMetric): string { return metric === 'WeightedAvg' ? 'weighted average' : metric === 'winShare' ? 'win share' : colHead(metric); }
/** Why a heatmap cell is a dash. */
export function cellWhy(cell: DepartmentCell | null | undefined, metric: DeptMetric): string {
  if (!cell) return 'this model has no records of this department';
  if (metric === 'winShare') return 'no record of this department was scored for every model of the report, so nobody wins it';
  const why = cell.missing ? cell.missing[metric] : undefined;
  return why ? why : 'no value';
}
/** The note under a heatmap: each reason for a dash once, with the values and the cells (departments, models) it holds for. */
export function renderGapNote(hostId: string, lead: string | null, entries: readonly { key: string; why: string | null; where: string }[], cellsAll: number, allWords: string): void {
  const host = clear($(hostId));
  if (!entries.length && !lead) return;
  // Maps keep the values and the lines in the order first seen
  const perKey = new Map<string, { key: string; why: string | null; where: string[] }>();
  entries.forEach(function (e) {
    const k = e.key + '\u0001' + e.why;
    let g = perKey.get(k);
    if (!g) { g = { key: e.key, why: e.why, where: [] }; perKey.set(k, g); }
    g.where.push(e.where);
  });
  // values with the same reason in the same cells read as one line
  const lines = new Map<string, { keys: string[]; why: string | null; where: string }>();
  perKey.forEach(function (g) {
    const where = g.where.length === cellsAll ? allWords : g.where.length > 4 ? g.where.length + ' cells' : g.where.join('; ');
    const id = g.why + '\u0001' + where;
    let l = lines.get(id);
    if (!l) { l = { keys: [], why: g.why, where: where }; lines.set(id, l); }
    l.keys.push(g.key);
  });
  const items = Array.from(lines.values(), function (l) { return h('li', null, [h('strong', null, l.keys.join(', ')), ' \u2014 ' + l.where + ': ' + l.why]); });
  add(host, [lead ? h('div', { class: 'lead' }, lead) : null, items.length ? h('div', { class: 'label' }, 'Why a cell is a dash') : null, items.length ? h('ul', null, items) : null]);
}
export function cellValue(cell: DepartmentCell | null, metric: DeptMetric): number | null {
  if (!cell) return null;
  if (metric === 'WeightedAvg') return cell.weightedAvg;
  if (metric === 'CDA') return cell.cda;
  if (metric === 'winShare') return cell.winShare;
  return cell.columns[metric];
}
export function findCell(dep: string, model: number): DepartmentCell | null {
  for (const c of DATA.byDepartment) if (c.department === dep && c.model === model) return c;
  return null;
}
export function renderDeptModel(): void {
  const xs = DATA.models.map(shortLabel);
  const ys = DATA.departments.map(function (d) { return d.label; });
  const cells: HeatCell[] = [];
  DATA.departments.forEach(function (d) {
    DATA.models.forEach(function (m) {
      const c = findCell(d.id, m.index);
      const v = cellValue(c, depState.metric);
      cells.push({ x: shortLabel(m), y: d.label, v: v, n: c ? c.n : 0, model: m.label, why: v === null ? cellWhy(c, depState.metric) : null });
    });
  });
  matrixChart('heat-dept-model', xs, ys, cells, function (r) { return r.y + ' \u00b7 ' + r.model + ': ' + fmt(r.v) + (r.why ? ' \u2014 ' + r.why : '') + ' (' + r.n + ' records)'; });
  const lead = depState.opened !== 'WeightedAvg' && depState.metric !== 'WeightedAvg'
    ? 'No department has a weighted average here (' + (whyNoWeightedAvg() || 'it needs all nine task columns') + ')' + (depState.metric === depState.opened ? ', so the heatmap opened on ' + metricName(depState.metric) + ', the first value with numbers.' : '.') : null;
  renderGapNote('dept-model-gaps', lead, cells.filter(function (x) { return x.why; }).map(function (x) { return { key: metricName(depState.metric), why: x.why, where: x.y + (DATA.models.length > 1 ? ' \u00b7 ' + x.x : '') }; }), cells.length, 'every cell');
}
export function renderDeptTask(): void {
  const m = DATA.models[depState.model];
  if (!m) return;
  const keys: DeptMetric[] = [...COLS, 'CDA', 'WeightedAvg'];
  const deps = DATA.departments.filter(function (d) { return findCell(d.id, m.index); });
  const ys = deps.map(function (d) { return d.label; });
  sizeBox('heat-dept-task', Math.max(260, 90 + deps.length * 26) + 'px');
  const cells: HeatCell[] = [];
  deps.forEach(function (d) {
    const c = findCell(d.id, m.index);
    keys.forEach(function (k) { const v = cellValue(c, k); cells.push({ x: colHead(k), y: d.label, v: v, n: c ? c.n : 0, why: v === null ? cellWhy(c, k) : null }); });
  });
  const xs = keys.map(colHead);
  matrixChart('heat-dept-task', xs, ys, cells, function (r) { return r.y + ' \u00b7 ' + r.x + ': ' + fmt(r.v) + (r.why ? ' \u2014 ' + r.why : '') + ' (' + r.n + ' records)'; });
  const entries = cells.filter(function (x) { return x.why; }).map(function (x) { return { key: x.x, why: x.why, where: x.y }; });
  renderGapNote('dept-task-gaps', null, entries, deps.length, 'every department');
}
export function renderBestPerDepartment(): void {
  const host = clear($('dept-best'));
  if (DATA.models.length < 2) { add(host, h('p', { class: 'note' }, 'With one model there is no per-department ranking; add runs or models to compare (the best model per department is what ClinicalAgent routes by).')); return; }
  const body = h('tbody');
  DATA.departments.forEach(function (d) {
    const ranked = DATA.models.map(function (m) { return { m: m, c: findCell(d.id, m.index) }; })
      .filter(function (x): x is { m: typeof x.m; c: NonNullable<typeof x.c> & { weightedAvg: number } } { return !!x.c && x.c.weightedAvg !== null; })
      .sort(function (a, b) { return b.c.weightedAvg - a.c.weightedAvg; });
    const top = ranked[0];
    const none = top ? null : 'no model has a weighted average in this department: ' + cellWhy(DATA.models.map(function (m) { return findCell(d.id, m.index); }).filter(function (c) { return c !== null; })[0], 'WeightedAvg');
    body.appendChild(h('tr', null, [h('td', null, d.label), h('td', { class: 'model', title: top ? top.m.label : none }, top ? shortLabel(top.m) : '\u2014'), h('td', { class: 'num', title: none }, top ? fmt(top.c.weightedAvg) : '\u2014'),
      h('td', null, ranked.slice(1, 3).map(function (x) { return shortLabel(x.m) + ' ' + fmt(x.c.weightedAvg); }).join(' \u00b7 '))]));
  });
  add(host, h('table', { class: 'lb' }, [h('thead', null, h('tr', null, [h('th', null, 'Department'), h('th', null, 'Best model (weighted average)'), h('th', { class: 'num' }, 'WAvg'), h('th', null, 'Next')])), body]));
}
export function initDepartments(): void {
  if (!DATA.models.length || !DATA.departments.length) { add($('departments-body'), h('p', { class: 'note' }, 'No department results yet.')); $('departments-charts').hidden = true; return; }
  depState.metric = depState.opened = firstMetricWithNumbers();
  add($('dept-model-controls'), h('label', null, ['Value', select('dept-metric', deptMetrics(), depState.metric, function (v) { const metric = deptMetric(v); if (metric === null) return; depState.metric = metric; renderDeptModel(); })]));
  add($('dept-task-controls'), h('label', null, ['Model', select('dept-model', DATA.models.map(function (m) { return [String(m.index), shortLabel(m)]; }), '0', function (v) { depState.model = Number(v); renderDeptTask(); })]));
  const hgt = Math.max(260, 60 + DATA.departments.length * 26) + 'px';
  sizeBox('heat-dept-model', hgt);
  renderDeptModel();
  renderDeptTask();
  renderBestPerDepartment();
}
/** Why the weighted average is missing, when every department says the same (partial data usually does). */
export function whyNoWeightedAvg(): string | null {
  const whys: string[] = [];
  DATA.byDepartment.forEach(function (c) { const why = c.missing ? c.missing.WeightedAvg : undefined; if (why && whys.indexOf(why) < 0) whys.push(why); });
  return whys.length === 1 && whys[0] !== undefined ? whys[0] : null;
}
/** Give the box around a chart's canvas its height. */
export function sizeBox(canvasId: string, height: string): void { const box = $(canvasId).parentElement; if (box) box.style.height = height; }
export function initTaskCharts(): void {
  if (!DATA.models.length) { $('tasks-charts').hidden = true; add($('tasks-body'), h('p', { class: 'note' }, 'No scores yet.')); return; }
  const labels = COLS.map(colHead);
  charts.radar = new Chart($('chart-radar'), {
    type: 'radar',
    data: { labels: labels, datasets: DATA.models.map(function (m) {
      const col = modelColor(m.index);
      return { label: shortLabel(m), data: COLS.map(function (c) { return modelValue(m, c); }), borderColor: col, backgroundColor: col + '22', pointBackgroundColor: col, borderWidth: 2 };
    }) },
    options: { scales: { r: { min: 0, max: 100, ticks: { stepSize: 20, backdropColor: 'transparent' }, pointLabels: { font: { size: 12, weight: '600' } } } }, plugins: { legend: { position: 'bottom' } } }
  });
  const metrics = METRICS.filter(function (k) { return k !== 'DWR' || DATA.models.length > 1; });
  charts.metrics = new Chart($('chart-metrics'), {
    type: 'bar',
    data: { labels: metrics.map(function (k) { return k === 'WeightedAvg' ? 'Weighted avg' : k; }), datasets: DATA.models.map(function (m) {
      return { label: shortLabel(m), data: metrics.map(function (k) { return modelValue(m, k); }), backgroundColor: modelColor(m.index), borderRadius: 4, maxBarThickness: 48 };
    }) },
    options: { scales: { y: { min: 0, max: 100, title: { display: true, text: 'percent' } } }, plugins: { legend: { position: 'bottom' }, tooltip: { callbacks: { label: function (c: ChartTooltipItem<number | null>) { return c.dataset.label + ': ' + fmt(c.raw); } } } } }
  });
}
