/**
 * Client script, part 3: the case browser. Rows (model × case × task) are filtered in memory and shown a page at
 * a time, so tens of thousands of rows stay fast; a row opens its case: what the model saw, the gold answers,
 * and each model's answer section by section beside the verdict, its rule and reason, or the text components.
 * Rows show each uid as `shortUid` (as long as the report's uids need to be told apart); a whole uid in the search
 * box shows that case only, never also the cases whose uid it starts. The department filter tells "All departments"
 * from "(no department)" (records whose dataset names none).
 */
import type { AnswerSet, CaseRow, CaseView, JobView, RowTask } from '../types.js';
import { DATA, h, add, clear, $, $as, fmt, shortLabel, select, TASK_ORDER, sectionTitle, type Child } from './core.js';
import { agentTimeline } from './agent.js';
import { interactiveConversation } from './interactive.js';

/* ---------- case browser ---------- */
/** The filters that are a select's value as it is: a model's index, a language, a task id, an outcome ('' for any). */
type TextFilter = 'model' | 'lang' | 'task' | 'outcome';
/* dep: the department id to show (null: all; '' is the records that name no department) */
export const cb: Record<TextFilter, string> & { dep: string | null; q: string; page: number; size: number; selected: number; matches: number[] } = { model: '', dep: null, lang: '', task: '', outcome: '', q: '', page: 0, size: 50, selected: -1, matches: [] };
/** The rows of each model and case (by `model:case`), as positions in DATA.rows. */
export const byModelCase = new Map<string, number[]>();
export let searchText: string[] | null = null;
/** The row at a position of DATA.rows (positions come from the data itself, so a missing one is a broken page). */
export function rowAt(i: number): CaseRow {
  const r = DATA.rows[i];
  if (!r) throw new Error('report data: no row ' + i);
  return r;
}
export function caseAt(i: number): CaseView {
  const c = DATA.cases[i];
  if (!c) throw new Error('report data: no case ' + i);
  return c;
}
export function indexRows(): void {
  DATA.rows.forEach(function (r, i) { const k = r.model + ':' + r.case, list = byModelCase.get(k); if (list) list.push(i); else byModelCase.set(k, [i]); });
}
export function rowSearch(r: CaseRow, i: number): string {
  if (!searchText) searchText = new Array<string>(DATA.rows.length);
  let s = searchText[i];
  if (s === undefined) {
    s = searchText[i] = [caseAt(r.case).uid, r.exam, r.predicted || '', r.gold || '', r.explanation || '', r.error || '', r.readingReason || ''].join('\u0001').toLowerCase();
  }
  return s;
}
export let casesByUid: Map<string, Set<number>> | null = null;
/** The cases whose uid is the search text (ignoring letter case), or null: a whole uid shows that case only, not the cases whose uid it starts. */
export function casesOfUid(q: string): Set<number> | null {
  if (!casesByUid) {
    const byUid = casesByUid = new Map<string, Set<number>>();
    DATA.cases.forEach(function (c, i) { const k = c.uid.toLowerCase(), set = byUid.get(k); if (set) set.add(i); else byUid.set(k, new Set([i])); });
  }
  return casesByUid.get(q) || null;
}
export function examName(c: CaseView, key: string): string {
  if (!key) return '';
  const found = (c.gold ? c.gold.imaging : []).filter(function (e) { return e.key === key; })[0];
  return found ? found.name : key.replace(/[_+]+/g, ' ');
}
export function depLabel(id: string): string {
  const found = DATA.departments.filter(function (d) { return d.id === id; })[0];
  return found ? found.label : id;
}
export function applyFilters(): void {
  const out: number[] = [], q = cb.q.trim().toLowerCase(), m = cb.model === '' ? -1 : Number(cb.model);
  const only = q ? casesOfUid(q) : null;
  for (let i = 0; i < DATA.rows.length; i++) {
    const r = rowAt(i);
    if (m >= 0 && r.model !== m) continue;
    if (cb.task && r.task !== cb.task) continue;
    if (cb.dep !== null || cb.lang) { const c = caseAt(r.case); if (cb.dep !== null && c.department !== cb.dep) continue; if (cb.lang && c.language !== cb.lang) continue; }
    if (cb.outcome) {
      const o = cb.outcome;
      if (o === 'unread' ? !r.reading : o === 'truncated' ? !(r.cut || r.reading === 'truncated') : o === 'refusal' ? r.reading !== 'refusal' : o === 'correct' ? r.correct !== true : o === 'incorrect' ? r.correct !== false : r.status !== o) continue;
    }
    if (only ? !only.has(r.case) : q && rowSearch(r, i).indexOf(q) < 0) continue;
    out.push(i);
  }
  cb.matches = out;
  const pages = Math.max(1, Math.ceil(out.length / cb.size));
  if (cb.page >= pages) cb.page = pages - 1;
}
export function resultBadge(r: CaseRow): HTMLElement {
  if (r.status === 'error') return h('span', { class: 'badge err' }, 'error');
  if (r.status === 'pending') return h('span', { class: 'badge pend' }, 'pending');
  if (r.status === 'skipped') return h('span', { class: 'badge skip' }, 'skipped');
  if (r.correct === true) return h('span', { class: 'badge ok' }, '\u2713 correct');
  if (r.correct === false) return h('span', { class: 'badge no' }, '\u2717 wrong');
  return h('span', { class: 'badge', title: 'text similarity, 0\u2013100' }, fmt(r.value, 1));
}
export function textComponents(t: NonNullable<CaseRow['text']>): string {
  return 'BLEU ' + fmt(t.bleu, 1) + ' \u00b7 ROUGE-L ' + fmt(t.rouge, 1) + (t.bertscore === null ? ' \u00b7 no BERTScore' : ' \u00b7 BERTScore ' + fmt(t.bertscore, 1)) + ' \u2192 ' + fmt(t.score, 1);
}
/** How the answer was read, when not whole: unread, partial, ambiguous, refusal or truncated, and cut off. */
export function readingNote(r: CaseRow): string {
  if (!r.reading && !r.cut) return '';
  return (r.reading ? r.reading : 'read') + (r.cut && r.reading !== 'truncated' ? ', cut off' : '') + (r.readingReason ? ': ' + r.readingReason : '');
}
export function rowWhy(r: CaseRow): string {
  const note = readingNote(r);
  let why: string;
  if (r.error) why = r.error;
  else if (r.text) why = textComponents(r.text);
  else why = (r.rule ? '[' + r.rule + '] ' : '') + (r.explanation || '');
  return note ? '(' + note + ') ' + why : why;
}
export function renderCases(): void {
  applyFilters();
  const total = cb.matches.length, pages = Math.max(1, Math.ceil(total / cb.size));
  $('cases-count').textContent = total + ' of ' + DATA.rows.length + ' rows \u00b7 page ' + (total ? cb.page + 1 : 0) + ' of ' + (total ? pages : 0);
  $as('cases-prev', HTMLButtonElement).disabled = cb.page <= 0;
  $as('cases-next', HTMLButtonElement).disabled = cb.page >= pages - 1;
  const body = clear($('cases-body'));
  const start = cb.page * cb.size;
  cb.matches.slice(start, start + cb.size).forEach(function (i) {
    const r = rowAt(i), c = caseAt(r.case), m = DATA.models[r.model];
    const tr = h('tr', { 'data-row': i, class: i === cb.selected ? 'sel' : null, tabindex: 0, on: { click: function () { openRow(i); }, keydown: function (e) { if (e.key === 'Enter') openRow(i); } } }, [
      h('td', { class: 'uid', title: c.uid }, c.shortUid),
      h('td', null, c.language),
      h('td', null, depLabel(c.department)),
      h('td', { title: m ? m.label : null }, m ? shortLabel(m) : String(r.model)),
      h('td', null, TASK_TITLES[r.task] + (r.exam ? ' \u00b7 ' + examName(c, r.exam) : '')),
      h('td', null, resultBadge(r)),
      h('td', { class: 'why', title: rowWhy(r) }, rowWhy(r))
    ]);
    body.appendChild(tr);
  });
  if (!total) body.appendChild(h('tr', null, h('td', { colspan: 7, class: 'note' }, 'No rows match these filters.')));
}
export function openRow(i: number): void {
  cb.selected = i;
  const r = rowAt(i);
  document.querySelectorAll('#cases-body tr.sel').forEach(function (t) { t.className = ''; });
  const tr = document.querySelector('#cases-body tr[data-row="' + i + '"]');
  if (tr) tr.className = 'sel';
  showCase(r.case, r.model);
}
export function block(label: string, text: string | null | undefined, cls?: string): HTMLElement | null {
  if (text === null || text === undefined || text === '') return null;
  return h('div', { class: 'block' + (cls ? ' ' + cls : '') }, [h('div', { class: 'label' }, label), h('pre', { class: 'text' }, String(text))]);
}
export function verdictNode(r: CaseRow | null): HTMLElement {
  if (!r) return h('div', { class: 'verdict' }, h('span', { class: 'badge skip' }, 'not scored'));
  const parts: Child[] = [resultBadge(r)];
  if (r.rule) parts.push(' ', h('code', null, r.rule));
  if (r.error) parts.push(h('span', { class: 'why' }, r.error));
  if (r.text) parts.push(h('span', { class: 'why' }, textComponents(r.text)));
  if (r.explanation && !r.items) parts.push(h('span', { class: 'why' }, r.explanation));
  if (TASK_SCORING[r.task] === 'diagnosis-name' && r.gold) parts.push(h('span', { class: 'why' }, 'gold: ' + r.gold));
  if (readingNote(r)) parts.push(h('span', { class: 'why reading' }, 'reader: ' + readingNote(r)));
  if (r.items) {
    parts.push(h('span', { class: 'why' }, (r.share !== undefined ? Math.round(r.share * 100) + '% of the gold items recovered' : '')));
    parts.push(h('ul', null, r.items.map(function (it) {
      return h('li', null, [h('span', { class: it.match ? 'badge ok' : 'badge no' }, it.match ? '\u2713' : '\u2717'), ' ', it.gold, it.predicted ? ' \u2190 ' + it.predicted : '', it.rule ? h('span', { class: 'why' }, '[' + it.rule + '] ' + it.explanation) : null]);
    })));
  }
  return h('div', { class: 'verdict' }, parts);
}
export function sectionRow(label: string, answerText: string | null | undefined, row: CaseRow | null): HTMLElement {
  return h('div', { class: 'sec' }, [h('div', null, [h('div', { class: 'label note' }, label), h('pre', { class: 'text' }, answerText === null || answerText === undefined || answerText === '' ? '(no answer in this section)' : String(answerText))]), verdictNode(row)]);
}
export function findRow(list: readonly number[], task: RowTask | undefined, exam?: string): CaseRow | null {
  for (const i of list) { const r = rowAt(i); if (r.task === task && (exam === undefined || r.exam === exam)) return r; }
  return null;
}
export function jobProblem(j: JobView | null | undefined): HTMLElement | null {
  if (!j) return null;
  if (j.status === 'error') return h('div', { class: 'banner warn' }, 'This request failed (excluded from scores): ' + (j.error || 'error'));
  if (j.status !== 'done') return h('div', { class: 'banner info' }, 'Not answered yet (' + j.status + ').');
  return null;
}
/** An answer naming departments (the department-count tasks'), with the departments it named. */
type CountAnswer = Extract<NonNullable<AnswerSet[keyof AnswerSet]>, { items: unknown }>;
function isCountAnswer(a: unknown): a is CountAnswer {
  return typeof a === 'object' && a !== null && 'items' in a && Array.isArray(a.items);
}
/** The answer of a department-count task: the view model keeps it under the task's id. */
function countAnswer(ans: AnswerSet, task: RowTask): CountAnswer | null {
  const byName: { readonly [key: string]: unknown } = { ...ans };
  const a = byName[task];
  return isCountAnswer(a) ? a : null;
}
function isJobView(v: unknown): v is JobView {
  return typeof v === 'object' && v !== null && 'status' in v && 'raw' in v;
}
/** A generation's answers in an answer set, by exam ('' for one asked once per case), where the registry's list puts them. */
function answersOf(ans: AnswerSet, g: (typeof GENERATION_PANES)[number]): [string, JobView][] {
  const own = ans.other ? ans.other[g.key] : undefined;
  if (own) return Object.entries(own);
  const byKey: { readonly [key: string]: unknown } = { ...ans };
  const v = byKey[g.key];
  if (typeof v !== 'object' || v === null) return [];
  if (!g.perExam) return isJobView(v) ? [['', v]] : [];
  return Object.entries(v).filter(function (e): e is [string, JobView] { return isJobView(e[1]); });
}
/** An element marked with the generation whose answer it shows. */
function marked(el: HTMLElement, kind: string): HTMLElement {
  el.setAttribute('data-generation', kind);
  return el;
}
/** One model's answers to a case (the case's position `ci`), each section beside its verdict; then the raw answers. */
export function modelAnswer(c: CaseView, ci: number, mi: number, focus: boolean): HTMLElement {
  const ans: AnswerSet = c.answers[String(mi)] || {}, list = byModelCase.get(mi + ':' + ci) || [], m = DATA.models[mi];
  const body = h('div', { class: 'body' });
  if (ans.agent) add(body, agentTimeline(ans.agent, mi));
  if (ans.interactive) add(body, interactiveConversation(ans.interactive));
  if (ans.department) {
    add(body, jobProblem(ans.department));
    add(body, sectionRow('Department guide', ans.department.raw, findRow(list, 'department')));
  }
  TASK_ORDER.filter(function (t) { return TASK_SCORING[t] === 'department-count'; }).forEach(function (k) {
    const a = countAnswer(ans, k);
    if (!a) return;
    add(body, jobProblem(a));
    const text = a.items.length ? a.items.map(function (it) { return it.text + (it.department ? '' : '  (not a department of the list)'); }).join('\n') : a.raw;
    add(body, sectionRow(TASK_TITLES[k], text, findRow(list, k)));
  });
  const dx = ans.diagnosis;
  if (dx) {
    add(body, jobProblem(dx));
    SECTIONS.forEach(function (s) { add(body, sectionRow(sectionTitle(s), dx.sections ? dx.sections[s] : null, findRow(list, SECTION_TASK[s]))); });
  }
  const imaging = Object.entries(ans.imaging || {});
  imaging.forEach(function (e) {
    add(body, jobProblem(e[1]));
    add(body, sectionRow('Imaging diagnosis \u00b7 ' + examName(c, e[0]), e[1].impression, findRow(list, 'imaging', e[0])));
  });
  // a generation the browser has no view of its own for (a task added after the nine): what its tasks read of the
  // answer, beside each task's verdict
  GENERATION_PANES.forEach(function (g) {
    const own = ans.other ? ans.other[g.key] : undefined;
    if (!own) return;
    Object.entries(own).forEach(function (e) {
      add(body, jobProblem(e[1]));
      const where = e[0] ? ' \u00b7 ' + examName(c, e[0]) : '';
      g.tasks.forEach(function (t) { add(body, marked(sectionRow(TASK_TITLES[t] + where, e[1].text, findRow(list, t, g.perExam ? e[0] : undefined)), g.kind)); });
    });
  });
  // the raw answers of every generation, in the registry's order
  const raws: HTMLElement[] = [];
  GENERATION_PANES.forEach(function (g) {
    answersOf(ans, g).forEach(function (e) {
      const b = e[1].raw ? block(g.title.en + (e[0] ? ' \u00b7 ' + examName(c, e[0]) : ''), e[1].raw) : null;
      if (b) raws.push(marked(b, g.kind));
    });
  });
  if (raws.length) add(body, h('details', { class: 'raw' }, [h('summary', null, 'Raw answers, exactly as the model wrote them'), ...raws]));
  return h('div', { class: 'model-answer' + (focus ? ' focus' : ''), 'data-model': mi }, [h('div', { class: 'head' }, [m ? m.label : 'model ' + mi, focus ? ' ' : null, focus ? h('span', { class: 'badge' }, 'selected row') : null]), body]);
}
export function showCase(ci: number, focusModel: number): void {
  const c = caseAt(ci);
  const host = clear($('case-detail'));
  host.hidden = false;
  add(host, h('h3', null, 'Case ' + c.uid + ' \u00b7 ' + c.language + ' \u00b7 ' + depLabel(c.department)));
  const inputs = h('div'), gold = h('div');
  if (c.inputs) {
    const x = c.inputs;
    add(inputs, [block('Basic information', x.basicInformation), block('Chief complaint', x.chiefComplaint), block('Medical history', x.history), block('Physical examination', x.physicalExamination), block('Auxiliary examination', x.auxiliaryExamination), block('Case summary', x.raw), block('Pathology', x.pathology)]);
    x.imaging.forEach(function (e) { add(inputs, block('Imaging findings \u00b7 ' + e.name + ' (input of task 8)', e.findings)); });
  } else add(inputs, h('p', { class: 'note' }, 'The case files of this run could not be read, so the inputs are not shown.'));
  if (c.gold) {
    const g = c.gold;
    add(gold, [block('Department', g.department), block('Preliminary diagnosis', g.preliminary.map(function (d, i) { return (i + 1) + '. ' + d; }).join('\n')), block('Final (principal) diagnosis', g.principal), block('Diagnostic basis', g.basis), block('Differential diagnosis', g.differential), block('Principle of treatment', g.principle), block('Treatment plan', g.plan)]);
    g.imaging.forEach(function (e) { add(gold, block('Imaging impression \u00b7 ' + e.name, e.impression)); });
  } else add(gold, h('p', { class: 'note' }, 'Gold answers unavailable.'));
  add(host, h('div', { class: 'cols' }, [h('div', null, [h('h4', null, 'What the model saw'), inputs]), h('div', null, [h('h4', null, 'Gold answers'), gold])]));
  add(host, h('h4', null, 'Answers'));
  const order = Object.keys(c.answers).map(Number).sort(function (a, b) { return (a === focusModel ? -1 : 0) - (b === focusModel ? -1 : 0) || a - b; });
  order.forEach(function (mi) { add(host, modelAnswer(c, ci, mi, mi === focusModel)); });
  host.scrollIntoView({ block: 'start', behavior: 'instant' });
}
export function initCases(): void {
  indexRows();
  const langs: string[] = [], tasks: RowTask[] = [];
  DATA.cases.forEach(function (c) { if (langs.indexOf(c.language) < 0) langs.push(c.language); });
  DATA.rows.forEach(function (r) { if (tasks.indexOf(r.task) < 0) tasks.push(r.task); });
  tasks.sort(function (a, b) { return TASK_ORDER.indexOf(a) - TASK_ORDER.indexOf(b); });
  function on(key: TextFilter): (v: string) => void { return function (v) { cb[key] = v; cb.page = 0; renderCases(); }; }
  const search = h('input', { type: 'search', id: 'f-search', placeholder: 'uid, diagnosis, reason\u2026' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  search.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(function () { cb.q = search.value; cb.page = 0; renderCases(); }, 150); });
  add($('cases-controls'), [
    h('label', null, ['Model', select('f-model', [['', 'All models']].concat(DATA.models.map(function (m) { return [String(m.index), shortLabel(m)]; })), '', on('model'))]),
    // options name departments by position: a record without one has the id '', which must not read as "all"
    h('label', null, ['Department', select('f-dep', [['', 'All departments']].concat(DATA.departments.map(function (d, i) { return ['d' + i, d.label]; })), '', function (v) { const d = DATA.departments[Number(v.slice(1))]; cb.dep = v === '' || !d ? null : d.id; cb.page = 0; renderCases(); })]),
    h('label', null, ['Language', select('f-lang', [['', 'All']].concat(langs.sort().map(function (l) { return [l, l]; })), '', on('lang'))]),
    h('label', null, ['Task', select('f-task', [['', 'All tasks']].concat(tasks.map(function (t) { return [t, TASK_TITLES[t]]; })), '', on('task'))]),
    h('label', null, ['Outcome', select('f-outcome', [['', 'Any'], ['correct', 'Correct'], ['incorrect', 'Incorrect'], ['error', 'Error'], ['pending', 'Pending'], ['skipped', 'Skipped (no gold)'], ['scored', 'Scored'], ['unread', 'Not read whole'], ['truncated', 'Cut off (token limit)'], ['refusal', 'Refused']], '', on('outcome'))]),
    h('label', null, ['Search', search]),
    h('label', null, ['Rows per page', select('f-size', [['25', '25'], ['50', '50'], ['100', '100'], ['200', '200']], '50', function (v) { cb.size = Number(v); cb.page = 0; renderCases(); })])
  ]);
  $('cases-prev').addEventListener('click', function () { if (cb.page > 0) { cb.page--; renderCases(); } });
  $('cases-next').addEventListener('click', function () { cb.page++; renderCases(); });
  renderCases();
}
