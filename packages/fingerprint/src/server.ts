export {
  startFingerprintServer,
  type FingerprintServerOptions,
  type RunningFingerprintServer,
} from './lib/server/fingerprint-server.js';
export type { Logger } from './lib/http/routes.js';
/** The service's signer of answers (for verifier tests of other packages: the bytes the service signs). */
export { serializeSignedBody } from './lib/signing/signed-body.js';
export type { FingerprintUserData, FingerprintResponse, GeoData } from './types.js';
