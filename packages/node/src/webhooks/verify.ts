/**
 * Verification and signing of webhook deliveries, on Web Crypto only (no `node:` import), so it
 * runs on Node ≥ 20 and on edge runtimes alike.
 *
 * The service signs each delivery twice with the account's `webhookSecret` (its UTF-8 bytes):
 * - `X-Signature-SHA256`: hex HMAC-SHA256 of the exact raw body (the spec's header);
 * - Standard Webhooks: `webhook-id` (stable across the attempts of one event),
 *   `webhook-timestamp` (Unix seconds of this attempt) and `webhook-signature`
 *   (`v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`), which lets a receiver refuse replays.
 *
 * @packageDocumentation
 */
import type { WebhookEvent } from '../wire-types.js';

/** Why a delivery was refused (`WebhookVerificationError.code`). */
export type WebhookVerificationErrorCode =
  /** The body was already parsed (an object): the signature covers the raw bytes. */
  | 'parsed_body'
  /** No signature header at all, or (with `requireTimestamp`) no Standard Webhooks headers. */
  | 'missing_signature'
  /** A signature header that is not in its format. */
  | 'malformed_header'
  /** `webhook-timestamp` further than `toleranceSeconds` from now. */
  | 'stale_timestamp'
  /** No signature matches: a wrong secret, or a body changed on the way. */
  | 'invalid_signature'
  /** Signed correctly but not a JSON event `{type, data}`. */
  | 'invalid_payload';

/** A refused webhook delivery; `code` says why, `message` says what to do about it. */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';

  constructor(
    readonly code: WebhookVerificationErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Request headers: a Fetch `Headers`, or a plain object as Node and Express have them. */
export type WebhookHeaders =
  Headers | { get(name: string): string | null } | Record<string, string | string[] | undefined>;

/** The raw body: the exact bytes received, or their UTF-8 text. */
export type RawBody = string | Uint8Array | ArrayBuffer;

/** Options of {@link verifyWebhook}. */
export interface VerifyWebhookOptions {
  /** Largest distance between `webhook-timestamp` and now, seconds (default 300). */
  toleranceSeconds?: number;
  /**
   * Require the Standard Webhooks headers (id, timestamp, signature), so that a replayed old
   * delivery is refused (default `true`: the service always sends them). `false` also accepts a
   * delivery signed with `X-Signature-SHA256` alone, which carries no time.
   */
  requireTimestamp?: boolean;
  /** The current time, ms since the epoch (tests). */
  now?: () => number;
}

/** A verified delivery. */
export interface VerifiedWebhook {
  /** The event: `{type, data}`. */
  event: WebhookEvent;
  /**
   * `webhook-id`: the same for every attempt of one event. Deliveries can repeat: store the ids
   * you have handled and skip repeats.
   */
  id: string | undefined;
  /** `webhook-timestamp` (Unix seconds of this attempt). */
  timestamp: number | undefined;
}

const encoder = new TextEncoder();

/** The value of header `name` (case-insensitive), the first one when repeated. */
export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') {
    return (headers as Headers).get(name) ?? undefined;
  }
  const record = headers as Record<string, string | string[] | undefined>;
  const wanted = name.toLowerCase();
  for (const key of Object.keys(record)) {
    if (key.toLowerCase() !== wanted) continue;
    const value = record[key];
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** The bytes of a raw body; throws `parsed_body` for anything else. */
export function rawBytes(body: unknown): Uint8Array {
  if (typeof body === 'string') return encoder.encode(body);
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  throw new WebhookVerificationError(
    'parsed_body',
    body === undefined || body === null
      ? 'no raw body: read the request body as bytes before verifying (express.raw({ type: "application/json" }), ' +
          "Fastify's idvWebhookRoutes, or request.arrayBuffer())"
      : 'the body was already parsed into an object: the signature covers the exact raw bytes, and re-serialized ' +
          'JSON differs. Pass the raw body (express.raw({ type: "application/json" }) on this route, a Buffer ' +
          'content-type parser in Fastify, or await request.text()).',
  );
}

/** HMAC-SHA256 key from the secret: its UTF-8 bytes, or the bytes of a `whsec_` base64 secret. */
async function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  if (typeof secret !== 'string' || secret.length === 0)
    throw new TypeError('the webhook secret must be a non-empty string');
  const bytes = secret.startsWith('whsec_')
    ? base64ToBytes(secret.slice('whsec_'.length))
    : encoder.encode(secret);
  if (bytes === undefined) throw new TypeError('the whsec_ secret is not valid base64');
  return crypto.subtle.importKey(
    'raw',
    bytes as BufferSource,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    [usage],
  );
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function base64ToBytes(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function hexToBytes(text: string): Uint8Array | undefined {
  if (!/^[0-9a-fA-F]{64}$/.test(text)) return undefined;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Standard Webhooks signed content: `{id}.{timestamp}.{body}`. */
function signedContent(id: string, timestamp: string, body: Uint8Array): Uint8Array {
  return concat(encoder.encode(`${id}.${timestamp}.`), body);
}

/**
 * Verifies a webhook delivery and answers its event. Checks, in constant time (Web Crypto's HMAC
 * `verify`), every signature the delivery carries: the Standard Webhooks signature (with its
 * timestamp within `toleranceSeconds`) and `X-Signature-SHA256`. Throws
 * {@link WebhookVerificationError} otherwise; answer such a delivery with a 4xx.
 *
 * @param rawBody The exact body received (bytes or their text), never a parsed object.
 * @param headers The request headers.
 * @param secret The account's `webhookSecret` (`GET /users/me`).
 *
 * @example
 * ```ts
 * const { event, id } = await verifyWebhook(rawBody, req.headers, process.env.IDV_WEBHOOK_SECRET!);
 * if (event.type === 'verification.successful') await markVerified(event.data._verificationId);
 * ```
 */
export async function verifyWebhook(
  rawBody: RawBody,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): Promise<VerifiedWebhook> {
  const body = rawBytes(rawBody);
  const tolerance = options.toleranceSeconds ?? 300;
  const requireTimestamp = options.requireTimestamp ?? true;
  const hexSignature = headerValue(headers, 'x-signature-sha256');
  const standardSignature = headerValue(headers, 'webhook-signature');
  const id = headerValue(headers, 'webhook-id');
  const timestampText = headerValue(headers, 'webhook-timestamp');

  if (standardSignature === undefined && hexSignature === undefined)
    throw new WebhookVerificationError(
      'missing_signature',
      'no signature header: expected webhook-signature (Standard Webhooks) and X-Signature-SHA256',
    );
  if (standardSignature === undefined && requireTimestamp)
    throw new WebhookVerificationError(
      'missing_signature',
      'no webhook-id / webhook-timestamp / webhook-signature headers: without them a replayed delivery cannot be told ' +
        'apart (pass { requireTimestamp: false } to accept X-Signature-SHA256 alone)',
    );

  const key = await hmacKey(secret, 'verify');
  let timestamp: number | undefined;
  if (standardSignature !== undefined) {
    if (id === undefined || timestampText === undefined || !/^\d{1,12}$/.test(timestampText))
      throw new WebhookVerificationError(
        'malformed_header',
        'webhook-signature needs webhook-id and a numeric webhook-timestamp',
      );
    timestamp = Number(timestampText);
    const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
    if (Math.abs(nowSeconds - timestamp) > tolerance)
      throw new WebhookVerificationError(
        'stale_timestamp',
        `webhook-timestamp is ${nowSeconds - timestamp} s from now, beyond the tolerance of ${tolerance} s: ` +
          'a replayed delivery, or a clock out of sync',
      );
    const candidates = standardSignature
      .split(' ')
      .filter((part) => part.startsWith('v1,'))
      .map((part) => base64ToBytes(part.slice(3)))
      .filter((bytes): bytes is Uint8Array => bytes !== undefined && bytes.length === 32);
    if (candidates.length === 0)
      throw new WebhookVerificationError(
        'malformed_header',
        'webhook-signature holds no v1,<base64 HMAC-SHA256> signature',
      );
    const content = signedContent(id, timestampText, body);
    let matched = false;
    for (const candidate of candidates)
      if (
        await crypto.subtle.verify('HMAC', key, candidate as BufferSource, content as BufferSource)
      )
        matched = true;
    if (!matched) throw invalidSignature('webhook-signature');
  }
  if (hexSignature !== undefined) {
    const expected = hexToBytes(hexSignature.trim());
    if (expected === undefined)
      throw new WebhookVerificationError(
        'malformed_header',
        'X-Signature-SHA256 is not 64 hexadecimal characters',
      );
    if (!(await crypto.subtle.verify('HMAC', key, expected as BufferSource, body as BufferSource)))
      throw invalidSignature('X-Signature-SHA256');
  }
  return { event: parseEvent(body), id, timestamp };
}

function invalidSignature(header: string): WebhookVerificationError {
  return new WebhookVerificationError(
    'invalid_signature',
    `${header} does not match: a wrong secret (use webhookSecret of GET /users/me; it changes when rotated), ` +
      'or a body that is not the exact bytes received',
  );
}

function parseEvent(body: Uint8Array): WebhookEvent {
  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    throw new WebhookVerificationError('invalid_payload', 'the signed body is not JSON');
  }
  const candidate = event as { type?: unknown; data?: unknown } | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.type !== 'string' ||
    typeof candidate.data !== 'object' ||
    candidate.data === null
  )
    throw new WebhookVerificationError(
      'invalid_payload',
      'the signed body is not an event {type, data}',
    );
  return candidate as WebhookEvent;
}

/** Options of {@link signWebhook}. */
export interface SignWebhookOptions {
  /** `webhook-id` (default: a random UUID). */
  id?: string;
  /** `webhook-timestamp`, Unix seconds (default: now). */
  timestamp?: number;
}

/**
 * Signs a body as the service signs a delivery: the headers `x-signature-sha256`, `webhook-id`,
 * `webhook-timestamp` and `webhook-signature`. For integrators' tests of their receivers.
 *
 * @example
 * ```ts
 * const body = JSON.stringify({ type: 'verification.successful', data: { _verificationId: id, _externalUserId: '', _metadata: {} } });
 * const headers = await signWebhook(body, 'test-secret');
 * await fetch('http://localhost:3000/webhooks/idv', { method: 'POST', body, headers: { ...headers, 'content-type': 'application/json' } });
 * ```
 */
export async function signWebhook(
  rawBody: RawBody,
  secret: string,
  options: SignWebhookOptions = {},
): Promise<Record<string, string>> {
  const body = rawBytes(rawBody);
  const key = await hmacKey(secret, 'sign');
  const id = options.id ?? crypto.randomUUID();
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const [hex, standard] = await Promise.all([
    crypto.subtle.sign('HMAC', key, body as BufferSource),
    crypto.subtle.sign('HMAC', key, signedContent(id, timestamp, body) as BufferSource),
  ]);
  return {
    'x-signature-sha256': bytesToHex(new Uint8Array(hex)),
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${bytesToBase64(new Uint8Array(standard))}`,
  };
}
