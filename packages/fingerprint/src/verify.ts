import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { FingerprintUserData } from './types.js';
import { endOfJsonContainer } from './lib/signing/json-slice.js';
import { SIGNED_BODY_PREFIX } from './lib/signing/signed-body.js';

export type { FingerprintUserData, FingerprintResponse, GeoData } from './types.js';

/** Outcome of {@link verifyFingerprint}. `userData` is present only when the signature is valid. */
export interface FingerprintVerification {
  valid: boolean;
  userData?: FingerprintUserData;
}

/** Bodies larger than this are refused unread (a genuine response is a few KiB). */
export const MAX_FINGERPRINT_BODY_BYTES = 1024 * 1024;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const prefixBytes = Buffer.from(SIGNED_BODY_PREFIX, 'utf8');
const keyCache = new Map<string, KeyObject>();

/**
 * Verifies a raw `GET /` body of the connection fingerprint service, as forwarded by the client:
 * the RSASSA-PKCS1-v1_5 SHA-256 `signature` over the exact bytes of `userData` in that body.
 *
 * The signed bytes are sliced out of the raw body when it has the service's own layout
 * (`{"userData":…,"signature":"…"}`); a body that was re-serialized on the way (whitespace added)
 * is checked by serializing `userData` again with its key order. Never throws: malformed input,
 * a bad key or a wrong signature all answer `{valid: false}`.
 *
 * @param rawBody The response body exactly as received (string or bytes).
 * @param publicKeyPem The service's public key: the PEM, or the base64 of the PEM as `GET /publicKey` answers it.
 *
 * @example
 * ```ts
 * const { valid, userData } = verifyFingerprint(req.rawBody, cachedPublicKey);
 * if (valid) console.log(userData.tlsFingerprintHash, userData.ip);
 * ```
 */
export function verifyFingerprint(
  rawBody: string | Buffer,
  publicKeyPem: string,
): FingerprintVerification {
  try {
    const bytes = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
    if (!Buffer.isBuffer(bytes) || bytes.length > MAX_FINGERPRINT_BODY_BYTES) return invalid();
    const publicKey = publicKeyFrom(publicKeyPem);
    if (!publicKey) return invalid();
    const signed = sliceSignedParts(bytes) ?? reserializeSignedParts(bytes);
    if (!signed) return invalid();
    const valid = verify('sha256', signed.userDataBytes, publicKey, signed.signature);
    if (!valid) return invalid();
    const userData: unknown = JSON.parse(signed.userDataBytes.toString('utf8'));
    if (!isPlainObject(userData)) return invalid();
    return { valid: true, userData: userData as unknown as FingerprintUserData };
  } catch {
    return invalid();
  }
}

interface SignedParts {
  userDataBytes: Buffer;
  signature: Buffer;
}

/** The service's own layout: slice the exact signed bytes. */
function sliceSignedParts(bytes: Buffer): SignedParts | undefined {
  if (!bytes.subarray(0, prefixBytes.length).equals(prefixBytes)) return undefined;
  const end = endOfJsonContainer(bytes, prefixBytes.length);
  if (end < 0) return undefined;
  const rest = bytes.subarray(end).toString('utf8').trimEnd();
  const match = /^,"signature":"([A-Za-z0-9+/=]+)"\}$/.exec(rest);
  if (!match?.[1] || !BASE64.test(match[1])) return undefined;
  return {
    userDataBytes: bytes.subarray(prefixBytes.length, end),
    signature: Buffer.from(match[1], 'base64'),
  };
}

/** Any other layout of the same JSON: serialize `userData` again with its own key order. */
function reserializeSignedParts(bytes: Buffer): SignedParts | undefined {
  const body: unknown = JSON.parse(bytes.toString('utf8'));
  if (!isPlainObject(body)) return undefined;
  const { userData, signature } = body;
  if (!isPlainObject(userData) || typeof signature !== 'string' || !BASE64.test(signature)) {
    return undefined;
  }
  return {
    userDataBytes: Buffer.from(JSON.stringify(userData), 'utf8'),
    signature: Buffer.from(signature, 'base64'),
  };
}

function publicKeyFrom(pemOrBase64: string): KeyObject | undefined {
  if (typeof pemOrBase64 !== 'string' || pemOrBase64.length > 64 * 1024) return undefined;
  const cached = keyCache.get(pemOrBase64);
  if (cached) return cached;
  const pem = pemOrBase64.includes('-----BEGIN')
    ? pemOrBase64
    : Buffer.from(pemOrBase64.trim(), 'base64').toString('utf8');
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'rsa') return undefined;
  if (keyCache.size >= 8) keyCache.clear();
  keyCache.set(pemOrBase64, key);
  return key;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(): FingerprintVerification {
  return { valid: false };
}
