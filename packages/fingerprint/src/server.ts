export {
  startFingerprintServer,
  type FingerprintServerOptions,
  type RunningFingerprintServer,
} from './lib/server/fingerprint-server.js';
export type { Logger } from './lib/http/routes.js';
export type { FingerprintUserData, FingerprintResponse, GeoData } from './types.js';
