/**
 * `@idv/contract`: every wire shape of the platform, once, as TypeBox schemas (validated and
 * published by the server) with their static types (`Static<typeof X>`, exported under the same
 * name as the schema).
 */
export * from './common.js';
export * from './company.js';
export * from './flow.js';
export * from './gate-rules.js';
export * from './link.js';
export * from './verification.js';
export * from './webhooks.js';
