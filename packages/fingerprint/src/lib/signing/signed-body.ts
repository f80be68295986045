import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import type { FingerprintUserData } from '../../types.js';

/** The opening of every signed body; `userData` is always the first key. */
export const SIGNED_BODY_PREFIX = '{"userData":';

/**
 * Signs `bytes` with RSASSA-PKCS1-v1_5 / SHA-256 on libuv's thread pool (the callback form of
 * `crypto.sign`): an RSA-4096 signature takes milliseconds of CPU, which would otherwise stall the
 * event loop, and every other connection with it, once per answer.
 */
function signOffLoop(bytes: Buffer, privateKey: KeyObject): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    sign('sha256', bytes, privateKey, (error, signature) => {
      if (error) reject(error);
      else resolve(signature);
    });
  });
}

/**
 * Serializes `userData` and signs the exact UTF-8 bytes of that serialization with
 * RSASSA-PKCS1-v1_5 / SHA-256, then returns the body `{"userData":<bytes>,"signature":"…"}`, so a
 * verifier can slice the signed bytes out of the raw body (DESIGN.md §4). The signature is
 * computed off the event loop (see {@link signOffLoop}).
 */
export async function serializeSignedBody(
  userData: FingerprintUserData,
  privateKey: KeyObject,
): Promise<string> {
  const userDataJson = JSON.stringify(userData);
  const signature = (await signOffLoop(Buffer.from(userDataJson, 'utf8'), privateKey)).toString(
    'base64',
  );
  return `${SIGNED_BODY_PREFIX}${userDataJson},"signature":"${signature}"}`;
}

/** Loads a PEM private key for {@link serializeSignedBody}. */
export function loadSigningKey(privateKeyPem: string): KeyObject {
  return createPrivateKey(privateKeyPem);
}
