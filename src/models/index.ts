/** models: one tiny Model interface and the providers behind a registry of spec strings. */
export * from './errors.js';
export * from './pricing.js';
export * from './registry.js';
export * from './spec.js';
export * from './tokens.js';
export * from './types.js';
export { toModelError } from './ai-sdk.js';
