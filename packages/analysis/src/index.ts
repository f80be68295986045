export type * from './types.js';
export { AnalysisInputError, AnalysisServiceError, type AnalysisInputErrorCode } from './errors.js';
export {
  createAnalysisEngine,
  type AnalysisEngineOptions,
  type LocalAnalysisEngine,
} from './engine.js';
export { createAnalysisClient, type AnalysisClientOptions } from './client.js';
export { buildAnalysisApp, type AnalysisAppOptions } from './http/app.js';
export { staticKeyAuthority } from './keys.js';
export { DEFAULT_IMAGE_LIMITS, type ImageLimits } from './image/decode.js';
export { MATCH_DISTANCE, similarityScore } from './face/calibration.js';
