/** The painted closed eyes now live in `@idv/analysis/testing` (the liveness bench and tests use them too). */
export { closeEyes, type EyeGeometry } from '@idv/analysis/testing';
