/**
 * Client script, part 2: the charts (Chart.js, inlined): the department × model heatmap of the authors' weighted
 * average (or any column), the department × task heatmap of one model, the best model per department, the task
 * scores per model (radar) and the ClinicalMetrics bars. Labels are drawn on canvases, so no data becomes markup.
 */
export const CLIENT_CHARTS = String.raw`
/* ---------- charts ---------- */
var charts = {};
function setupChartDefaults() {
  if (typeof Chart === 'undefined') return false;
  Chart.defaults.font.family = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", sans-serif';
  Chart.defaults.font.size = 12;
  Chart.defaults.color = '#334155';
  Chart.defaults.animation = false;
  Chart.defaults.responsive = true;
  Chart.defaults.maintainAspectRatio = false;
  return true;
}
function heatColor(v, alpha) {
  if (v === null || v === undefined || !isFinite(v)) return '#e2e8f0';
  var t = Math.max(0, Math.min(1, v / 100));
  var lo = [240, 253, 250], hi = [15, 94, 89];
  var c = lo.map(function (l, i) { return Math.round(l + (hi[i] - l) * t); });
  return 'rgba(' + c[0] + ',' + c[1] + ',' + c[2] + ',' + (alpha === undefined ? 1 : alpha) + ')';
}
var cellLabels = {
  id: 'cellLabels',
  afterDatasetsDraw: function (chart) {
    if (chart.config.type !== 'matrix') return;
    var ctx = chart.ctx;
    ctx.save();
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = '11px system-ui, sans-serif';
    chart.data.datasets.forEach(function (ds, di) {
      chart.getDatasetMeta(di).data.forEach(function (el, i) {
        var d = ds.data[i];
        var p = el.getCenterPoint();
        ctx.fillStyle = d.v !== null && d.v > 55 ? '#ffffff' : '#0f172a';
        ctx.fillText(d.v === null ? '\u2014' : Number(d.v).toFixed(1), p.x, p.y);
      });
    });
    ctx.restore();
  }
};
function matrixChart(canvasId, xs, ys, cells, tooltip) {
  if (charts[canvasId]) charts[canvasId].destroy();
  var canvas = $(canvasId);
  charts[canvasId] = new Chart(canvas, {
    type: 'matrix',
    data: { datasets: [{
      data: cells,
      backgroundColor: function (c) { var d = c.dataset.data[c.dataIndex]; return d ? heatColor(d.v) : '#e2e8f0'; },
      borderColor: '#ffffff', borderWidth: 1,
      width: function (c) { var a = c.chart.chartArea; return a ? a.width / xs.length - 1 : 10; },
      height: function (c) { var a = c.chart.chartArea; return a ? a.height / ys.length - 1 : 10; }
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
var depState = { metric: 'WeightedAvg', model: 0 };
/** The heatmap's values, in the order they are offered (and preferred when the weighted average has no number). */
function deptMetrics() {
  var opts = [['WeightedAvg', 'Weighted average (the authors\u2019 per-department ranking)'], ['CDA', 'CDA']].concat(COLS.map(function (c) { return [c, colHead(c) + ' \u2014 ' + COLUMN_TITLES[c]]; }));
  if (DATA.models.length > 1) opts.push(['winShare', 'Win share (the department\u2019s part of DWR)']);
  return opts;
}
/** The value the heatmap opens on: the weighted average, or, when no cell has one (partial data), the first value with a number. */
function firstMetricWithNumbers() {
  var prefer = ['WeightedAvg', 'CDA', 'FD', 'Acc', 'PD'].concat(COLS);
  for (var i = 0; i < prefer.length; i++) {
    for (var j = 0; j < DATA.byDepartment.length; j++) { var v = cellValue(DATA.byDepartment[j], prefer[i]); if (v !== null && v !== undefined) return prefer[i]; }
  }
  return 'WeightedAvg';
}
function metricName(metric) { return metric === 'WeightedAvg' ? 'weighted average' : metric === 'winShare' ? 'win share' : colHead(metric); }
/** Why a heatmap cell is a dash. */
function cellWhy(cell, metric) {
  if (!cell) return 'this model has no records of this department';
  if (metric === 'winShare') return 'no record of this department was scored for every model of the report, so nobody wins it';
  return cell.missing && cell.missing[metric] ? cell.missing[metric] : 'no value';
}
/** The note under a heatmap: each reason for a dash once, with the values and the cells (departments, models) it holds for. */
function renderGapNote(hostId, lead, entries, cellsAll, allWords) {
  var host = clear($(hostId));
  if (!entries.length && !lead) return;
  var perKey = {}, keyOrder = [];
  entries.forEach(function (e) {
    var k = e.key + '\u0001' + e.why, g = perKey[k];
    if (!g) { g = perKey[k] = { key: e.key, why: e.why, where: [] }; keyOrder.push(k); }
    g.where.push(e.where);
  });
  // values with the same reason in the same cells read as one line
  var lines = {}, order = [];
  keyOrder.forEach(function (k) {
    var g = perKey[k];
    var where = g.where.length === cellsAll ? allWords : g.where.length > 4 ? g.where.length + ' cells' : g.where.join('; ');
    var id = g.why + '\u0001' + where, l = lines[id];
    if (!l) { l = lines[id] = { keys: [], why: g.why, where: where }; order.push(id); }
    l.keys.push(g.key);
  });
  var items = order.map(function (id) { var l = lines[id]; return h('li', null, [h('strong', null, l.keys.join(', ')), ' \u2014 ' + l.where + ': ' + l.why]); });
  add(host, [lead ? h('div', { class: 'lead' }, lead) : null, items.length ? h('div', { class: 'label' }, 'Why a cell is a dash') : null, items.length ? h('ul', null, items) : null]);
}
function cellValue(cell, metric) {
  if (!cell) return null;
  if (metric === 'WeightedAvg') return cell.weightedAvg;
  if (metric === 'CDA') return cell.cda;
  if (metric === 'winShare') return cell.winShare;
  return cell.columns[metric];
}
function findCell(dep, model) {
  for (var i = 0; i < DATA.byDepartment.length; i++) { var c = DATA.byDepartment[i]; if (c.department === dep && c.model === model) return c; }
  return null;
}
function renderDeptModel() {
  var xs = DATA.models.map(shortLabel);
  var ys = DATA.departments.map(function (d) { return d.label; });
  var cells = [];
  DATA.departments.forEach(function (d) {
    DATA.models.forEach(function (m) {
      var c = findCell(d.id, m.index);
      var v = cellValue(c, depState.metric);
      cells.push({ x: shortLabel(m), y: d.label, v: v, n: c ? c.n : 0, model: m.label, why: v === null || v === undefined ? cellWhy(c, depState.metric) : null });
    });
  });
  matrixChart('heat-dept-model', xs, ys, cells, function (r) { return r.y + ' \u00b7 ' + r.model + ': ' + fmt(r.v) + (r.why ? ' \u2014 ' + r.why : '') + ' (' + r.n + ' records)'; });
  var lead = depState.opened !== 'WeightedAvg' && depState.metric !== 'WeightedAvg'
    ? 'No department has a weighted average here (' + (whyNoWeightedAvg() || 'it needs all nine task columns') + ')' + (depState.metric === depState.opened ? ', so the heatmap opened on ' + metricName(depState.metric) + ', the first value with numbers.' : '.') : null;
  renderGapNote('dept-model-gaps', lead, cells.filter(function (x) { return x.why; }).map(function (x) { return { key: metricName(depState.metric), why: x.why, where: x.y + (DATA.models.length > 1 ? ' \u00b7 ' + x.x : '') }; }), cells.length, 'every cell');
}
function renderDeptTask() {
  var m = DATA.models[depState.model];
  if (!m) return;
  var keys = COLS.concat(['CDA', 'WeightedAvg']);
  var xs = keys.map(colHead);
  var deps = DATA.departments.filter(function (d) { return findCell(d.id, m.index); });
  var ys = deps.map(function (d) { return d.label; });
  sizeBox($('heat-dept-task').parentNode, Math.max(260, 90 + deps.length * 26) + 'px');
  var cells = [];
  deps.forEach(function (d) {
    var c = findCell(d.id, m.index);
    keys.forEach(function (k, i) { var v = cellValue(c, k); cells.push({ x: xs[i], y: d.label, v: v, n: c ? c.n : 0, why: v === null || v === undefined ? cellWhy(c, k) : null }); });
  });
  matrixChart('heat-dept-task', xs, ys, cells, function (r) { return r.y + ' \u00b7 ' + r.x + ': ' + fmt(r.v) + (r.why ? ' \u2014 ' + r.why : '') + ' (' + r.n + ' records)'; });
  var entries = cells.filter(function (x) { return x.why; }).map(function (x) { return { key: x.x, why: x.why, where: x.y }; });
  renderGapNote('dept-task-gaps', null, entries, deps.length, 'every department');
}
function renderBestPerDepartment() {
  var host = clear($('dept-best'));
  if (DATA.models.length < 2) { add(host, h('p', { class: 'note' }, 'With one model there is no per-department ranking; add runs or models to compare (the best model per department is what ClinicalAgent routes by).')); return; }
  var body = h('tbody');
  DATA.departments.forEach(function (d) {
    var ranked = DATA.models.map(function (m) { return { m: m, c: findCell(d.id, m.index) }; })
      .filter(function (x) { return x.c && x.c.weightedAvg !== null; })
      .sort(function (a, b) { return b.c.weightedAvg - a.c.weightedAvg; });
    var top = ranked[0];
    var none = top ? null : 'no model has a weighted average in this department: ' + cellWhy(DATA.models.map(function (m) { return findCell(d.id, m.index); }).filter(Boolean)[0], 'WeightedAvg');
    body.appendChild(h('tr', null, [h('td', null, d.label), h('td', { class: 'model', title: top ? top.m.label : none }, top ? shortLabel(top.m) : '\u2014'), h('td', { class: 'num', title: none }, top ? fmt(top.c.weightedAvg) : '\u2014'),
      h('td', null, ranked.slice(1, 3).map(function (x) { return shortLabel(x.m) + ' ' + fmt(x.c.weightedAvg); }).join(' \u00b7 '))]));
  });
  add(host, h('table', { class: 'lb' }, [h('thead', null, h('tr', null, [h('th', null, 'Department'), h('th', null, 'Best model (weighted average)'), h('th', { class: 'num' }, 'WAvg'), h('th', null, 'Next')])), body]));
}
function initDepartments() {
  if (!DATA.models.length || !DATA.departments.length) { add($('departments-body'), h('p', { class: 'note' }, 'No department results yet.')); $('departments-charts').hidden = true; return; }
  depState.metric = depState.opened = firstMetricWithNumbers();
  add($('dept-model-controls'), h('label', null, ['Value', select('dept-metric', deptMetrics(), depState.metric, function (v) { depState.metric = v; renderDeptModel(); })]));
  add($('dept-task-controls'), h('label', null, ['Model', select('dept-model', DATA.models.map(function (m) { return [String(m.index), shortLabel(m)]; }), '0', function (v) { depState.model = Number(v); renderDeptTask(); })]));
  var hgt = Math.max(260, 60 + DATA.departments.length * 26) + 'px';
  sizeBox($('heat-dept-model').parentNode, hgt);
  renderDeptModel();
  renderDeptTask();
  renderBestPerDepartment();
}
/** Why the weighted average is missing, when every department says the same (partial data usually does). */
function whyNoWeightedAvg() {
  var whys = DATA.byDepartment.map(function (c) { return c.missing ? c.missing.WeightedAvg : null; }).filter(function (x, i, all) { return x && all.indexOf(x) === i; });
  return whys.length === 1 ? whys[0] : null;
}
function sizeBox(box, height) { box.style.height = height; }
function initTaskCharts() {
  if (!DATA.models.length) { $('tasks-charts').hidden = true; add($('tasks-body'), h('p', { class: 'note' }, 'No scores yet.')); return; }
  var labels = COLS.map(colHead);
  charts.radar = new Chart($('chart-radar'), {
    type: 'radar',
    data: { labels: labels, datasets: DATA.models.map(function (m) {
      var col = modelColor(m.index);
      return { label: shortLabel(m), data: COLS.map(function (c) { return modelValue(m, c); }), borderColor: col, backgroundColor: col + '22', pointBackgroundColor: col, borderWidth: 2 };
    }) },
    options: { scales: { r: { min: 0, max: 100, ticks: { stepSize: 20, backdropColor: 'transparent' }, pointLabels: { font: { size: 12, weight: '600' } } } }, plugins: { legend: { position: 'bottom' } } }
  });
  var metrics = METRICS.filter(function (k) { return k !== 'DWR' || DATA.models.length > 1; });
  charts.metrics = new Chart($('chart-metrics'), {
    type: 'bar',
    data: { labels: metrics.map(function (k) { return k === 'WeightedAvg' ? 'Weighted avg' : k; }), datasets: DATA.models.map(function (m) {
      return { label: shortLabel(m), data: metrics.map(function (k) { return modelValue(m, k); }), backgroundColor: modelColor(m.index), borderRadius: 4, maxBarThickness: 48 };
    }) },
    options: { scales: { y: { min: 0, max: 100, title: { display: true, text: 'percent' } } }, plugins: { legend: { position: 'bottom' }, tooltip: { callbacks: { label: function (c) { return c.dataset.label + ': ' + fmt(c.raw); } } } } }
  });
}
`;
