/**
 * Client script, the start-up: renders the header, then each panel the page has, in the page's order. Which
 * panels a page has is the server's list (src/report/panels.ts) — it wrote their sections, each marked with its
 * id — so the client only knows how to render each one, by id; a panel of the list without a renderer here does
 * not compile, and a section the client cannot render is an error, never skipped.
 */
import type { PanelId } from '../panels.js';
import { add, h, $, renderHeader, initLeaderboard } from './core.js';
import { setupChartDefaults, initDepartments, initTaskCharts } from './charts.js';
import { initCases } from './cases.js';
import { renderAgents } from './agent.js';
import { renderInteractive } from './interactive.js';
import { renderDataset, renderJudge } from './extras.js';
import { renderManifest } from './manifest.js';

/** How each panel is rendered; `charts` says whether Chart.js loaded. */
const RENDERERS: Record<PanelId, (charts: boolean) => void> = {
  leaderboard: initLeaderboard,
  departments: function (charts) {
    if (charts) initDepartments();
    else add($('departments-body'), h('p', { class: 'banner warn' }, 'The charting library did not load.'));
  },
  tasks: function (charts) { if (charts) initTaskCharts(); },
  agents: renderAgents,
  interactive: renderInteractive,
  judge: renderJudge,
  cases: initCases,
  dataset: renderDataset,
  manifest: renderManifest
};

function isPanelId(id: string): id is PanelId { return Object.prototype.hasOwnProperty.call(RENDERERS, id); }

/** Render the page: the header, then every panel section the page has; each is marked rendered when done. */
export function start(): void {
  renderHeader();
  const charts = setupChartDefaults();
  document.querySelectorAll<HTMLElement>('main > section[data-panel]').forEach(function (section) {
    const id = section.getAttribute('data-panel') || '';
    if (!isPanelId(id)) throw new Error('report page: no renderer for the panel ' + id);
    RENDERERS[id](charts);
    section.setAttribute('data-rendered', '1');
  });
  document.body.setAttribute('data-ready', '1');
}
