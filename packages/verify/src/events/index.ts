/** Every event of `<idv-verify>`, one typed class per event. */
export * from './idv-ready.js';
export * from './idv-start.js';
export * from './idv-step-change.js';
export * from './idv-capture.js';
export * from './idv-quality.js';
export * from './idv-location.js';
export * from './idv-handoff.js';
export * from './idv-complete.js';
export * from './idv-error.js';
export * from './idv-expired.js';
export * from './idv-request-cancel.js';
