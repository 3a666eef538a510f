/** bench: cases, loaders and taxonomies — the first stage of the pipeline. */
export * from './case.js';
export * from './consistency.js';
export * from './departments.js';
export * from './department-file.js';
export * from './json-text.js';
export * from './lab-tests.js';
export * from './labs.js';
export * from './language.js';
export * from './lists.js';
export * from './loader.js';
export * from './modalities.js';
export * from './name-table.js';
export * from './schema.js';
export * from './stats.js';
export * from './summary.js';
export * from './text.js';
export * from './bundled.js';
