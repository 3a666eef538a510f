/**
 * What the page defines around the client bundle (src/report/client/tasks.ts writes it from the task registry):
 * the task titles and scoring notes, the six sections of the clinical-diagnosis answer and the task each is
 * scored as; and Chart.js with its matrix plugin, inlined before the client.
 */
declare const TASK_TITLES: Record<string, string>;
declare const TASK_SCORING: Record<string, string>;
declare const SECTIONS: readonly string[];
declare const SECTION_TASK: Record<string, string>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const Chart: any;
