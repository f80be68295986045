/**
 * `@idv/fingerprint`: the connection fingerprint service and its verifier.
 *
 * Importing this entry loads only the verifier; the server code is loaded when
 * {@link startFingerprintServer} is first called (or import `@idv/fingerprint/server`).
 */
import type {
  FingerprintServerOptions,
  RunningFingerprintServer,
} from './lib/server/fingerprint-server.js';

export {
  verifyFingerprint,
  MAX_FINGERPRINT_BODY_BYTES,
  type FingerprintVerification,
} from './verify.js';
export type { FingerprintUserData, FingerprintResponse, GeoData } from './types.js';
export type {
  FingerprintServerOptions,
  RunningFingerprintServer,
} from './lib/server/fingerprint-server.js';
export type { Logger } from './lib/http/routes.js';

/**
 * Starts the connection fingerprint service (see `@idv/fingerprint/server` for the details of
 * every option). The server modules load on the first call, so verifier-only users never pay for them.
 */
export async function startFingerprintServer(
  options: FingerprintServerOptions,
): Promise<RunningFingerprintServer> {
  const server = await import('./lib/server/fingerprint-server.js');
  return server.startFingerprintServer(options);
}
