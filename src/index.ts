/**
 * The clinicallab library: the same steps the command line uses, for scripting evaluations.
 *
 *   import { loadCases, evaluate, scoreRun, writeReport } from 'clinicallab';
 */
export * from './bench/index.js';
export * from './tasks/index.js';
export * from './models/index.js';
export * from './run/index.js';
export * from './metrics/clinical.js';
export * from './metrics/compare.js';
export * from './metrics/dwr.js';
export * from './metrics/stats.js';
export * from './metrics/score-run.js';
export * from './metrics/settings.js';
export * from './metrics/run-settings.js';
export * from './metrics/matcher/index.js';
export * from './metrics/text/index.js';
export { writeReport, buildViewModel, startViewer } from './report/index.js';
export { main as cli } from './cli/main.js';
