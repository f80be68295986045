import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import type { FingerprintUserData } from '../../types.js';

/** The opening of every signed body; `userData` is always the first key. */
export const SIGNED_BODY_PREFIX = '{"userData":';

/**
 * Serializes `userData` and signs the exact UTF-8 bytes of that serialization with
 * RSASSA-PKCS1-v1_5 / SHA-256, then returns the body `{"userData":<bytes>,"signature":"…"}`, so a
 * verifier can slice the signed bytes out of the raw body (DESIGN.md §4).
 */
export function serializeSignedBody(userData: FingerprintUserData, privateKey: KeyObject): string {
  const userDataJson = JSON.stringify(userData);
  const signature = sign('sha256', Buffer.from(userDataJson, 'utf8'), privateKey).toString(
    'base64',
  );
  return `${SIGNED_BODY_PREFIX}${userDataJson},"signature":"${signature}"}`;
}

/** Loads a PEM private key for {@link serializeSignedBody}. */
export function loadSigningKey(privateKeyPem: string): KeyObject {
  return createPrivateKey(privateKeyPem);
}
