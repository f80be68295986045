/**
 * The fingerprint service's wire shapes are the contract's (`@idv/contract`, `fingerprint.ts`):
 * the service builds its answer with these types, the element reads it and the server checks it
 * with the same ones, so they cannot drift apart.
 *
 * - `GeoData`: approximate geographic origin of the caller's address, from an offline IP
 *   geolocation database; every key optional (loopback and private addresses give `{}`);
 *   `subdivisions` is a list, outermost first.
 * - `FingerprintUserData`: the signals about the calling connection, the `userData` object of the
 *   spec's "Connection fingerprint response" (serialized in the contract's key order).
 * - `FingerprintResponse`: the body of `GET /`, `userData` and the base64 RSASSA-PKCS1-v1_5
 *   SHA-256 signature over it.
 */
import type {
  FingerprintGeoData,
  FingerprintResponse as ContractFingerprintResponse,
  FingerprintUserData as ContractFingerprintUserData,
} from '@idv/contract';

/** Approximate geographic origin of the caller's address (`userData.geoData`). */
export type GeoData = FingerprintGeoData;
/** Signals about the calling connection (`userData`). */
export type FingerprintUserData = ContractFingerprintUserData;
/** The body of `GET /`: `userData` and its signature. */
export type FingerprintResponse = ContractFingerprintResponse;
