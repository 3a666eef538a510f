/**
 * The clinicallab library: the same steps the command line uses, for scripting evaluations.
 *
 *   import { loadCases, loadTemplates, casePrompts, parseSections } from 'clinicallab';
 */
export * from './bench/index.js';
export * from './tasks/index.js';
export * from './models/tokens.js';
export * from './run/plan.js';
export { main as cli } from './cli/main.js';
