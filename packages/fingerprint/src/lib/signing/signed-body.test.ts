import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FingerprintUserData } from '../../types.js';
import { verifyFingerprint } from '../../verify.js';
import { serializeSignedBody } from './signed-body.js';

// The service's own key size: the cost this test is about.
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 4096 });
const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

const userData = {
  timeStampUtc: '2026-01-01T00:00:00.000Z',
  ip: '127.0.0.1',
} as unknown as FingerprintUserData;

describe('serializeSignedBody', () => {
  it('signs off the event loop: other callbacks run while an RSA-4096 signature is computed', async () => {
    const ran: string[] = [];
    setImmediate(() => ran.push('other connection'));
    const signing = serializeSignedBody(userData, privateKey).then((body) => {
      ran.push('signature');
      return body;
    });
    const body = await signing;
    // A signature computed on the event loop would finish before any other callback could run.
    expect(ran).toEqual(['other connection', 'signature']);
    expect(verifyFingerprint(body, publicKeyPem).valid).toBe(true);
  });
});
