/**
 * Client script, part 4: the run manifests (models and their parameters, each agent's models with their roles and
 * its warnings, template hashes, case files, versions, tokens, cost and time).
 */
import { DATA, h, add, clear, $, duration, byKey } from './core.js';
import { agentWarnings, agentSettings } from './agent.js';

/* ---------- manifest ---------- */
/** A line of a key–value list: a label and its text; lines without a text are left out. */
export type KvPair = readonly [string, string | null | undefined];
export function kv(pairs: readonly KvPair[]): HTMLElement {
  const dl = h('dl', { class: 'kv' });
  pairs.forEach(function (p) { if (p[1] === null || p[1] === undefined || p[1] === '') return; add(dl, [h('dt', null, p[0]), h('dd', null, p[1])]); });
  return dl;
}
export function money(v: number | null | undefined): string { return v === null || v === undefined ? 'unknown (a model has no price)' : '$' + Number(v).toFixed(4); }
export function params(p: Record<string, unknown> | null | undefined): string { return Object.entries(p || {}).map(function (e) { return e[0] + '=' + JSON.stringify(e[1]); }).join(', '); }
export function renderManifest(): void {
  const host = clear($('manifest-body'));
  if (!DATA.runs.length) { add(host, h('p', { class: 'note' }, 'No runs.')); return; }
  DATA.runs.forEach(function (r) {
    const m = r.manifest;
    const box = h('div', { class: 'block', 'data-run': r.index });
    add(box, h('h3', null, [r.name + ' ', h('span', { class: 'badge' + (r.status === 'complete' ? ' ok' : r.status === 'errors' ? ' err' : ' pend') }, r.status)]));
    add(box, kv([
      ['Directory', r.dir],
      ['Jobs', r.jobs.all + ' (' + r.jobs.done + ' answered, ' + r.jobs.error + ' errors, ' + r.jobs.pending + ' pending)'],
      ['Errors by kind', r.errorsByKind.map(function (e) { return e.kind + ' ' + e.n; }).join(', ')],
      ['Wall time', duration(r.wallTimeMs) + (m ? ' (' + m.createdAt + ' \u2192 ' + m.updatedAt + ', ' + m.invocations + ' invocation' + (m.invocations === 1 ? '' : 's') + ')' : '')],
      ['Tool', m ? m.tool.name + ' ' + m.tool.version + ' on Node ' + m.node : null],
      ['Tasks (generation kinds)', m ? m.kinds.join(', ') : null],
      ['Filters', m && Object.keys(m.filters).length ? JSON.stringify(m.filters) : null],
      ['Records', m ? String(m.records) : null],
      ['Scored by this report', r.scoredNow ? 'yes (the run had no stored scores for some answers, or they were computed with other settings)' : null],
      ['Scoring', r.scoring ? r.scoring.settings + (r.scoring.recorded ? '' : ' (defaults: the run recorded no settings of its own)') : null],
      ['Changed by flags', r.scoring && r.scoring.overrides.length ? r.scoring.overrides.join('; ') + ' \u2014 not the run\u2019s own settings' : null],
      ['Departments', m && m.departmentList ? m.departmentList.count + ' from ' + m.departmentList.source + ' (kept in the run)' : null],
      ['Orphaned answers', r.orphaned ? r.orphaned + ' set aside: asked before their record was removed or edited; never scored' : null]
    ]));
    const models = DATA.models.filter(function (x) { return x.run === r.index; });
    const mm = m ? m.models : [];
    const ids = models.map(function (x) { return x.model; });
    mm.forEach(function (x) { if (ids.indexOf(x.id) < 0) ids.push(x.id); });
    add(box, h('div', { class: 'scroll' }, h('table', null, [
      h('thead', null, h('tr', null, ['Model', 'Provider', 'Parameters', 'Concurrency / timeout / retries', 'Price $/M in\u2013out', 'Key from', 'Jobs', 'Tokens in \u2192 out', 'Cost', 'Model time'].map(function (t) { return h('th', null, t); }))),
      h('tbody', null, ids.map(function (id) {
        const spec = mm.filter(function (x) { return x.id === id; })[0];
        const mv = models.filter(function (x) { return x.model === id; })[0];
        const u = mv ? mv.usage : null;
        return h('tr', null, [
          h('td', { class: 'model' }, id), h('td', null, spec ? spec.provider + (spec.baseURL ? ' @ ' + spec.baseURL : '') : ''),
          h('td', { class: 'mono' }, spec ? params(spec.params) : ''),
          h('td', null, spec ? spec.concurrency + ' / ' + Math.round(spec.timeoutMs / 1000) + ' s / ' + spec.maxRetries : ''),
          h('td', null, spec && spec.price ? spec.price.input + ' \u2013 ' + spec.price.output : 'unknown'),
          h('td', null, spec && spec.apiKeyEnv ? spec.apiKeyEnv : ''),
          h('td', { class: 'num' }, u ? u.done + '/' + u.jobs + (u.error ? ' (' + u.error + ' errors)' : '') + (u.cached ? ' \u00b7 ' + u.cached + ' cached' : '') : ''),
          h('td', { class: 'num' }, u ? u.inputTokens.toLocaleString('en') + ' \u2192 ' + u.outputTokens.toLocaleString('en') : ''),
          h('td', { class: 'num' }, u ? money(u.cost) : ''),
          h('td', { class: 'num' }, u ? duration(u.latencyMs) : '')
        ]);
      }))
    ])));
    (DATA.agents || []).filter(function (a) { const mv = DATA.models[a.model]; return !!mv && mv.run === r.index; }).forEach(function (a) {
      const named = a.variant && a.variant.toLowerCase() !== a.label.toLowerCase() ? ' (' + a.variant + ')' : '';
      add(box, h('div', { class: 'agent-record', 'data-agent': a.model }, [h('h4', null, 'ClinicalAgent ' + a.label + named + ': the models it may call'), ...agentWarnings(a), ...agentSettings(a)]));
    });
    if (m) {
      add(box, h('h4', null, 'Prompt templates'));
      add(box, h('div', { class: 'scroll' }, h('table', null, [h('thead', null, h('tr', null, [h('th', null, 'Template'), h('th', null, 'Hash'), h('th', null, 'Source')])),
        h('tbody', null, byKey(m.templates).map(function (e) { return h('tr', null, [h('td', null, e[0]), h('td', { class: 'mono' }, e[1].hash), h('td', null, e[1].source)]); }))])));
      add(box, h('h4', null, 'Case files'));
      add(box, h('div', { class: 'scroll' }, h('table', null, [h('thead', null, h('tr', null, [h('th', null, 'File'), h('th', { class: 'num' }, 'Records'), h('th', null, 'SHA-256')])),
        h('tbody', null, m.cases.map(function (f) { return h('tr', null, [h('td', { class: 'mono' }, f.file), h('td', { class: 'num' }, String(f.records)), h('td', { class: 'mono', title: f.sha256 }, f.sha256.slice(0, 16) + '\u2026')]); }))])));
    }
    add(host, box);
  });
  if (DATA.reference) {
    const s = DATA.reference.source;
    add(host, h('div', { class: 'block' }, [h('h3', null, 'Published reference rows'), kv([['Paper', s.paper + ' (' + s.authors + ', ' + s.year + ')'], ['arXiv', s.arxiv + ' \u2014 ' + s.url], ['Table', s.table], ['Measured on', DATA.reference.measuredOn], ['Note', s.note]])]));
  }
}
