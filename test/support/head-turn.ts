/** The head-turn warp now lives in `@idv/analysis/testing` (the liveness bench and tests use it too). */
export { turnHead, turnedPoint, type FaceGeometry } from '@idv/analysis/testing';
