/**
 * Verification of connection fingerprint answers (`GET {fingerprint_url}/`), forwarded by the
 * person's browser to your backend. The service signs the exact UTF-8 bytes of `userData` with
 * RSASSA-PKCS1-v1_5 / SHA-256 (4096-bit key) and answers `{"userData":…,"signature":"<base64>"}`
 * with `userData` first. Web Crypto only.
 *
 * @packageDocumentation
 */

/**
 * Approximate geographic origin of the caller's address (every key optional).
 * TODO(@idv/contract): take from the contract with the other wire types.
 */
export interface FingerprintGeoData {
  /** Radius around `latitude`/`longitude` within which the address probably lies, km. */
  accuracyRadius?: number;
  /** Latitude of the centre of the estimated area. */
  latitude?: number;
  /** Longitude of the centre of the estimated area. */
  longitude?: number;
  /** Country name in English. */
  country?: string;
  /** ISO 3166-1 alpha-2 country code. */
  countryIso?: string;
  /** City name; frequently null. */
  city?: string | null;
  /** Subdivision names (state, region, province), outermost first. */
  subdivisions?: string[];
  /** ISO 3166-2 subdivision codes, outermost first. */
  subdivisionsIso?: string[];
}

/** The signed signals of a fingerprint answer (`userData`), in the order the service sends them. */
export interface FingerprintUserData {
  /** ISO 8601 UTC timestamp of the call. */
  timeStampUtc: string;
  /** Full JA3 string. */
  tlsFingerprint: string;
  /** MD5 (hex) of `tlsFingerprint`: for grouping and consistency checks, not unique per device. */
  tlsFingerprintHash: string;
  /** `"1"` when the ClientHello carried GREASE values (RFC 8701), else `"0"`. */
  tlsFingerprintSslGreased: '1' | '0';
  /** HTTP/2 fingerprint; null on HTTP/1.1. */
  http2Fingerprint: string | null;
  /** MD5 (hex) of `http2Fingerprint`; null on HTTP/1.1. */
  http2FingerprintHash: string | null;
  /** Request headers as received. */
  headers: Record<string, string>;
  /** Hash of the header set (order and presence). */
  headerSignature: string;
  /** Cache-based identifier; often survives cookie clearing. */
  etag: string;
  /** `true` when `etag` was issued on this call. */
  etagFirstRequest: boolean;
  /** Offline IP geolocation of `ip`. */
  geoData: FingerprintGeoData;
  /** Observed source address. */
  ip: string;
  /** Persistent identifier kept in the `fp` cookie. */
  cookie: string;
}

/** Outcome of {@link verifyFingerprint}: `userData` only when the signature is valid. */
export interface FingerprintVerification {
  valid: boolean;
  userData?: FingerprintUserData;
}

const PREFIX = '{"userData":';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const MAX_BODY_BYTES = 1024 * 1024;
const encoder = new TextEncoder();
const keyCache = new Map<string, Promise<CryptoKey>>();

function toBytes(body: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof body === 'string') return encoder.encode(body);
  return body instanceof Uint8Array ? body : new Uint8Array(body);
}

function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Offset just past the JSON object or array starting at `start`, or -1 (strings honoured). */
function endOfJsonContainer(bytes: Uint8Array, start: number): number {
  if (bytes[start] !== 0x7b && bytes[start] !== 0x5b) return -1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === 0x5c) i++;
      else if (byte === 0x22) inString = false;
      continue;
    }
    if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) depth++;
    else if (byte === 0x7d || byte === 0x5d) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** The signed bytes and signature of a whole answer body. */
function signedParts(bytes: Uint8Array): { userData: Uint8Array; signature: string } | undefined {
  const prefix = encoder.encode(PREFIX);
  if (prefix.every((byte, i) => bytes[i] === byte)) {
    // The service's own layout: slice the exact signed bytes.
    const end = endOfJsonContainer(bytes, prefix.length);
    if (end < 0) return undefined;
    const rest = new TextDecoder().decode(bytes.subarray(end)).trimEnd();
    const match = /^,"signature":"([A-Za-z0-9+/=]+)"\}$/.exec(rest);
    if (match?.[1] === undefined) return undefined;
    return { userData: bytes.subarray(prefix.length, end), signature: match[1] };
  }
  // Re-serialized on the way: serialize userData again with its own key order.
  const body = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { userData, signature } = body as { userData?: unknown; signature?: unknown };
  if (typeof userData !== 'object' || userData === null || typeof signature !== 'string')
    return undefined;
  return { userData: encoder.encode(JSON.stringify(userData)), signature };
}

/** Imports the public key: a PEM, or the base64 of a PEM as `GET /publicKey` answers it. */
function importKey(pemOrBase64: string): Promise<CryptoKey> {
  const cached = keyCache.get(pemOrBase64);
  if (cached !== undefined) return cached;
  const pem = pemOrBase64.includes('-----BEGIN')
    ? pemOrBase64
    : new TextDecoder().decode(base64ToBytes(pemOrBase64.trim()));
  const match = /-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END PUBLIC KEY-----/.exec(pem);
  if (match?.[1] === undefined)
    return Promise.reject(new TypeError('expected an SPKI "BEGIN PUBLIC KEY" PEM'));
  const der = base64ToBytes(match[1].replace(/\s+/g, ''));
  const key = crypto.subtle.importKey(
    'spki',
    der as BufferSource,
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  if (keyCache.size >= 8) keyCache.clear();
  keyCache.set(pemOrBase64, key);
  key.catch(() => keyCache.delete(pemOrBase64));
  return key;
}

/**
 * Verifies a connection fingerprint answer. Never throws: a malformed body, a bad key or a wrong
 * signature answer `{valid: false}`.
 *
 * Two forms:
 * - `verifyFingerprint(rawBody, publicKeyPem)`: the whole answer exactly as the browser received
 *   and forwarded it (`{"userData":…,"signature":"…"}`);
 * - `verifyFingerprint(userDataJson, signature, publicKeyPem)`: the exact JSON text (or bytes) of
 *   `userData` and the base64 signature, sent separately.
 *
 * `publicKeyPem` is the PEM, or its base64 as `GET {fingerprint_url}/publicKey` answers it
 * (cache it).
 *
 * @example
 * ```ts
 * const { valid, userData } = await verifyFingerprint(req.body, publicKey);
 * if (!valid) return res.status(400).end();
 * console.log(userData.tlsFingerprintHash, userData.ip);
 * ```
 */
export async function verifyFingerprint(
  rawBody: string | Uint8Array | ArrayBuffer,
  publicKeyPem: string,
): Promise<FingerprintVerification>;
export async function verifyFingerprint(
  userData: string | Uint8Array | ArrayBuffer,
  signature: string,
  publicKeyPem: string,
): Promise<FingerprintVerification>;
export async function verifyFingerprint(
  body: string | Uint8Array | ArrayBuffer,
  signatureOrKey: string,
  publicKeyPem?: string,
): Promise<FingerprintVerification> {
  try {
    const bytes = toBytes(body);
    if (bytes.length > MAX_BODY_BYTES) return { valid: false };
    const parts =
      publicKeyPem === undefined
        ? signedParts(bytes)
        : { userData: bytes, signature: signatureOrKey };
    const keyText = publicKeyPem ?? signatureOrKey;
    if (parts === undefined || !BASE64.test(parts.signature)) return { valid: false };
    const key = await importKey(keyText);
    const valid = await crypto.subtle.verify(
      'RSASSA-PKCS1-v1_5',
      key,
      base64ToBytes(parts.signature) as BufferSource,
      parts.userData as BufferSource,
    );
    if (!valid) return { valid: false };
    const userData = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(parts.userData));
    if (typeof userData !== 'object' || userData === null || Array.isArray(userData))
      return { valid: false };
    return { valid: true, userData: userData as FingerprintUserData };
  } catch {
    return { valid: false };
  }
}
