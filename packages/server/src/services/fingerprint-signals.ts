import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { verifyFingerprint } from '@idv/fingerprint/verify';
import { MINUTE_MS, isoAt } from '../lib/clock.js';
import { Errors } from '../lib/errors.js';
import type { ServiceContext } from './context.js';

/** A signed answer older (or newer) than this is refused: it may be replayed from another device. */
export const FINGERPRINT_MAX_AGE_MS = 15 * MINUTE_MS;
/** Time limit of the public key fetch. */
const KEY_FETCH_TIMEOUT_MS = 5000;

/**
 * The certificate to trust for the fingerprint service: `IDV_FINGERPRINT_CA`, else the self-signed
 * certificate `npm start` has the service generate in `<dataDir>/fingerprint/tls/`, else none (a
 * publicly trusted certificate). Added to Node's roots for this one connection only: TLS
 * verification stays on, and nothing changes for any other connection of the process.
 */
function trustedCertificate(ctx: ServiceContext): string | undefined {
  const file =
    ctx.config.fingerprintCaFile ??
    join(ctx.config.dataDir, 'fingerprint', 'tls', 'self-signed-cert.pem');
  if (ctx.config.fingerprintCaFile === undefined && !existsSync(file)) return undefined;
  return readFileSync(file, 'utf8');
}

function getJson(url: string, ca: string | undefined): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const options = { timeout: KEY_FETCH_TIMEOUT_MS };
    const onResponse = (response: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > 64 * 1024) response.destroy(new Error('public key answer too large'));
        else chunks.push(chunk);
      });
      response.on('error', reject);
      response.on('end', () => {
        if (response.statusCode !== 200)
          return reject(new Error(`${url} answered ${response.statusCode}`));
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (error) {
          reject(error as Error);
        }
      });
    };
    const request =
      target.protocol === 'https:'
        ? https.get(
            target,
            { ...options, ...(ca ? { ca: [...rootCertificates, ca] } : {}) },
            onResponse,
          )
        : http.get(target, options, onResponse);
    request.on('timeout', () => request.destroy(new Error(`${url} timed out`)));
    request.on('error', reject);
  });
}

/**
 * `POST /flow/fingerprint`: checks the connection fingerprint the device forwarded (raw body, as the
 * fingerprint service signed it) against the service's public key, fetched once from
 * `{IDV_FINGERPRINT_URL}/publicKey` and cached, and stores the signals as the verification's
 * `device` (authenticated reads only).
 */
export class FingerprintSignals {
  #publicKey: Promise<string> | undefined;

  constructor(private readonly ctx: ServiceContext) {}

  /** The cached public key (fetched on first use; a failed fetch is tried again next time). */
  publicKey(): Promise<string> {
    const base = this.ctx.config.fingerprintUrl;
    if (base === undefined)
      return Promise.reject(
        Errors.unavailable('fingerprint verification is not configured (IDV_FINGERPRINT_URL)'),
      );
    this.#publicKey ??= getJson(`${base}/publicKey`, trustedCertificate(this.ctx)).then((body) => {
      const key = (body as { publicKey?: unknown }).publicKey;
      if (typeof key !== 'string' || key.length === 0 || key.length > 16 * 1024)
        throw new Error('the fingerprint service answered no public key');
      return key;
    });
    const pending = this.#publicKey;
    pending.catch(() => {
      if (this.#publicKey === pending) this.#publicKey = undefined;
    });
    return pending;
  }

  /** Verifies a forwarded fingerprint and stores its signals on the verification. */
  async record(verificationId: string, rawBody: Buffer): Promise<void> {
    // A body that is not even shaped like the service's answer is the caller's fault (400),
    // whether or not the fingerprint service is configured and reachable.
    if (!isFingerprintAnswer(rawBody))
      throw Errors.badRequest('the body is not a fingerprint answer ({userData, signature})');
    let key: string;
    try {
      key = await this.publicKey();
    } catch (error) {
      if (error instanceof Error && error.name === 'ApiError') throw error;
      throw Errors.unavailable('the fingerprint service cannot be reached to verify the signature');
    }
    const { valid, userData } = verifyFingerprint(rawBody, key);
    if (!valid || userData === undefined)
      throw Errors.badRequest('the fingerprint signature does not verify');
    const stamped = Date.parse(String(userData.timeStampUtc));
    if (Number.isNaN(stamped) || Math.abs(stamped - this.ctx.clock.now()) > FINGERPRINT_MAX_AGE_MS)
      throw Errors.badRequest(
        'the fingerprint is not fresh (timeStampUtc more than 15 minutes away)',
      );
    const result = await this.ctx.database.singleWrite((db) =>
      db
        .updateTable('verifications')
        .set({ device: JSON.stringify(userData), updated_at: isoAt(this.ctx.clock.now()) })
        .where('id', '=', verificationId)
        .where('status', 'in', ['pending', 'started'])
        .executeTakeFirst(),
    );
    if (Number(result.numUpdatedRows) === 0) throw Errors.statusForbidsOperation('final');
  }
}

/** Whether a body is a JSON object with an object `userData` and a string `signature`. */
function isFingerprintAnswer(rawBody: Buffer): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return false;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false;
  const { userData, signature } = parsed as { userData?: unknown; signature?: unknown };
  return (
    typeof userData === 'object' &&
    userData !== null &&
    !Array.isArray(userData) &&
    typeof signature === 'string'
  );
}
