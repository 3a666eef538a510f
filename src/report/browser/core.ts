/**
 * Client script, part 1: reading the embedded data, its column types, the DOM helpers and the leaderboard.
 * Bundled by esbuild into plain ES2020; everything from the data is put on the page as text (textContent, text
 * nodes, attribute values), never as markup.
 */
import type { Column, ColumnScore, Leaderboard } from '../../metrics/clinical.js';
import type { SectionId } from '../../tasks/definitions.js';
import type { ModelView, ReportViewModel, RowTask } from '../types.js';
import { unpack } from './unpack.js';

/** The page's data: the view model, unpacked. */
export const DATA: ReportViewModel = unpack(JSON.parse(pageData()));
function pageData(): string {
  const el = document.getElementById('report-data');
  if (!el || el.textContent === null) throw new Error('report page: no #report-data');
  return el.textContent;
}
/** The mean of the task columns a partial dataset could be scored on: its own column, never ranked with full averages. */
export const SCORED = 'ScoredAvg';
/** ClinicalMetrics and the averages, as the leaderboard shows them after the task columns. */
export type Metric = 'DWR' | 'CDA' | 'Acceptability' | 'Avg' | 'WeightedAvg';
/** A column of the leaderboard. */
export type ColumnKey = Column | Metric | typeof SCORED;
/** What the leaderboard sorts by. */
export type SortKey = ColumnKey | 'model';
/** The task columns, from the task registry (written into the page: src/report/client/tasks.ts). */
export const COLS: readonly Column[] = TASK_COLUMNS;
export const METRICS: readonly Metric[] = ['DWR', 'CDA', 'Acceptability', 'Avg', 'WeightedAvg'];
/** The text-similarity columns (marked * when the text scores lack BERTScore). */
export const TEXT_COLS: readonly string[] = TEXT_TASK_COLUMNS;
export const LEXICAL = DATA.textComponents === 'bleu+rouge' || DATA.textComponents === 'mixed';
export const PALETTE: readonly string[] = ['#2563eb', '#dc2626', '#059669', '#d97706', '#7c3aed', '#db2777', '#0891b2', '#65a30d', '#9333ea', '#ea580c', '#0d9488', '#4f46e5'];
/** Each column's title: the paper's words for its nine, a task column added since named after its task. */
export const COLUMN_TITLES = {
  ...TASK_COLUMN_TITLES,
  Acc: 'Department guide accuracy', DIFR: 'Department instruction following rate (K = 3 and 5)', PD: 'Preliminary diagnosis correct',
  DB: 'Diagnostic basis (text similarity)', DD: 'Differential diagnosis (text similarity)', FD: 'Final diagnosis correct',
  PT: 'Principle of treatment (text similarity)', TP: 'Treatment plan (text similarity)', ID: 'Imaging diagnosis (text similarity)',
  DWR: 'Department win rate across the models of this report', CDA: 'Comprehensive diagnostic accuracy: department and final diagnosis right',
  Acceptability: 'CDA × mean of the text scores / 100', Avg: 'Mean of the nine task columns',
  WeightedAvg: 'The authors\u2019 weighted average (5·Acc + DIFR + PD + 5·FD + DB + DD + PT + TP + ID) / 17',
  ScoredAvg: 'Mean of the task columns that have a value (listed in each cell), for a model whose records cannot give Avg. Not the paper\u2019s Avg, which needs all nine; compared only between models scored on the same tasks'
} as Record<ColumnKey, string>;
export const SHORT: Partial<Record<ColumnKey, string>> = { Acceptability: 'Accept.', WeightedAvg: 'WAvg', ScoredAvg: 'Avg (scored tasks)' };
/** Whether a name (a select's value, say) is a column of the leaderboard. */
export function isColumnKey(k: string): k is ColumnKey { return Object.prototype.hasOwnProperty.call(COLUMN_TITLES, k); }

/** What `h` and `add` put in an element: nodes, and text (never markup); empty values are skipped. */
export type Child = Node | string | number | null | undefined | false;
/** The events the page's elements handle: a click, and a key pressed (Enter opens a row, sorts a column). */
export interface Handlers { click?: (ev: MouseEvent) => void; keydown?: (ev: KeyboardEvent) => void }
/** An attribute's value; null, undefined and false leave it out, true sets it empty. */
export type Attr = string | number | boolean | null | undefined;
export type Props = Record<string, Attr | Handlers>;

/** An element with attributes (never an event handler, link or style attribute: the page takes no markup) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props | null, children?: Child | readonly Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props) {
    Object.keys(props).forEach(function (k) {
      const v = props[k];
      if (v === undefined || v === null || v === false) return;
      if (typeof v === 'object') {
        if (k !== 'on') throw new Error('refusing a value that is not text for attribute ' + k);
        const target: HTMLElement = el;
        if (v.click) target.addEventListener('click', v.click);
        if (v.keydown) target.addEventListener('keydown', v.keydown);
      } else if (k === 'class') el.className = String(v);
      else if (k === 'text') el.textContent = String(v);
      else if (/^on/i.test(k) || k === 'href' || k === 'src' || k === 'style' || k === 'srcdoc' || k === 'action') throw new Error('refusing attribute ' + k);
      else el.setAttribute(k, v === true ? '' : String(v));
    });
  }
  add(el, children);
  return el;
}
export function add<E extends Node>(el: E, children?: Child | readonly Child[]): E {
  if (children === undefined || children === null) return el;
  (Array.isArray(children) ? children : [children]).forEach(function (c) {
    if (c === undefined || c === null || c === false) return;
    el.appendChild(typeof c === 'object' ? c : document.createTextNode(String(c)));
  });
  return el;
}
export function clear<E extends Node>(el: E): E { while (el.firstChild) el.removeChild(el.firstChild); return el; }
/** The page's element with this id; every id the client asks for is in the page's markup (html.ts). */
export function $(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error('report page: no element #' + id);
  return el;
}
/** The page's element with this id, which must be of this kind (a button, an input …). */
export function $as<T extends HTMLElement>(id: string, kind: new () => T): T {
  const el = $(id);
  if (!(el instanceof kind)) throw new Error('report page: #' + id + ' is a ' + el.tagName.toLowerCase());
  return el;
}
export function fmt(v: number | null | undefined, d?: number): string { return v === null || v === undefined || !isFinite(v) ? '\u2014' : Number(v).toFixed(d === undefined ? 2 : d); }
/** Whether a name is the id of a task of the page's task tables. */
export function isRowTask(k: string): k is RowTask { return Object.prototype.hasOwnProperty.call(TASK_TITLES, k); }
/** The tasks in the registry's order. */
export const TASK_ORDER: readonly RowTask[] = Object.keys(TASK_TITLES).filter(isRowTask);
/** The title of the task a section of the six-section answer is scored as (the section's key if none is). */
export function sectionTitle(s: SectionId): string { const t = SECTION_TASK[s]; return t ? TASK_TITLES[t] : s; }
/** An object's entries, sorted by key. */
export function byKey<T>(obj: Readonly<Record<string, T>>): [string, T][] {
  return Object.entries(obj).sort(function (a, b) { return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0; });
}
/** Counts by name (errors, pending, skipped … per task). */
export type Counts = Record<string, number>;
export function sum(obj: Counts | null | undefined): number { return Object.values(obj || {}).reduce(function (s, n) { return s + n; }, 0); }
export function countsText(obj: Counts | null | undefined): string { return Object.entries(obj || {}).filter(function (e) { return e[1] > 0; }).map(function (e) { return e[0] + ' ' + e[1]; }).join(', '); }
export function colHead(c: string): string { return ((isColumnKey(c) ? SHORT[c] : undefined) || c) + (LEXICAL && TEXT_COLS.indexOf(c) >= 0 ? '*' : ''); }
export function modelColor(i: number): string { return PALETTE[i % PALETTE.length] ?? '#64748b'; }
/** What names a model on the page: its place in the report's models and its label. */
export type Named = Pick<ModelView, 'index' | 'label'>;
/** A short label for charts: the model's number and name, without provider prefix or server address (an agent's #k@m stays). */
export function shortName(m: Named): string { return m.label.replace(/^[a-z][a-z-]*:/, '').replace(/@(?!\d+(?: \(.*\))?$)\S+/, ''); }
export function shortLabel(m: Named): string { return (m.index + 1) + ' \u00b7 ' + shortName(m); }
export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !isFinite(ms)) return '\u2014';
  const s = Math.round(ms / 1000);
  if (s < 60) return s + ' s';
  const m = Math.floor(s / 60);
  if (m < 60) return m + ' min ' + (s % 60) + ' s';
  return Math.floor(m / 60) + ' h ' + (m % 60) + ' min';
}
export function select(id: string, options: readonly (readonly string[])[], value: string, onChange: (value: string) => void): HTMLSelectElement {
  const el = h('select', { id: id });
  let chosen = false;
  options.forEach(function (o) { const opt = h('option', { value: o[0] }, o[1]); if (o[0] === value && !chosen) opt.selected = chosen = true; el.appendChild(opt); });
  el.addEventListener('change', function () { onChange(el.value); });
  return el;
}
/** A column's score in a leaderboard (DWR and the scored-tasks mean are not in it). */
export function columnScore(lb: Leaderboard, c: ColumnKey): ColumnScore | null {
  if (c === 'DWR' || c === SCORED) return null;
  const s: ColumnScore | undefined = lb[c];
  return s ? s : null;
}
export function modelValue(m: ModelView, c: ColumnKey): number | null {
  if (c === SCORED) return scoredShown(m) ? m.scoredMean.value : null;
  if (c === 'DWR') return m.dwr;
  const s = columnScore(m.leaderboard, c);
  return s ? s.value : null;
}
/** The value the best of a column is judged on: on the records all models share, when their records differ. */
export function markValue(m: ModelView, c: ColumnKey): number | null {
  if (!m.marked || c === 'DWR' || c === SCORED) return modelValue(m, c);
  const s = columnScore(m.marked, c);
  return s ? s.value : null;
}
/** Whether the model's row shows the mean of its scored tasks: only when it has no full Avg. */
export function scoredShown(m: ModelView): boolean { return !!m.scoredMean && m.scoredMean.value !== null && (!m.leaderboard.Avg || m.leaderboard.Avg.value === null); }
/** The tasks a model's scored mean covers, as one key: means compare only within the same key. */
export function scoredSet(m: ModelView): string { return m.scoredMean && scoredShown(m) ? m.scoredMean.columns.join(',') : ''; }
/** Why a model's value is a dash (gaps.ts), or null. */
export function whyDash(m: ModelView, c: ColumnKey): string | null {
  if (c === SCORED) return !m.scoredMean ? null : scoredShown(m) ? null : m.scoredMean.value === null ? 'no task column has a value' : 'this model has all nine task columns: see Avg and WAvg';
  const why = m.missing ? m.missing[c] : undefined;
  return why ? why : null;
}
/** Lines "columns — why" for dashes, the same reason given once; \`who\` lists who it is said of (models, departments). */
export interface GapEntry { key: string; why: string; who?: string | undefined }
export function gapNotes(entries: readonly GapEntry[], whoAll?: number): HTMLElement[] {
  // a Map keeps the reasons in the order first given
  const byReason = new Map<string, { keys: string[]; who: string[] }>();
  entries.forEach(function (e) {
    let g = byReason.get(e.why);
    if (!g) { g = { keys: [], who: [] }; byReason.set(e.why, g); }
    if (g.keys.indexOf(e.key) < 0) g.keys.push(e.key);
    if (e.who !== undefined && g.who.indexOf(e.who) < 0) g.who.push(e.who);
  });
  return Array.from(byReason, function ([why, g]) {
    const who = !g.who.length ? '' : whoAll !== undefined && g.who.length === whoAll ? '' : ' \u2014 ' + g.who.join(', ');
    return h('li', null, [h('strong', null, g.keys.join(', ')), who, ': ' + why]);
  });
}

/* ---------- header ---------- */
export function renderHeader(): void {
  const runs = DATA.runs.map(function (r) { return r.name; }).join(', ');
  $('subtitle').textContent = (DATA.runs.length === 1 ? 'Run ' : 'Runs ') + (runs || '(none)') + ' \u00b7 ' + DATA.models.length + ' model' + (DATA.models.length === 1 ? '' : 's') + ' \u00b7 ' + DATA.cases.length + ' records \u00b7 generated ' + DATA.generatedAt.replace('T', ' ').slice(0, 19) + ' UTC \u00b7 clinicallab ' + DATA.tool.version;
  const w = $('warnings');
  if (DATA.warnings.length) add(w, h('div', { class: 'banner warn' }, [h('strong', null, 'Warnings'), h('ul', { class: 'warnings' }, DATA.warnings.map(function (t) { return h('li', null, t); }))]));
}

/* ---------- leaderboard ---------- */
export const lbState: { key: SortKey; dir: number; ci: boolean } = { key: 'Avg', dir: -1, ci: true };
/**
 * Rows in the leaderboard's order: by name, or by a column with the rows without a value last. `set` tells which
 * tasks a row's scored mean covers (the run's models): by that mean, rows of different sets are not compared.
 */
export function sortRows<T>(list: readonly T[], get: (row: T, key: SortKey) => string | number | null, set?: (row: T) => string): T[] {
  const k = lbState.key, d = lbState.dir;
  return list.slice().sort(function (a, b) {
    const x = get(a, k), y = get(b, k);
    if (k === 'model') return d * String(x).localeCompare(String(y));
    if (set && k === SCORED && x !== null && y !== null && set(a) !== set(b)) return set(b).split(',').length - set(a).split(',').length || set(a).localeCompare(set(b));
    if (typeof x !== 'number') return 1;
    if (typeof y !== 'number') return -1;
    return d * (x - y);
  });
}
const isNumber = (v: number | null | undefined): v is number => v !== null && v !== undefined;
export function renderLeaderboard(): void {
  const host = clear($('leaderboard-table'));
  const withScored = DATA.models.some(scoredShown);
  const scored: ColumnKey[] = withScored ? [SCORED] : [];
  const cols: ColumnKey[] = [...COLS, ...METRICS, ...scored];
  const best = new Map<ColumnKey, number | null>(), bestScored = new Map<string, number | null>();
  cols.forEach(function (c) {
    const vals = DATA.models.map(function (m) { return markValue(m, c); }).filter(isNumber);
    best.set(c, vals.length > 1 || DATA.models.length > 1 ? Math.max.apply(null, vals) : null);
  });
  // a scored-tasks mean is the best only among the models scored on the same tasks (and only when there are several)
  const sets = new Map<string, number[]>();
  DATA.models.filter(scoredShown).forEach(function (m) {
    const v = m.scoredMean.value, list = sets.get(scoredSet(m));
    if (v === null) return;
    if (list) list.push(v); else sets.set(scoredSet(m), [v]);
  });
  sets.forEach(function (list, k) { bestScored.set(k, list.length > 1 ? Math.max.apply(null, list) : null); });
  const head = h('tr', null, [th('model', 'Model', 'Model (and run, when a model appears in several runs)', false)]
    .concat(cols.map(function (c) { const t = th(c, colHead(c), COLUMN_TITLES[c], c === 'DWR' || c === SCORED); if (c === SCORED) t.className += ' wrap'; return t; }))
    .concat([h('th', { class: 'num sep', title: 'Records the model has answers for' }, 'Records'), h('th', { class: 'num', title: 'Jobs that ended in error (excluded from every score)' }, 'Errors'), h('th', { class: 'num', title: 'Tasks skipped for lack of a gold answer / jobs not answered yet' }, 'Skip/pend.')]));
  const body = h('tbody');
  sortRows(DATA.models, function (m, k) { return k === 'model' ? m.label : modelValue(m, k); }, scoredSet).forEach(function (m) {
    const name = shortName(m);
    const tr = h('tr', { 'data-model': m.index }, [h('td', { class: 'model', title: m.label }, [h('span', { class: 'badge', title: 'model ' + (m.index + 1) }, String(m.index + 1)), ' ', name, name !== m.label ? h('span', { class: 'sub' }, m.label) : null])]);
    cols.forEach(function (c) {
      const v = modelValue(m, c), why = v === null ? whyDash(m, c) : null;
      const ci = lbState.ci && m.ci && c !== 'DWR' && c !== SCORED ? m.ci[c] : null;
      const top = best.get(c);
      const isBest = c === SCORED ? v !== null && bestScored.get(scoredSet(m)) === v : top !== null && top !== undefined && v !== null && markValue(m, c) === top;
      const score = columnScore(m.leaderboard, c);
      const title = why ? colHead(c) + ' has no value: ' + why : c === SCORED && v !== null ? 'mean of ' + m.scoredMean.columns.length + ' task columns: ' + m.scoredMean.columns.join(', ') + ' (not the full Avg)' : score ? 'n = ' + score.n : null;
      const cover = c === SCORED && v !== null ? h('span', { class: 'ci' }, 'of ' + m.scoredMean.columns.join(', ')) : null;
      tr.appendChild(h('td', { class: 'num' + (isBest ? ' best' : '') + (c === 'DWR' || c === SCORED ? ' sep' : '') + (why ? ' gap' : ''), 'data-col': c, title: title }, [fmt(v), ci ? h('span', { class: 'ci' }, fmt(ci.low, 1) + '\u2013' + fmt(ci.high, 1)) : cover]));
    });
    tr.appendChild(h('td', { class: 'num sep' }, String(m.records)));
    tr.appendChild(h('td', { class: 'num', title: countsText(m.errors) || 'none' }, String(sum(m.errors))));
    tr.appendChild(h('td', { class: 'num', title: ['skipped: ' + (countsText(m.skipped) || 'none'), 'pending: ' + (countsText(m.pending) || 'none')].join('; ') }, sum(m.skipped) + ' / ' + sum(m.pending)));
    body.appendChild(tr);
  });
  if (DATA.models.length === 0) body.appendChild(h('tr', null, h('td', { colspan: cols.length + 4, class: 'note' }, 'No model results in these runs yet.')));
  const table = h('table', { class: 'lb', id: 'lb' }, [h('thead', null, head), body]);
  if (DATA.reference) {
    const ref = DATA.reference;
    const rb = h('tbody', { class: 'reference' });
    rb.appendChild(h('tr', { class: 'group' }, h('td', { colspan: cols.length + 4 }, 'Published by the authors \u2014 measured on the real ClinicalBench, not on the cases of this run (' + ref.source.paper + ', arXiv ' + ref.source.arxiv + '). Context only: do not compare these numbers with the rows above.')));
    sortRows(ref.rows, function (r, k) { return k === 'model' ? r.model : k === SCORED ? null : r[k]; }).forEach(function (r) {
      const tr = h('tr', { class: 'ref', title: 'published figure \u2014 ' + ref.measuredOn }, [h('td', { class: 'model' }, [h('span', { class: 'badge ref' }, 'published'), ' ', r.model, h('span', { class: 'sub' }, r.institution)])]);
      cols.filter(function (c): c is Column | Metric { return c !== SCORED; }).forEach(function (c) { tr.appendChild(h('td', { class: 'num' + (c === 'DWR' ? ' sep' : '') }, fmt(r[c]))); });
      cols.filter(function (c) { return c === SCORED; }).forEach(function () { tr.appendChild(h('td', { class: 'num sep gap', title: 'the published rows have every column' }, '\u2014')); });
      ['num sep', 'num', 'num'].forEach(function (cls) { tr.appendChild(h('td', { class: cls + ' gap', title: 'a published row has no run behind it here, so no counts' }, '\u2014')); });
      rb.appendChild(tr);
    });
    table.appendChild(rb);
  }
  add(host, table);
  const counts = clear($('leaderboard-counts'));
  DATA.models.forEach(function (m) {
    const parts = [m.label + ': ' + m.records + ' records'];
    if (sum(m.errors)) parts.push('errors (excluded, never scored as wrong): ' + countsText(m.errors));
    if (sum(m.pending)) parts.push('pending: ' + countsText(m.pending));
    if (sum(m.skipped)) parts.push('skipped (no gold answer): ' + countsText(m.skipped));
    if (m.unreadable && sum(m.unreadable)) parts.push('not in the requested form (scored as given): ' + countsText(m.unreadable));
    if (m.refused && sum(m.refused)) parts.push('refusals (no answer to score): ' + countsText(m.refused));
    if (m.truncated && sum(m.truncated)) parts.push('cut off by the token limit: ' + countsText(m.truncated));
    if (m.textComponents === 'bleu+rouge') parts.push('text scores without BERTScore');
    if (DATA.textProfile === 'mixed' && m.textProfile) parts.push('text profile ' + m.textProfile);
    add(counts, h('div', null, parts.join('; ')));
  });
  renderLeaderboardGaps(cols, withScored);
  function th(key: SortKey, label: string, title: string, sep: boolean): HTMLElement {
    const sorted = lbState.key === key;
    return h('th', { class: 'sortable' + (key === 'model' ? '' : ' num') + (sep ? ' sep' : ''), 'data-key': key, title: title + ' (click to sort)', 'aria-sort': sorted ? (lbState.dir > 0 ? 'ascending' : 'descending') : 'none', tabindex: 0,
      on: { click: function () { sortBy(key); }, keydown: function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sortBy(key); } } } }, label);
  }
}
/** Under the table: why each dash is one, the same reason once, and what the scored-tasks mean is. */
export function renderLeaderboardGaps(cols: readonly ColumnKey[], withScored: boolean): void {
  const host = clear($('leaderboard-gaps'));
  const entries: GapEntry[] = [];
  DATA.models.forEach(function (m) {
    cols.forEach(function (c) {
      const v = modelValue(m, c), why = v === null ? whyDash(m, c) : null;
      if (why && c !== SCORED) entries.push({ key: colHead(c), why: why, who: DATA.models.length > 1 ? shortLabel(m) : undefined });
    });
  });
  if (!entries.length && !withScored) return;
  const items = gapNotes(entries, DATA.models.length);
  const example = DATA.models.filter(scoredShown)[0];
  if (withScored && example) {
    items.push(h('li', { class: 'scored' }, [h('strong', null, colHead(SCORED)), ': where Avg and WAvg cannot be computed, the mean of the task columns that have a value (named in each cell, e.g. ' +
      example.scoredMean.columns.join(', ') + '). It is not the paper\u2019s average: it is shown apart, never sorted with Avg, and only models scored on the same tasks are compared.']));
  }
  add(host, [h('div', { class: 'label' }, 'Why a value is a dash'), h('ul', null, items)]);
}
export function sortBy(key: SortKey): void {
  if (lbState.key === key) lbState.dir = -lbState.dir;
  else { lbState.key = key; lbState.dir = key === 'model' ? 1 : -1; }
  renderLeaderboard();
}
export function initLeaderboard(): void {
  const text = $('text-label');
  text.textContent = DATA.textLabel + (DATA.textProfileLabel && DATA.textProfile !== 'none' ? ' ' + DATA.textProfileLabel : '');
  text.className = 'banner ' + (LEXICAL || DATA.textProfile === 'mixed' ? 'warn' : 'info');
  const ciBox = h('input', { type: 'checkbox', id: 'show-ci' });
  ciBox.checked = lbState.ci;
  ciBox.addEventListener('change', function () { lbState.ci = ciBox.checked; renderLeaderboard(); });
  add($('leaderboard-controls'), h('label', { class: 'inline' }, [ciBox, 'Show 95% bootstrap intervals']));
  if (DATA.reference) add($('leaderboard-controls'), h('span', { class: 'banner ref' }, 'Purple rows: ' + DATA.reference.rows.length + ' published rows \u2014 measured on the real ClinicalBench, not on the cases of this run; their text scores were computed with the authors\u2019 libraries (text profile authors)' + (DATA.textProfile === 'authors' || DATA.textProfile === 'none' ? '.' : ', the rows of this run with another profile.')));
  renderLeaderboard();
}
