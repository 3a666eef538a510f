/**
 * The HTML report: one self-contained file that opens offline from disk. The view model is embedded as JSON in a
 * <script type="application/json"> block (every `<` escaped, so no text in it can close the block), packed
 * without the text it repeats (pack.ts); Chart.js and
 * its matrix plugin are inlined; a client script renders everything with DOM APIs and text nodes. A
 * Content-Security-Policy admits only the page's own inline scripts (by hash), inline styles and data: images —
 * nothing is fetched, and an injected handler or script could not run even if one got through.
 */
import { createHash } from 'node:crypto';
import { chartAssets } from './assets.js';
import { clientScript } from './client-bundle.js';
import { CLIENT_TASKS } from './client/tasks.js';
import { packViewModel } from './pack.js';
import { REPORT_CSS } from './style.js';
import type { ReportViewModel } from './types.js';

/**
 * The client script: the task tables from the registry (client/tasks.ts), then the bundle compiled from
 * src/report/browser/ (client-bundle.ts), which reads them, in one strict-mode function scope.
 */
export const CLIENT_SCRIPT = `(function () {\n'use strict';\n${CLIENT_TASKS}\n${clientScript()}})();\n`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON that is safe inside a <script> element: no `<` (so no `</script>` or `<!--`), no line separators. */
export function scriptJson(value: unknown, round = true): string {
  const json = JSON.stringify(value, round ? (_k, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 1e4) / 1e4 : v) : undefined);
  return json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The policy for a page whose scripts are the given inline texts. */
export function contentSecurityPolicy(scripts: readonly string[]): string {
  return [
    "default-src 'none'",
    `script-src ${scripts.map(sha256).join(' ')}`,
    "style-src 'unsafe-inline'",
    'img-src data:',
    "connect-src 'none'",
    "font-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The page's markup; the agent and judge panels and their tabs only when the report has agent models or ratings. */
const body = (agents: boolean, judge: boolean, interactive = false): string => `
<header class="top">
  <h1>ClinicalLab evaluation report</h1>
  <div class="sub" id="subtitle"></div>
</header>
<nav class="tabs" aria-label="Sections">
  <a href="#leaderboard">Leaderboard</a><a href="#departments">Departments</a><a href="#tasks">Tasks &amp; metrics</a>${agents ? '<a href="#agents">Agent runs</a>' : ''}${interactive ? '<a href="#interactive">Interactive</a>' : ''}${judge ? '<a href="#judge">Judge ratings</a>' : ''}<a href="#cases">Case browser</a><a href="#dataset">Dataset</a><a href="#manifest">Run manifest</a>
</nav>
<main>
  <div id="warnings"></div>
  <section class="card" id="leaderboard">
    <h2>Leaderboard</h2>
    <p class="note">The paper's layout: the nine task columns, then ClinicalMetrics (DWR, CDA, Acceptability) and the averages. Click a column to sort. Errors are excluded from every score and counted apart; a bold value is the best of the column. A dash is a value that could not be computed: point at it, or read the list under the table, for why.</p>
    <div id="text-label" class="banner info"></div>
    <div class="controls" id="leaderboard-controls"></div>
    <div class="scroll" id="leaderboard-table"></div>
    <div class="counts" id="leaderboard-counts"></div>
    <div class="counts" id="leaderboard-dataset"></div>
    <div class="counts gaps" id="leaderboard-gaps"></div>
  </section>
  <section class="card" id="departments">
    <h2>Departments</h2>
    <p class="note">Department × model: the authors rank models per department by the weighted average (5·Acc + DIFR + PD + 5·FD + DB + DD + PT + TP + ID) / 17. A dash means a value could not be computed for that department: the note under each heatmap says why, and so does a cell when you point at it.</p>
    <div id="departments-body"></div>
    <div id="departments-charts">
      <div class="grid2">
        <div><div class="controls" id="dept-model-controls"></div><div class="chartbox"><canvas id="heat-dept-model" role="img" aria-label="Department by model heatmap"></canvas></div><div class="counts gaps" id="dept-model-gaps"></div></div>
        <div><div class="controls" id="dept-task-controls"></div><div class="chartbox"><canvas id="heat-dept-task" role="img" aria-label="Department by task heatmap"></canvas></div><div class="counts gaps" id="dept-task-gaps"></div></div>
      </div>
      <h3>Best model per department</h3>
      <div class="scroll" id="dept-best"></div>
    </div>
  </section>
  <section class="card" id="tasks">
    <h2>Task scores and ClinicalMetrics</h2>
    <div id="tasks-body"></div>
    <div class="grid2" id="tasks-charts">
      <div><p class="note">Task scores per model (0–100).</p><div class="chartbox"><canvas id="chart-radar" role="img" aria-label="Task scores per model"></canvas></div></div>
      <div><p class="note">ClinicalMetrics per model: DWR (only with several models), CDA, Acceptability, the average and the weighted average.</p><div class="chartbox"><canvas id="chart-metrics" role="img" aria-label="ClinicalMetrics per model"></canvas></div></div>
    </div>
  </section>
${agents ? AGENT_SECTION : ''}${interactive ? INTERACTIVE_SECTION : ''}${judge ? JUDGE_SECTION : ''}  <section class="card" id="cases">
    <h2>Case browser</h2>
    <p class="note">One row per model, record and task. Filter, then open a row to read the case: what the model saw, the gold answers and every model's answer section by section, with the verdict and its reason.</p>
    <div class="controls" id="cases-controls"></div>
    <div class="pager"><button type="button" id="cases-prev">‹ Previous</button><button type="button" id="cases-next">Next ›</button><span id="cases-count"></span></div>
    <div class="scroll"><table class="cases" id="cases-table"><thead><tr><th>Case</th><th>Lang</th><th>Department</th><th>Model</th><th>Task</th><th>Result</th><th>Why</th></tr></thead><tbody id="cases-body"></tbody></table></div>
    <div class="detail" id="case-detail" hidden></div>
  </section>
  <section class="card" id="dataset">
    <h2>Dataset</h2>
    <p class="note">Which tasks the cases of each run can be scored on: per task, the records with a gold answer for it (imaging: the exams with an impression). Partial data (an imported dataset without departments or treatment plans, say) is scored only where the answer is known; the rest is skipped and counted.</p>
    <div id="dataset-body"></div>
  </section>
  <section class="card" id="manifest">
    <h2>Run manifest</h2>
    <p class="note">What was run, with what, and what it cost. No keys are ever recorded: only the name of the variable a key came from.</p>
    <div id="manifest-body"></div>
  </section>
  <footer>Generated by clinicallab. Everything shown comes from the run directories; the page makes no network requests.</footer>
</main>`;

const AGENT_SECTION = `  <section class="card" id="agents">
    <h2>Agent runs</h2>
    <p class="note">ClinicalAgent (Agent#k@m): the navigator sends the patient to k departments; each department's top m clinicians from the routing table consult and order examinations; the laboratory releases what was ordered; the radiologist reports the ordered exams; the clinicians give their final opinions, which a chief physician merges when there are several; a nurse and a pharmacist refine the treatment plan. Open an agent's row in the case browser to follow a case step by step.</p>
    <div id="agents-body"></div>
  </section>
`;

const INTERACTIVE_SECTION = `  <section class="card" id="interactive">
    <h2>Interactive ClinicalBench</h2>
    <p class="note">The doctor saw only the basic information and the chief complaint and had to ask the patient, examine and order tests, within a budget, before its six-section answer. Evidence gathering: exam precision (ordered exams the case has), recall (the case's exams that were ordered), questions and turns used, exam cost from the price table. The information gap is the doctor's FD with the whole case minus its FD interactively. Open an interactive model's row in the case browser to read a case as a conversation.</p>
    <div id="interactive-body"></div>
  </section>
`;

const JUDGE_SECTION = `  <section class="card" id="judge">
    <h2>Judge ratings</h2>
    <p class="note">The paper's 4-dimension rating of each six-section answer by judge models (clinicallab judge): Fluency, Relevance, Completeness and Proficiency, 0–100, and their mean. An answer's rating is the mean over the judges that rated it; a reply no judge could give readably is a judge error, never a zero.</p>
    <div id="judge-body"></div>
  </section>
`;

export interface HtmlOptions {
  /** Extra words for the page title (escaped). */
  title?: string;
}

/** Render the report page. Returns the HTML and its Content-Security-Policy (for servers to send as a header). */
export function renderHtmlWithPolicy(vm: ReportViewModel, opts: HtmlOptions = {}): { html: string; csp: string } {
  const { chart, matrix } = chartAssets();
  const scripts = [chart, matrix, CLIENT_SCRIPT];
  const csp = contentSecurityPolicy(scripts);
  const title = opts.title ?? (vm.runs.length > 0 ? vm.runs.map((r) => r.name).join(', ') : 'no runs');
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>ClinicalLab report — ${escapeHtml(title)}</title>`,
    `<style>${REPORT_CSS}</style>`,
    '</head>',
    '<body>',
    '<noscript><p style="padding:20px">This report draws its tables and charts with JavaScript; allow scripts for this local file to see it.</p></noscript>',
    body((vm.agents ?? []).length > 0, (vm.judge ?? []).length > 0, (vm.interactive ?? []).length > 0),
    `<script type="application/json" id="report-data">${scriptJson(packViewModel(vm))}</script>`,
    ...scripts.map((s) => `<script>${s}</script>`),
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { html, csp };
}

export function renderHtml(vm: ReportViewModel, opts: HtmlOptions = {}): string {
  return renderHtmlWithPolicy(vm, opts).html;
}
