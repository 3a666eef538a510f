/**
 * The report's panels, in the order the page shows them: the one list the page's navigation, its sections and the
 * table exports (`report --table`, the viewer's /<table>.csv) are made from. A panel names its section (`id`), its
 * entry in the navigation (`nav`) and its heading (`title`), says when the page has it (`shown`, read from the view
 * model), gives the static markup of its section (text, and the empty elements the client fills), and the tables
 * it exports, if any. The client (src/report/browser/panels.ts) renders each section the page has by its id.
 *
 * A table is exported whether or not its panel is shown: `agents` of a report without agents has no rows.
 */
import { AGENT_HEADER, agentRecords, BEST_HEADER, bestRecords, DATASET_HEADER, datasetRecords, JUDGE_HEADER, judgeRecords, MANIFEST_HEADER, manifestRecords, ROUTING_HEADER, routingRecords, type Row } from './tables.js';
import { CASE_HEADER, caseRecords, DEPT_HEADER, departmentRecords, leaderboardCsv, leaderboardRecords, recordsCsv } from './score-tables.js';
import type { ReportViewModel } from './types.js';

/** A table a panel exports: what it holds (for help texts), its records (JSON) and its CSV. */
export interface PanelTable {
  about: string;
  records(vm: ReportViewModel): readonly object[];
  csv(vm: ReportViewModel): string;
}

export interface ReportPanel {
  /** The section's element id, its anchor in the navigation and the name the client renders it by. */
  readonly id: string;
  /** Its entry in the navigation (plain text). */
  readonly nav: string;
  /** Its heading (plain text). */
  readonly title: string;
  /** Whether the page has this panel (and its navigation entry). */
  readonly shown: (vm: ReportViewModel) => boolean;
  /** The section's markup under its heading: static text and the empty elements the client fills (never data). */
  readonly markup: string;
  /** The tables it exports, by the name `--table` takes. */
  readonly tables?: Readonly<Record<string, PanelTable>>;
}

/** A table whose CSV has one column per name of its header. */
const rowTable = (about: string, records: (vm: ReportViewModel) => Row[], header: readonly string[]): PanelTable => ({ about, records, csv: (vm) => recordsCsv(records(vm), header) });

const always = (): boolean => true;

export const PANELS = [
  {
    id: 'leaderboard',
    nav: 'Leaderboard',
    title: 'Leaderboard',
    shown: always,
    markup: `    <p class="note">The paper's layout: the nine task columns, then ClinicalMetrics (DWR, CDA, Acceptability) and the averages. Click a column to sort. Errors are excluded from every score and counted apart; a bold value is the best of the column. A dash is a value that could not be computed: point at it, or read the list under the table, for why.</p>
    <div id="text-label" class="banner info"></div>
    <div class="controls" id="leaderboard-controls"></div>
    <div class="scroll" id="leaderboard-table"></div>
    <div class="counts" id="leaderboard-counts"></div>
    <div class="counts" id="leaderboard-dataset"></div>
    <div class="counts gaps" id="leaderboard-gaps"></div>
`,
    tables: { leaderboard: { about: 'every model: columns, intervals, counts (--reference: the published rows)', records: leaderboardRecords, csv: leaderboardCsv } },
  },
  {
    id: 'departments',
    nav: 'Departments',
    title: 'Departments',
    shown: always,
    markup: `    <p class="note">Department × model: the authors rank models per department by the weighted average (5·Acc + DIFR + PD + 5·FD + DB + DD + PT + TP + ID) / 17. A dash means a value could not be computed for that department: the note under each heatmap says why, and so does a cell when you point at it.</p>
    <div id="departments-body"></div>
    <div id="departments-charts">
      <div class="grid2">
        <div><div class="controls" id="dept-model-controls"></div><div class="chartbox"><canvas id="heat-dept-model" role="img" aria-label="Department by model heatmap"></canvas></div><div class="counts gaps" id="dept-model-gaps"></div></div>
        <div><div class="controls" id="dept-task-controls"></div><div class="chartbox"><canvas id="heat-dept-task" role="img" aria-label="Department by task heatmap"></canvas></div><div class="counts gaps" id="dept-task-gaps"></div></div>
      </div>
      <h3>Best model per department</h3>
      <div class="scroll" id="dept-best"></div>
    </div>
`,
    tables: {
      departments: rowTable('department × model: the columns, CDA, weighted average, win share', departmentRecords, DEPT_HEADER),
      best: rowTable('the best model per department by the weighted average, and the next', bestRecords, BEST_HEADER),
    },
  },
  {
    id: 'tasks',
    nav: 'Tasks & metrics',
    title: 'Task scores and ClinicalMetrics',
    shown: always,
    markup: `    <div id="tasks-body"></div>
    <div class="grid2" id="tasks-charts">
      <div><p class="note">Task scores per model (0–100).</p><div class="chartbox"><canvas id="chart-radar" role="img" aria-label="Task scores per model"></canvas></div></div>
      <div><p class="note">ClinicalMetrics per model: DWR (only with several models), CDA, Acceptability, the average and the weighted average.</p><div class="chartbox"><canvas id="chart-metrics" role="img" aria-label="ClinicalMetrics per model"></canvas></div></div>
    </div>
`,
  },
  {
    id: 'agents',
    nav: 'Agent runs',
    title: 'Agent runs',
    shown: (vm: ReportViewModel) => (vm.agents ?? []).length > 0,
    markup: `    <p class="note">ClinicalAgent (Agent#k@m): the navigator sends the patient to k departments; each department's top m clinicians from the routing table consult and order examinations; the laboratory releases what was ordered; the radiologist reports the ordered exams; the clinicians give their final opinions, which a chief physician merges when there are several; a nurse and a pharmacist refine the treatment plan. Open an agent's row in the case browser to follow a case step by step.</p>
    <div id="agents-body"></div>
`,
    tables: {
      agents: rowTable('each ClinicalAgent model: variant, role models, statistics per case', agentRecords, AGENT_HEADER),
      routing: rowTable('the routing table each agent used, and the cases it sent per department', routingRecords, ROUTING_HEADER),
    },
  },
  {
    id: 'interactive',
    nav: 'Interactive',
    title: 'Interactive ClinicalBench',
    shown: (vm: ReportViewModel) => (vm.interactive ?? []).length > 0,
    markup: `    <p class="note">The doctor saw only the basic information and the chief complaint and had to ask the patient, examine and order tests, within a budget, before its six-section answer. Evidence gathering: exam precision (ordered exams the case has), recall (the case's exams that were ordered), questions and turns used, exam cost from the price table. The information gap is the doctor's FD with the whole case minus its FD interactively. Open an interactive model's row in the case browser to read a case as a conversation.</p>
    <div id="interactive-body"></div>
`,
  },
  {
    id: 'judge',
    nav: 'Judge ratings',
    title: 'Judge ratings',
    shown: (vm: ReportViewModel) => (vm.judge ?? []).length > 0,
    markup: `    <p class="note">The paper's 4-dimension rating of each six-section answer by judge models (clinicallab judge): Fluency, Relevance, Completeness and Proficiency, 0–100, and their mean. An answer's rating is the mean over the judges that rated it; a reply no judge could give readably is a judge error, never a zero.</p>
    <div id="judge-body"></div>
`,
    tables: { judge: rowTable('the 4-dimension ratings per rated model and judge', judgeRecords, JUDGE_HEADER) },
  },
  {
    id: 'cases',
    nav: 'Case browser',
    title: 'Case browser',
    shown: always,
    markup: `    <p class="note">One row per model, record and task. Filter, then open a row to read the case: what the model saw, the gold answers and every model's answer section by section, with the verdict and its reason.</p>
    <div class="controls" id="cases-controls"></div>
    <div class="pager"><button type="button" id="cases-prev">‹ Previous</button><button type="button" id="cases-next">Next ›</button><span id="cases-count"></span></div>
    <div class="scroll"><table class="cases" id="cases-table"><thead><tr><th>Case</th><th>Lang</th><th>Department</th><th>Model</th><th>Task</th><th>Result</th><th>Why</th></tr></thead><tbody id="cases-body"></tbody></table></div>
    <div class="detail" id="case-detail" hidden></div>
`,
    tables: { cases: rowTable('one row per model × record × task (× exam): verdict and reason', caseRecords, CASE_HEADER) },
  },
  {
    id: 'dataset',
    nav: 'Dataset',
    title: 'Dataset',
    shown: always,
    markup: `    <p class="note">Which tasks the cases of each run can be scored on: per task, the records with a gold answer for it (imaging: the exams with an impression). Partial data (an imported dataset without departments or treatment plans, say) is scored only where the answer is known; the rest is skipped and counted.</p>
    <div id="dataset-body"></div>
`,
    tables: { dataset: rowTable('per run and task, the records with a gold answer and those skipped', datasetRecords, DATASET_HEADER) },
  },
  {
    id: 'manifest',
    nav: 'Run manifest',
    title: 'Run manifest',
    shown: always,
    markup: `    <p class="note">What was run, with what, and what it cost. No keys are ever recorded: only the name of the variable a key came from.</p>
    <div id="manifest-body"></div>
`,
    tables: { manifest: rowTable('per run and model: settings, price, tokens, cost and time', manifestRecords, MANIFEST_HEADER) },
  },
] as const satisfies readonly ReportPanel[];

/** The id of a panel of the list. */
export type PanelId = (typeof PANELS)[number]['id'];

type TablesOf<P> = P extends { tables: infer T } ? keyof T & string : never;
/** The name of a table some panel exports. */
export type ExportTable = TablesOf<(typeof PANELS)[number]>;

/** The panels a report has, in order. */
export function shownPanels(vm: ReportViewModel): readonly ReportPanel[] {
  return PANELS.filter((p: ReportPanel) => p.shown(vm));
}

/** Every exported table, by name, in the order of the panels; and which panel exports it. */
export const PANEL_TABLES: ReadonlyMap<ExportTable, PanelTable & { panel: ReportPanel }> = new Map(
  PANELS.flatMap((p: ReportPanel) => Object.entries(p.tables ?? {}).map(([name, t]) => [name as ExportTable, { ...t, panel: p }] as const)),
);
