/** run: plan → jobs → scheduler (concurrency, retries, budget) → store (SQLite) + cache; progress. */
export * from './answers.js';
export * from './cache.js';
export * from './config.js';
export * from './evaluate.js';
export * from './execute.js';
export * from './jobs.js';
export * from './keys.js';
export * from './limiter.js';
export * from './plan.js';
export * from './progress.js';
export * from './runner.js';
export * from './secrets.js';
export * from './setup.js';
export * from './store.js';
export * from './inspect.js';
export * from './store-errors.js';
