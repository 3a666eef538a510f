/**
 * Client script, part 3: the case browser. Rows (model × case × task) are filtered in memory and shown a page at
 * a time, so tens of thousands of rows stay fast; a row opens its case: what the model saw, the gold answers,
 * and each model's answer section by section beside the verdict, its rule and reason, or the text components.
 * Rows show each uid as `shortUid` (as long as the report's uids need to be told apart); a whole uid in the search
 * box shows that case only, never also the cases whose uid it starts. The department filter tells "All departments"
 * from "(no department)" (records whose dataset names none).
 */
import type { CaseView } from '../types.js';
import { DATA, h, add, clear, $, fmt, shortLabel, select, type Child } from './core.js';
import { agentTimeline } from './agent.js';
import { interactiveConversation } from './interactive.js';

/** A case as the browser shows it: with its place in the page's list of cases. */
type ShownCase = CaseView & { index?: number };
/* ---------- case browser ---------- */
/* dep: the department id to show (null: all; '' is the records that name no department) */
export const cb: { model: string; dep: string | null; lang: string; task: string; outcome: string; q: string; page: number; size: number; selected: number; matches: number[] } = { model: '', dep: null, lang: '', task: '', outcome: '', q: '', page: 0, size: 50, selected: -1, matches: [] };
export const byModelCase = {};
export let searchText: string[] | null = null;
export function indexRows() {
  DATA.rows.forEach(function (r, i) { const k = r.model + ':' + r.case; (byModelCase[k] || (byModelCase[k] = [])).push(i); });
}
export function rowSearch(i) {
  if (!searchText) searchText = new Array(DATA.rows.length);
  let s = searchText[i];
  if (s === undefined) {
    const r = DATA.rows[i], c = DATA.cases[r.case];
    s = searchText[i] = [c.uid, r.exam, r.predicted || '', r.gold || '', r.explanation || '', r.error || '', r.readingReason || ''].join('\u0001').toLowerCase();
  }
  return s;
}
export let casesByUid: Record<string, Record<number, boolean>> | null = null;
/** The cases whose uid is the search text (ignoring letter case), or null: a whole uid shows that case only, not the cases whose uid it starts. */
export function casesOfUid(q) {
  if (!casesByUid) {
    const byUid: Record<string, Record<number, boolean>> = casesByUid = {};
    DATA.cases.forEach(function (c, i) { const k = c.uid.toLowerCase(); (byUid[k] || (byUid[k] = {}))[i] = true; });
  }
  return Object.prototype.hasOwnProperty.call(casesByUid, q) ? casesByUid[q] : null;
}
export function examName(c, key) {
  if (!key) return '';
  const list = c.gold ? c.gold.imaging : [];
  for (let i = 0; i < list.length; i++) if (list[i].key === key) return list[i].name;
  return key.replace(/[_+]+/g, ' ');
}
export function depLabel(id) {
  for (let i = 0; i < DATA.departments.length; i++) if (DATA.departments[i].id === id) return DATA.departments[i].label;
  return id;
}
export function applyFilters() {
  const out: number[] = [], q = cb.q.trim().toLowerCase(), m = cb.model === '' ? -1 : Number(cb.model);
  const only = q ? casesOfUid(q) : null;
  for (let i = 0; i < DATA.rows.length; i++) {
    const r = DATA.rows[i];
    if (m >= 0 && r.model !== m) continue;
    if (cb.task && r.task !== cb.task) continue;
    if (cb.dep !== null || cb.lang) { const c = DATA.cases[r.case]; if (cb.dep !== null && c.department !== cb.dep) continue; if (cb.lang && c.language !== cb.lang) continue; }
    if (cb.outcome) {
      const o = cb.outcome;
      if (o === 'unread' ? !r.reading : o === 'truncated' ? !(r.cut || r.reading === 'truncated') : o === 'refusal' ? r.reading !== 'refusal' : o === 'correct' ? r.correct !== true : o === 'incorrect' ? r.correct !== false : r.status !== o) continue;
    }
    if (only ? !only[r.case] : q && rowSearch(i).indexOf(q) < 0) continue;
    out.push(i);
  }
  cb.matches = out;
  const pages = Math.max(1, Math.ceil(out.length / cb.size));
  if (cb.page >= pages) cb.page = pages - 1;
}
export function resultBadge(r) {
  if (r.status === 'error') return h('span', { class: 'badge err' }, 'error');
  if (r.status === 'pending') return h('span', { class: 'badge pend' }, 'pending');
  if (r.status === 'skipped') return h('span', { class: 'badge skip' }, 'skipped');
  if (r.correct === true) return h('span', { class: 'badge ok' }, '\u2713 correct');
  if (r.correct === false) return h('span', { class: 'badge no' }, '\u2717 wrong');
  return h('span', { class: 'badge', title: 'text similarity, 0\u2013100' }, fmt(r.value, 1));
}
export function textComponents(t) {
  return 'BLEU ' + fmt(t.bleu, 1) + ' \u00b7 ROUGE-L ' + fmt(t.rouge, 1) + (t.bertscore === null ? ' \u00b7 no BERTScore' : ' \u00b7 BERTScore ' + fmt(t.bertscore, 1)) + ' \u2192 ' + fmt(t.score, 1);
}
/** How the answer was read, when not whole: unread, partial, ambiguous, refusal or truncated, and cut off. */
export function readingNote(r) {
  if (!r.reading && !r.cut) return '';
  return (r.reading ? r.reading : 'read') + (r.cut && r.reading !== 'truncated' ? ', cut off' : '') + (r.readingReason ? ': ' + r.readingReason : '');
}
export function rowWhy(r) {
  const note = readingNote(r);
  let why;
  if (r.error) why = r.error;
  else if (r.text) why = textComponents(r.text);
  else why = (r.rule ? '[' + r.rule + '] ' : '') + (r.explanation || '');
  return note ? '(' + note + ') ' + why : why;
}
export function renderCases() {
  applyFilters();
  const total = cb.matches.length, pages = Math.max(1, Math.ceil(total / cb.size));
  $('cases-count').textContent = total + ' of ' + DATA.rows.length + ' rows \u00b7 page ' + (total ? cb.page + 1 : 0) + ' of ' + (total ? pages : 0);
  ($('cases-prev') as HTMLButtonElement).disabled = cb.page <= 0;
  ($('cases-next') as HTMLButtonElement).disabled = cb.page >= pages - 1;
  const body = clear($('cases-body'));
  const start = cb.page * cb.size;
  cb.matches.slice(start, start + cb.size).forEach(function (i) {
    const r = DATA.rows[i], c = DATA.cases[r.case], m = DATA.models[r.model];
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
export function openRow(i) {
  cb.selected = i;
  const r = DATA.rows[i];
  Array.prototype.forEach.call(document.querySelectorAll('#cases-body tr.sel'), function (t) { t.className = ''; });
  const tr = document.querySelector('#cases-body tr[data-row="' + i + '"]');
  if (tr) tr.className = 'sel';
  showCase(r.case, r.model);
}
export function block(label: string, text: string | null | undefined, cls?: string): HTMLElement | null {
  if (text === null || text === undefined || text === '') return null;
  return h('div', { class: 'block' + (cls ? ' ' + cls : '') }, [h('div', { class: 'label' }, label), h('pre', { class: 'text' }, String(text))]);
}
export function verdictNode(r) {
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
export function sectionRow(label, answerText, row) {
  return h('div', { class: 'sec' }, [h('div', null, [h('div', { class: 'label note' }, label), h('pre', { class: 'text' }, answerText === null || answerText === undefined || answerText === '' ? '(no answer in this section)' : String(answerText))]), verdictNode(row)]);
}
export function findRow(list, task: string, exam?: string) {
  for (let i = 0; i < list.length; i++) { const r = DATA.rows[list[i]]; if (r.task === task && (exam === undefined || r.exam === exam)) return r; }
  return null;
}
export function jobProblem(j) {
  if (!j) return null;
  if (j.status === 'error') return h('div', { class: 'banner warn' }, 'This request failed (excluded from scores): ' + (j.error || 'error'));
  if (j.status !== 'done') return h('div', { class: 'banner info' }, 'Not answered yet (' + j.status + ').');
  return null;
}
export function modelAnswer(c, mi, focus) {
  const ans = c.answers[String(mi)] || {}, list = byModelCase[mi + ':' + c.index] || [], m = DATA.models[mi];
  const body = h('div', { class: 'body' });
  if (ans.agent) add(body, agentTimeline(c, ans.agent, mi));
  if (ans.interactive) add(body, interactiveConversation(ans.interactive));
  if (ans.department) {
    add(body, jobProblem(ans.department));
    add(body, sectionRow('Department guide', ans.department.raw, findRow(list, 'department')));
  }
  Object.keys(TASK_SCORING).filter(function (t) { return TASK_SCORING[t] === 'department-count'; }).forEach(function (k) {
    const a = ans[k];
    if (!a) return;
    add(body, jobProblem(a));
    const text = a.items.length ? a.items.map(function (it) { return it.text + (it.department ? '' : '  (not a department of the list)'); }).join('\n') : a.raw;
    add(body, sectionRow(TASK_TITLES[k], text, findRow(list, k)));
  });
  if (ans.diagnosis) {
    add(body, jobProblem(ans.diagnosis));
    SECTIONS.forEach(function (s) { add(body, sectionRow(TASK_TITLES[SECTION_TASK[s]], ans.diagnosis.sections ? ans.diagnosis.sections[s] : null, findRow(list, SECTION_TASK[s]))); });
  }
  Object.keys(ans.imaging || {}).forEach(function (exam) {
    const a = ans.imaging[exam];
    add(body, jobProblem(a));
    add(body, sectionRow('Imaging diagnosis \u00b7 ' + examName(c, exam), a.impression, findRow(list, 'imaging', exam)));
  });
  const raws = [['Department guide', ans.department], ['DIFR (3)', ans.difr3], ['DIFR (5)', ans.difr5], ['Six-section answer', ans.diagnosis]];
  Object.keys(ans.imaging || {}).forEach(function (exam) { raws.push(['Imaging \u00b7 ' + examName(c, exam), ans.imaging[exam]]); });
  const rawList = raws.filter(function (x) { return x[1] && x[1].raw; });
  if (rawList.length) add(body, h('details', { class: 'raw' }, ([h('summary', null, 'Raw answers, exactly as the model wrote them')] as (HTMLElement | null)[]).concat(rawList.map(function (x) { return block(x[0], x[1].raw); }))));
  return h('div', { class: 'model-answer' + (focus ? ' focus' : ''), 'data-model': mi }, [h('div', { class: 'head' }, [m ? m.label : 'model ' + mi, focus ? ' ' : null, focus ? h('span', { class: 'badge' }, 'selected row') : null]), body]);
}
export function showCase(ci, focusModel) {
  const c = DATA.cases[ci];
  (c as ShownCase).index = ci;
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
  order.forEach(function (mi) { add(host, modelAnswer(c, mi, mi === focusModel)); });
  host.scrollIntoView({ block: 'start', behavior: 'instant' });
}
export function initCases() {
  indexRows();
  const langs: string[] = [], tasks: string[] = [];
  DATA.cases.forEach(function (c) { if (langs.indexOf(c.language) < 0) langs.push(c.language); });
  DATA.rows.forEach(function (r) { if (tasks.indexOf(r.task) < 0) tasks.push(r.task); });
  const order = Object.keys(TASK_TITLES);
  tasks.sort(function (a, b) { return order.indexOf(a) - order.indexOf(b); });
  function on(key) { return function (v) { cb[key] = v; cb.page = 0; renderCases(); }; }
  const search = h('input', { type: 'search', id: 'f-search', placeholder: 'uid, diagnosis, reason\u2026' }) as HTMLInputElement;
  let timer: ReturnType<typeof setTimeout> | undefined;
  search.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(function () { cb.q = search.value; cb.page = 0; renderCases(); }, 150); });
  add($('cases-controls'), [
    h('label', null, ['Model', select('f-model', [['', 'All models']].concat(DATA.models.map(function (m) { return [String(m.index), shortLabel(m)]; })), '', on('model'))]),
    // options name departments by position: a record without one has the id '', which must not read as "all"
    h('label', null, ['Department', select('f-dep', [['', 'All departments']].concat(DATA.departments.map(function (d, i) { return ['d' + i, d.label]; })), '', function (v) { cb.dep = v === '' ? null : DATA.departments[Number(v.slice(1))].id; cb.page = 0; renderCases(); })]),
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
