/**
 * Client script, part 2: the charts (Chart.js, inlined): the department × model heatmap of the authors' weighted
 * average (or any column), the department × task heatmap of one model, the best model per department, the task
 * scores per model (radar) and the ClinicalMetrics bars. Labels are drawn on canvases, so no data becomes markup.
 */
import { DATA, COLS, METRICS, COLUMN_TITLES, h, add, clear, $, fmt, colHead, modelColor, shortLabel, select, modelValue } from './core.js';

/** One cell of a heatmap: its column and row labels, value, count and why it has no value. */
export interface HeatCell { x: string; y: string; v: number | null | undefined; n: number; model?: string; why: string | null }
/* ---------- charts ---------- */
/** The page's Chart.js charts by name, so a redraw replaces its chart. */
export const charts: Record<string, { destroy(): void }> = {};
export function setupChartDefaults() {
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
  if (v === null || v === undefined || !isFinite(v)) return '#e2e8f0';
  const t = Math.max(0, Math.min(1, v / 100));
  const lo = [240, 253, 250], hi = [15, 94, 89];
  const c = lo.map(function (l, i) { return Math.round(l + (hi[i] - l) * t); });
  return 'rgba(' + c[0] + ',' + c[1] + ',' + c[2] + ',' + (alpha === undefined ? 1 : alpha) + ')';
}
export const cellLabels = {
  id: 'cellLabels',
  afterDatasetsDraw: function (chart) {
    if (chart.config.type !== 'matrix') return;
    const ctx = chart.ctx;
    ctx.save();
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = '11px system-ui, sans-serif';
    chart.data.datasets.forEach(function (ds, di) {
      chart.getDatasetMeta(di).data.forEach(function (el, i) {
        const d = ds.data[i];
        const p = el.getCenterPoint();
        ctx.fillStyle = d.v !== null && d.v > 55 ? '#ffffff' : '#0f172a';
        ctx.fillText(d.v === null ? '\u2014' : Number(d.v).toFixed(1), p.x, p.y);
      });
    });
    ctx.restore();
  }
};
export function matrixChart(canvasId, xs, ys, cells, tooltip) {
  if (charts[canvasId]) charts[canvasId].destroy();
  const canvas = $(canvasId);
  charts[canvasId] = new Chart(canvas, {
    type: 'matrix',
    data: { datasets: [{
      data: cells,
      backgroundColor: function (c) { const d = c.dataset.data[c.dataIndex]; return d ? heatColor(d.v) : '#e2e8f0'; },
      borderColor: '#ffffff', borderWidth: 1,
      width: function (c) { const a = c.chart.chartArea; return a ? a.width / xs.length - 1 : 10; },
      height: function (c) { const a = c.chart.chartArea; return a ? a.height / ys.length - 1 : 10; }
    }] },
    options: {
      plugins: { legend: { display: false }, tooltip: { callbacks: { title: function () { return ''; }, label: function (c) { return tooltip(c.raw); } } } },
      scales: {
        x: { type: 'category', labels: xs, offset: true, position: 'top', grid: { display: false }, ticks: { autoSkip: false, maxRotation: 40 } },
        y: { type: 'category', labels: ys, offset: true, reverse: false, grid: { display: false }, ticks: { autoSkip: false } }
      }
    },
    plugins: [cellLabels]
  });
}
export const depState: { metric: string; model: number; opened?: string } = { metric: 'WeightedAvg', model: 0 };
/** The heatmap's values, in the order they are offered (and preferred when the weighted average has no number). */
export function deptMetrics(): [string, string][] {
  const opts: [string, string][] = ([['WeightedAvg', 'Weighted average (the authors\u2019 per-department ranking)'], ['CDA', 'CDA']] as [string, string][]).concat(COLS.map(function (c): [string, string] { return [c, colHead(c) + ' \u2014 ' + COLUMN_TITLES[c]]; }));
  if (DATA.models.length > 1) opts.push(['winShare', 'Win share (the department\u2019s part of DWR)']);
  return opts;
}
/** The value the heatmap opens on: the weighted average, or, when no cell has one (partial data), the first value with a number. */
export function firstMetricWithNumbers() {
  const prefer = ['WeightedAvg', 'CDA', 'FD', 'Acc', 'PD'].concat(COLS);
  for (let i = 0; i < prefer.length; i++) {
    for (let j = 0; j < DATA.byDepartment.length; j++) { const v = cellValue(DATA.byDepartment[j], prefer[i]); if (v !== null && v !== undefined) return prefer[i]; }
  }
  return 'WeightedAvg';
}
export function metricName(metric) { return metric === 'WeightedAvg' ? 'weighted average' : metric === 'winShare' ? 'win share' : colHead(metric); }
/** Why a heatmap cell is a dash. */
export function cellWhy(cell: unknown, metric: string): string {
  return cellWhyOf(cell as { missing?: Record<string, string> } | null, metric);
}
function cellWhyOf(cell: { missing?: Record<string, string> } | null, metric: string): string {
  if (!cell) return 'this model has no records of this department';
  if (metric === 'winShare') return 'no record of this department was scored for every model of the report, so nobody wins it';
  return cell.missing && cell.missing[metric] ? cell.missing[metric] : 'no value';
}
/** The note under a heatmap: each reason for a dash once, with the values and the cells (departments, models) it holds for. */
export function renderGapNote(hostId: string, lead: string | null, entries: readonly { key: string; why: string | null; where: string }[], cellsAll: number, allWords: string): void {
  const host = clear($(hostId));
  if (!entries.length && !lead) return;
  const perKey: Record<string, { key: string; why: string | null; where: string[] }> = {}, keyOrder: string[] = [];
  entries.forEach(function (e) {
    const k = e.key + '\u0001' + e.why;
    let g = perKey[k];
    if (!g) { g = perKey[k] = { key: e.key, why: e.why, where: [] }; keyOrder.push(k); }
    g.where.push(e.where);
  });
  // values with the same reason in the same cells read as one line
  const lines: Record<string, { keys: string[]; why: string | null; where: string }> = {}, order: string[] = [];
  keyOrder.forEach(function (k) {
    const g = perKey[k];
    const where = g.where.length === cellsAll ? allWords : g.where.length > 4 ? g.where.length + ' cells' : g.where.join('; ');
    const id = g.why + '\u0001' + where;
    let l = lines[id];
    if (!l) { l = lines[id] = { keys: [], why: g.why, where: where }; order.push(id); }
    l.keys.push(g.key);
  });
  const items = order.map(function (id) { const l = lines[id]; return h('li', null, [h('strong', null, l.keys.join(', ')), ' \u2014 ' + l.where + ': ' + l.why]); });
  add(host, [lead ? h('div', { class: 'lead' }, lead) : null, items.length ? h('div', { class: 'label' }, 'Why a cell is a dash') : null, items.length ? h('ul', null, items) : null]);
}
export function cellValue(cell, metric) {
  if (!cell) return null;
  if (metric === 'WeightedAvg') return cell.weightedAvg;
  if (metric === 'CDA') return cell.cda;
  if (metric === 'winShare') return cell.winShare;
  return cell.columns[metric];
}
export function findCell(dep, model) {
  for (let i = 0; i < DATA.byDepartment.length; i++) { const c = DATA.byDepartment[i]; if (c.department === dep && c.model === model) return c; }
  return null;
}
export function renderDeptModel() {
  const xs = DATA.models.map(shortLabel);
  const ys = DATA.departments.map(function (d) { return d.label; });
  const cells: HeatCell[] = [];
  DATA.departments.forEach(function (d) {
    DATA.models.forEach(function (m) {
      const c = findCell(d.id, m.index);
      const v = cellValue(c, depState.metric);
      cells.push({ x: shortLabel(m), y: d.label, v: v, n: c ? c.n : 0, model: m.label, why: v === null || v === undefined ? cellWhy(c, depState.metric) : null });
    });
  });
  matrixChart('heat-dept-model', xs, ys, cells, function (r) { return r.y + ' \u00b7 ' + r.model + ': ' + fmt(r.v) + (r.why ? ' \u2014 ' + r.why : '') + ' (' + r.n + ' records)'; });
  const lead = depState.opened !== 'WeightedAvg' && depState.metric !== 'WeightedAvg'
    ? 'No department has a weighted average here (' + (whyNoWeightedAvg() || 'it needs all nine task columns') + ')' + (depState.metric === depState.opened ? ', so the heatmap opened on ' + metricName(depState.metric) + ', the first value with numbers.' : '.') : null;
  renderGapNote('dept-model-gaps', lead, cells.filter(function (x) { return x.why; }).map(function (x) { return { key: metricName(depState.metric), why: x.why, where: x.y + (DATA.models.length > 1 ? ' \u00b7 ' + x.x : '') }; }), cells.length, 'every cell');
}
export function renderDeptTask() {
  const m = DATA.models[depState.model];
  if (!m) return;
  const keys = COLS.concat(['CDA', 'WeightedAvg']);
  const xs = keys.map(colHead);
  const deps = DATA.departments.filter(function (d) { return findCell(d.id, m.index); });
  const ys = deps.map(function (d) { return d.label; });
  sizeBox($('heat-dept-task').parentNode, Math.max(260, 90 + deps.length * 26) + 'px');
  const cells: HeatCell[] = [];
  deps.forEach(function (d) {
    const c = findCell(d.id, m.index);
    keys.forEach(function (k, i) { const v = cellValue(c, k); cells.push({ x: xs[i], y: d.label, v: v, n: c ? c.n : 0, why: v === null || v === undefined ? cellWhy(c, k) : null }); });
  });
  matrixChart('heat-dept-task', xs, ys, cells, function (r) { return r.y + ' \u00b7 ' + r.x + ': ' + fmt(r.v) + (r.why ? ' \u2014 ' + r.why : '') + ' (' + r.n + ' records)'; });
  const entries = cells.filter(function (x) { return x.why; }).map(function (x) { return { key: x.x, why: x.why, where: x.y }; });
  renderGapNote('dept-task-gaps', null, entries, deps.length, 'every department');
}
export function renderBestPerDepartment() {
  const host = clear($('dept-best'));
  if (DATA.models.length < 2) { add(host, h('p', { class: 'note' }, 'With one model there is no per-department ranking; add runs or models to compare (the best model per department is what ClinicalAgent routes by).')); return; }
  const body = h('tbody');
  DATA.departments.forEach(function (d) {
    const ranked = DATA.models.map(function (m) { return { m: m, c: findCell(d.id, m.index) }; })
      .filter(function (x): x is { m: typeof x.m; c: NonNullable<typeof x.c> & { weightedAvg: number } } { return !!x.c && x.c.weightedAvg !== null; })
      .sort(function (a, b) { return b.c.weightedAvg - a.c.weightedAvg; });
    const top = ranked[0];
    const none = top ? null : 'no model has a weighted average in this department: ' + cellWhy(DATA.models.map(function (m) { return findCell(d.id, m.index); }).filter(Boolean)[0], 'WeightedAvg');
    body.appendChild(h('tr', null, [h('td', null, d.label), h('td', { class: 'model', title: top ? top.m.label : none }, top ? shortLabel(top.m) : '\u2014'), h('td', { class: 'num', title: none }, top ? fmt(top.c.weightedAvg) : '\u2014'),
      h('td', null, ranked.slice(1, 3).map(function (x) { return shortLabel(x.m) + ' ' + fmt(x.c.weightedAvg); }).join(' \u00b7 '))]));
  });
  add(host, h('table', { class: 'lb' }, [h('thead', null, h('tr', null, [h('th', null, 'Department'), h('th', null, 'Best model (weighted average)'), h('th', { class: 'num' }, 'WAvg'), h('th', null, 'Next')])), body]));
}
export function initDepartments() {
  if (!DATA.models.length || !DATA.departments.length) { add($('departments-body'), h('p', { class: 'note' }, 'No department results yet.')); $('departments-charts').hidden = true; return; }
  depState.metric = depState.opened = firstMetricWithNumbers();
  add($('dept-model-controls'), h('label', null, ['Value', select('dept-metric', deptMetrics(), depState.metric, function (v) { depState.metric = v; renderDeptModel(); })]));
  add($('dept-task-controls'), h('label', null, ['Model', select('dept-model', DATA.models.map(function (m) { return [String(m.index), shortLabel(m)]; }), '0', function (v) { depState.model = Number(v); renderDeptTask(); })]));
  const hgt = Math.max(260, 60 + DATA.departments.length * 26) + 'px';
  sizeBox($('heat-dept-model').parentNode, hgt);
  renderDeptModel();
  renderDeptTask();
  renderBestPerDepartment();
}
/** Why the weighted average is missing, when every department says the same (partial data usually does). */
export function whyNoWeightedAvg() {
  const whys = DATA.byDepartment.map(function (c) { return c.missing ? c.missing.WeightedAvg : null; }).filter(function (x, i, all) { return x && all.indexOf(x) === i; });
  return whys.length === 1 ? whys[0] : null;
}
export function sizeBox(box, height) { box.style.height = height; }
export function initTaskCharts() {
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
    options: { scales: { y: { min: 0, max: 100, title: { display: true, text: 'percent' } } }, plugins: { legend: { position: 'bottom' }, tooltip: { callbacks: { label: function (c) { return c.dataset.label + ': ' + fmt(c.raw); } } } } }
  });
}
