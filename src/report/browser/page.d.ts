/**
 * What the page defines around the client bundle (src/report/client/tasks.ts writes it from the task registry):
 * the task titles and scoring kinds, the task columns (all, the text ones, their titles), the six sections of the clinical-diagnosis answer and the task each is
 * scored as, the generations whose answers the case browser shows; and Chart.js with its matrix plugin, inlined before the client.
 */
declare const TASK_TITLES: Readonly<Record<import('../types.js').RowTask, string>>;
declare const TASK_SCORING: Readonly<Record<import('../types.js').RowTask, import('../../tasks/registry/types.js').ScoringKind>>;
declare const TASK_COLUMNS: readonly import('../../metrics/clinical.js').Column[];
declare const TEXT_TASK_COLUMNS: readonly string[];
declare const TASK_COLUMN_TITLES: Readonly<Record<string, string>>;
declare const SECTIONS: readonly import('../../tasks/definitions.js').SectionId[];
declare const SECTION_TASK: Readonly<Partial<Record<import('../../tasks/definitions.js').SectionId, import('../types.js').RowTask>>>;
/** The generations of the task registry, in task order: where their answers are in an answer set, and what they are called. */
declare const GENERATION_PANES: readonly { kind: string; key: string; title: { en: string; zh: string }; perExam: boolean; tasks: readonly import('../types.js').RowTask[] }[];

/** The part of a Chart.js chart the client uses; `D` is what a data point of its datasets is. */
interface ChartLike<D = unknown> {
  destroy(): void;
  ctx: CanvasRenderingContext2D;
  config: { type: string };
  data: { datasets: { data: D[] }[] };
  getDatasetMeta(index: number): { data: { getCenterPoint(): { x: number; y: number } }[] };
}
/** What a chart's scriptable option is called with: the chart (with its drawing area, once laid out) and the data point. */
interface ChartContext<D> {
  chart: { chartArea?: { width: number; height: number } };
  dataset: { data: D[]; label?: string };
  dataIndex: number;
}
/** A tooltip's item: its dataset and the data point. */
interface ChartTooltipItem<D> {
  dataset: { label?: string };
  raw: D;
}
/** Chart.js, inlined before the client (undefined when it did not load): the constructor, and the defaults the client sets. */
declare const Chart: {
  new <D>(canvas: HTMLElement, config: { type: string; data: { labels?: readonly string[]; datasets: readonly ({ data: readonly D[] } & Record<string, unknown>)[] }; options?: Record<string, unknown>; plugins?: readonly object[] }): ChartLike<D>;
  defaults: { font: { family: string; size: number }; color: string; animation: boolean; responsive: boolean; maintainAspectRatio: boolean };
};
