/**
 * `@idv/contract`: every wire shape of the platform, once, as TypeBox schemas (validated and
 * published by the server) with their static types (`Static<typeof X>`, exported under the same
 * name as the schema). Plain numeric limits are also exported alone from `@idv/contract/limits`.
 */
export * from './analysis.js';
export * from './barcode-layout.js';
export * from './billing.js';
export * from './cloud-keys.js';
export * from './closed.js';
export * from './common.js';
export * from './company.js';
export * from './contact-request.js';
export * from './fingerprint.js';
export * from './flow.js';
export * from './gate-rules.js';
export * from './health.js';
export * from './limits.js';
export * from './link.js';
export * from './oauth.js';
export * from './portal.js';
export * from './portal-admin.js';
export * from './portal-links.js';
export * from './portal-review.js';
export * from './verification.js';
export * from './webhooks.js';
