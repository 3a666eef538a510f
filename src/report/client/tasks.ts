/**
 * Client script, part 0: the tasks as the task registry declares them (src/tasks/registry/), written into the
 * page as data: their titles, the leaderboard's task columns, the six sections of the clinical-diagnosis answer with the task each is scored as,
 * how each task is scored, and the generations whose answers the case browser shows (their raw answers, and a
 * pane per task for a generation it has no view of its own for). The rest of the client reads tasks from here only.
 */
import { COLUMNS, TEXT_COLUMNS } from '../../metrics/clinical.js';
import { SECTION_IDS } from '../../tasks/definitions.js';
import { GENERATIONS, SCORED_TASKS, tasksOfColumn, tasksOfGeneration } from '../../tasks/registry/index.js';


const json = (v: unknown): string => JSON.stringify(v).replace(/</g, '\\u003c');

export const CLIENT_TASKS = [
  `var TASK_TITLES = ${json(Object.fromEntries(SCORED_TASKS.map((t) => [t.id, t.label.en])))};`,
  `var TASK_SCORING = ${json(Object.fromEntries(SCORED_TASKS.map((t) => [t.id, t.scoring])))};`,
  '/* the leaderboard\'s task columns in order, those of text scores, and each named after its tasks */',
  `var TASK_COLUMNS = ${json(COLUMNS)};`,
  `var TEXT_TASK_COLUMNS = ${json(TEXT_COLUMNS)};`,
  `var TASK_COLUMN_TITLES = ${json(Object.fromEntries(COLUMNS.map((c) => [c, tasksOfColumn(c).map((t) => t.label.en).join(', ') + (TEXT_COLUMNS.includes(c) ? ' (text similarity)' : '')])))};`,
  '/* the six sections of the clinical-diagnosis answer, in order, and the task each section is scored as */',
  `var SECTIONS = ${json(SECTION_IDS)};`,
  `var SECTION_TASK = ${json(Object.fromEntries(SCORED_TASKS.filter((t) => t.section).map((t) => [t.section, t.id])))};`,
  '/* the generations in task order: the answer set\'s key (the label each is counted under), title, per exam, tasks */',
  `var GENERATION_PANES = ${json(GENERATIONS.map((g) => ({ kind: g.kind, key: g.label, title: g.title, perExam: g.perExam, tasks: SCORED_TASKS.filter((t) => tasksOfGeneration(g.kind).includes(t)).map((t) => t.id) })))};`,
].join('\n');
