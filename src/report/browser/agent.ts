/**
 * Client script, part 5: ClinicalAgent. The "Agent runs" panel (only on pages with agent models): per agent its
 * variant, role models, statistics per case, the clinicians consulted and the routing table it used; and, in the
 * case browser, an agent's case step by step — navigator, consultations with their orders, laboratory,
 * radiologist, final opinions, chief physician, nurse, pharmacist, final answer. The models an agent may call
 * (roles, parameters, limits, price, key variable), its templates and its warnings are shown here and in the run
 * manifest. Text only, like every part.
 */
import type { AgentRouteView, AgentStepKind, AgentStepView, AgentView } from '../types.js';
import { DATA, h, add, clear, $, fmt, duration, byKey, sectionTitle, type Child } from './core.js';
import { block, jobProblem } from './cases.js';
import { kv, params } from './manifest.js';

/* ---------- agent runs ---------- */
/** Each step's role and what it does. */
export const STEP_TITLES: Record<AgentStepKind, readonly [string, string]> = {
  navigator: ['Navigator', 'Triage to departments'], consult: ['Clinician', 'Preliminary consultation'], laboratory: ['Laboratory', 'Results released (no model)'],
  radiologist: ['Radiologist', 'Imaging report'], final: ['Clinician', 'Final opinion'], chief: ['Chief physician', 'Merged opinion'],
  nurse: ['Nurse', 'Nursing actions'], pharmacist: ['Pharmacist', 'Revised treatment plan'], answer: ['Agent', 'Final answer (scored)']
};
export function agentOf(mi: number): AgentView | null {
  const list = DATA.agents || [];
  for (let i = 0; i < list.length; i++) { const a = list[i]; if (a && a.model === mi) return a; }
  return null;
}
export function listText(items: readonly string[] | null | undefined, none?: string): string { return items && items.length ? items.join(', ') : (none || 'none'); }
export function statTile(value: string, label: string): HTMLElement { return h('div', { class: 'stat' }, [h('div', { class: 'v' }, value), h('div', { class: 'l' }, label)]); }
export function routeTable(rows: readonly AgentRouteView[], m: number | null): HTMLElement {
  const several = (m ?? 1) > 1;
  return h('div', { class: 'scroll' }, h('table', { class: 'routing' }, [
    h('thead', null, h('tr', null, [h('th', null, 'Department'), h('th', null, several ? 'Clinicians (top ' + m + ', best first)' : 'Clinician'), h('th', null, 'Ranking'), h('th', { class: 'num', title: 'Cases the navigator sent to this department' }, 'Cases sent')])),
    h('tbody', null, rows.map(function (d) {
      return h('tr', { class: d.visits ? 'visited' : null, 'data-department': d.id }, [
        h('td', null, d.label),
        h('td', null, d.clinicians.map(function (c, i) { return h('div', null, [(several ? (i + 1) + '. ' : ''), h('span', { class: 'mono' }, c.model), c.score === null ? '' : ' (' + fmt(c.score, 1) + (c.n ? ', ' + c.n + ' cases' : '') + ')']); })),
        h('td', { class: 'note' }, d.fallback ? 'overall (too few cases)' : 'department'),
        h('td', { class: 'num' }, String(d.visits))
      ]);
    }))
  ]));
}
export const ROLE_NAMES: Partial<Record<string, string>> = { chief: 'chief physician' };
export function agentWarnings(a: AgentView): HTMLElement[] {
  return (a.warnings || []).map(function (w) { return h('p', { class: 'banner warn agent-warning' }, 'Warning: ' + w); });
}
export function agentModelsTable(a: AgentView): HTMLElement {
  return h('div', { class: 'scroll' }, h('table', { class: 'agent-models' }, [
    h('thead', null, h('tr', null, ['Model', 'Roles', 'Provider', 'Parameters', 'Concurrency / timeout / retries', 'Price $/M in\u2013out', 'Key from'].map(function (t) { return h('th', null, t); }))),
    h('tbody', null, a.models.map(function (x) {
      return h('tr', { 'data-id': x.id }, [
        h('td', { class: 'model mono' }, x.id), h('td', { class: 'roles' }, x.roles.map(function (r) { return ROLE_NAMES[r] || r; }).join(', ')),
        h('td', null, x.provider + (x.baseURL ? ' @ ' + x.baseURL : '')), h('td', { class: 'mono' }, params(x.params)),
        h('td', null, x.concurrency + ' / ' + Math.round(x.timeoutMs / 1000) + ' s / ' + x.maxRetries),
        h('td', null, x.price ? x.price.input + ' \u2013 ' + x.price.output : 'unknown'), h('td', null, x.apiKeyEnv || '')
      ]);
    }))
  ]));
}
/** The models an agent may call and the templates it used, as its run recorded them. */
export function agentSettings(a: AgentView): HTMLElement[] {
  if (!a.recorded) return [h('p', { class: 'note' }, 'This run did not record the settings of the models the agent may call, nor its templates (it was made before clinicallab recorded them).')];
  const templates = byKey(a.templates);
  return [agentModelsTable(a), h('details', { class: 'raw agent-templates' }, [h('summary', null, 'Templates the agent used (' + templates.length + ')'),
    h('div', { class: 'scroll' }, h('table', null, [h('thead', null, h('tr', null, [h('th', null, 'Template'), h('th', null, 'Hash'), h('th', null, 'Source')])),
      h('tbody', null, templates.map(function (e) { return h('tr', null, [h('td', null, e[0]), h('td', { class: 'mono' }, e[1].hash), h('td', null, e[1].source)]); }))]))])];
}
export function renderAgents(): void {
  const host = clear($('agents-body'));
  (DATA.agents ?? []).forEach(function (a) {
    const s = a.stats, box = h('div', { class: 'block agent', 'data-agent': a.model });
    const sameName = a.variant && a.variant.toLowerCase() === a.label.toLowerCase();
    add(box, h('h3', null, [a.label + ' ', a.variant && !sameName ? h('span', { class: 'badge' }, a.variant) : null, a.k !== null ? h('span', { class: 'note' }, ' ' + a.k + ' department' + (a.k === 1 ? '' : 's') + ' \u00d7 ' + a.m + ' clinician' + (a.m === 1 ? '' : 's') + ' each') : null]));
    add(box, agentWarnings(a));
    if (!a.roles) add(box, h('p', { class: 'banner warn' }, 'This run did not record the agent\u2019s configuration: roles and routing are unknown; its steps are shown as stored.'));
    const left = h('div'), right = h('div');
    add(left, h('h4', null, 'Per case \u2014 mean over ' + s.cases + ' case' + (s.cases === 1 ? '' : 's')));
    add(left, h('div', { class: 'stats' }, [
      statTile(fmt(s.ordersPerCase, 1), 'examinations ordered'),
      statTile(s.orderedShare === null ? '\u2014' : fmt(s.orderedShare, 1) + '%', 'of those available'),
      statTile(Math.round(s.tokensPerCase).toLocaleString('en'), 'tokens'),
      statTile(s.costPerCase === null ? 'unknown' : '$' + Number(s.costPerCase).toFixed(4), s.costPerCase === null ? 'cost (a model has no price)' : 'cost')
    ]));
    if (s.stopped) add(left, h('p', { class: 'banner warn' }, s.stopped + ' of ' + s.cases + ' cases were stopped by a failed step (recorded as errors, never as wrong answers).'));
    if (a.roles) {
      add(left, h('h4', null, 'Role models'));
      add(left, kv([
        ['Navigator', a.roles.navigator + ' \u2014 names ' + a.k + ' department' + (a.k === 1 ? '' : 's')],
        ['Clinicians', 'the top ' + a.m + ' of each department in the routing table'],
        ['Radiologist', a.roles.radiologist],
        ['Chief physician', a.roles.chief + ((a.k ?? 1) * (a.m ?? 1) > 1 ? ' \u2014 merges the clinicians\u2019 opinions' : ' \u2014 not needed: one clinician per case')],
        ['Nurse', a.roles.nurse],
        ['Pharmacist', a.roles.pharmacist]
      ]));
    }
    if (a.clinicians.length) {
      add(left, h('h4', null, 'Clinicians consulted'));
      add(left, h('div', { class: 'scroll' }, h('table', null, [h('thead', null, h('tr', null, [h('th', null, 'Model'), h('th', { class: 'num' }, 'Consultations')])),
        h('tbody', null, a.clinicians.map(function (c) { return h('tr', null, [h('td', { class: 'mono' }, c.model), h('td', { class: 'num' }, String(c.consults))]); }))])));
    }
    if (a.routing) {
      const visited = a.routing.departments.filter(function (d) { return d.visits > 0; });
      const rest = a.routing.departments.filter(function (d) { return d.visits === 0; });
      add(right, h('h4', null, 'Routing table used'));
      add(right, h('p', { class: 'note' }, 'Built from ' + listText(a.routing.source, 'unknown') + (a.routing.minCases ? '; departments with fewer than ' + a.routing.minCases + ' scored cases use the overall ranking' : '') + '. Departments the navigator sent patients to:'));
      add(right, visited.length ? routeTable(visited, a.m) : h('p', { class: 'note' }, 'None yet.'));
      if (rest.length) add(right, h('details', { class: 'raw' }, [h('summary', null, 'The other ' + rest.length + ' departments of the table'), routeTable(rest, a.m)]));
    }
    add(box, h('div', { class: 'grid2' }, [left, right]));
    if (a.roles) add(box, [h('h4', null, 'Models the agent may call'), ...agentSettings(a)]);
    add(host, box);
  });
}
export function stepMeta(j: AgentStepView['job']): HTMLElement | null {
  if (!j) return null;
  const parts: string[] = [];
  if (j.tokens !== null && j.tokens !== undefined) parts.push(j.tokens.toLocaleString('en') + ' tokens');
  if (j.cost !== null && j.cost !== undefined && j.status === 'done') parts.push('$' + Number(j.cost).toFixed(4));
  if (j.latencyMs) parts.push(j.latencyMs < 1000 ? j.latencyMs + ' ms' : duration(j.latencyMs));
  return parts.length ? h('span', { class: 'meta' }, parts.join(' \u00b7 ')) : null;
}
export function sectionsNode(sec: Record<string, string> | null | undefined): HTMLElement | null {
  if (!sec) return null;
  return h('details', { class: 'raw' }, [h('summary', null, 'All six sections'), ...SECTIONS.map(function (k) { return block(sectionTitle(k), sec[k] || '(empty)'); })]);
}
const listOrNull = (items: readonly string[] | undefined): string | null => (items && items.length ? items.join(', ') : null);
export function stepBody(s: AgentStepView): (HTMLElement | null)[] {
  const out: (HTMLElement | null)[] = [];
  switch (s.step) {
    case 'navigator':
      if (s.departments) out.push(block('Departments', listText(s.departments)));
      break;
    case 'consult':
      if (s.orders) {
        out.push(block('Preliminary diagnosis', s.preliminary || '(none)'));
        out.push(kv([['Laboratory ordered', listText(s.orders.labs)], ['Imaging ordered', listText(s.orders.imaging)], ['Not in this case', s.orders.unknown.length ? s.orders.unknown.join(', ') + ' \u2014 answered \u201cnot performed\u201d' : null]]));
      }
      break;
    case 'laboratory':
      if (s.rebuilt) out.push(h('p', { class: 'note' }, 'Rebuilt from the consultations\u2019 orders: this run did not store the laboratory step (it was made before clinicallab stored it).'));
      if (!s.released) break;
      out.push(kv([['Released', listText(s.released.map(function (r) { return r.name; }))], ['Not performed', listOrNull(s.notPerformed)], ['Not ordered', listOrNull(s.notOrdered)]]));
      if (s.released.length) out.push(h('details', { class: 'raw' }, [h('summary', null, 'Results released'), ...s.released.map(function (r) { return block(r.name, r.result + (r.abnormal ? '\nAbnormal: ' + r.abnormal : '')); })]));
      break;
    case 'radiologist':
      out.push(block('Impression', s.impression));
      if (s.findings) out.push(h('details', { class: 'raw' }, [h('summary', null, 'Findings the radiologist read'), block(s.exam || 'Findings', s.findings)]));
      break;
    case 'final': case 'chief': case 'answer':
      if (s.sections) out.push(block(sectionTitle('principal'), s.sections.principal || '(none)'));
      if (s.step === 'answer' && s.sections) out.push(block(sectionTitle('plan') + ' (the pharmacist\u2019s plan, then the nursing actions)', s.sections.plan));
      out.push(sectionsNode(s.sections));
      break;
    case 'nurse': case 'pharmacist':
      out.push(block(STEP_TITLES[s.step][1], s.text));
      break;
  }
  const shown = s.step === 'radiologist' ? s.impression : s.step === 'nurse' || s.step === 'pharmacist' ? s.text : null;
  const lab = s.step === 'laboratory';
  if (s.job && s.job.raw && s.step !== 'answer' && (shown === null || shown === undefined || shown.trim() !== s.job.raw.trim())) out.push(h('details', { class: 'raw' }, [h('summary', null, lab ? 'Report as released' : 'Raw answer'), block(lab ? 'What the clinicians were given' : 'As the model wrote it', s.job.raw)]));
  return out;
}
export function agentTimeline(steps: readonly AgentStepView[], mi: number): HTMLElement {
  const a = agentOf(mi);
  const list = h('ol', { class: 'timeline' });
  steps.forEach(function (s, i) {
    const t: readonly [string, string] = STEP_TITLES[s.step] || [s.step, ''];
    const head: Child[] = [h('span', { class: 'badge role role-' + s.step }, t[0]), ' ', h('strong', null, t[1])];
    if (s.step === 'radiologist' && s.exam) head.push(' \u00b7 ' + s.exam);
    if (s.department) head.push(' \u00b7 ' + s.department);
    if (s.model) head.push(' \u00b7 ', h('span', { class: 'mono' }, s.model));
    if (s.step !== 'answer' && s.step !== 'laboratory') head.push(' ', stepMeta(s.job));
    const body = h('div', { class: 'step-body' });
    add(body, jobProblem(s.job));
    add(body, stepBody(s));
    add(list, h('li', { class: 'step', 'data-step': s.step, 'data-index': i }, [h('div', { class: 'step-head' }, head), body]));
  });
  return h('details', { class: 'agent-steps', open: true }, [h('summary', { class: 'label' }, 'Step by step' + (a && a.variant ? ' \u00b7 ' + a.variant : '') + ' \u00b7 ' + steps.length + ' steps'), list]);
}
