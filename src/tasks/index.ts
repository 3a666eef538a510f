/** tasks: the eight tasks — definitions, prompt templates and builders, answer parsers. */
export * from './definitions.js';
export * from './departments.js';
export * from './prompts.js';
export * from './sections.js';
export * from './templates.js';
export * from './diagnosis-names.js';
export * from './reading.js';
export * from './read-answer.js';
