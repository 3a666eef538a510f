/**
 * Client script, part 0: the tasks as the task registry declares them (src/tasks/registry/), written into the
 * page as data: their titles, the leaderboard's task columns, the six sections of the clinical-diagnosis answer with the task each is scored as,
 * and how each task is scored. The rest of the client reads tasks from here only.
 */
import { COLUMNS, TEXT_COLUMNS } from '../../metrics/clinical.js';
import { SECTION_IDS } from '../../tasks/definitions.js';
import { SCORED_TASKS, tasksOfColumn } from '../../tasks/registry/index.js';


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
].join('\n');
