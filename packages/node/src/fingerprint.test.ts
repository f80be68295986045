import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
// The fingerprint service's own signer (RSASSA-PKCS1-v1_5 / SHA-256 over the userData bytes).
import { serializeSignedBody } from '@idv/fingerprint/server';
import { verifyFingerprint, type FingerprintUserData } from './fingerprint.js';

// The service uses RSA-4096; 2048 bits keep key generation quick and the scheme is the same.
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

const userData: FingerprintUserData = {
  timeStampUtc: '2026-01-01T00:00:00.000Z',
  tlsFingerprint: '771,4865-4866,0-10-11,29-23,0',
  tlsFingerprintHash: 'a0e9f5d64349fb13191bc781f81f42e1',
  tlsFingerprintSslGreased: '1',
  http2Fingerprint: null,
  http2FingerprintHash: null,
  headers: { 'User-Agent': 'a "quoted" {brace} \\ ünïcode' },
  headerSignature: 'h',
  etag: 'e',
  etagFirstRequest: true,
  geoData: { country: 'Spain', subdivisions: ['Madrid'] },
  ip: '203.0.113.7',
  cookie: 'c',
};
const body = await serializeSignedBody(userData, privateKey);

describe('verifyFingerprint', () => {
  it('verifies an answer signed by the service, as text, bytes, and with a base64 PEM', async () => {
    expect(await verifyFingerprint(body, publicKeyPem)).toEqual({ valid: true, userData });
    expect((await verifyFingerprint(Buffer.from(body), publicKeyPem)).valid).toBe(true);
    const base64Pem = Buffer.from(publicKeyPem).toString('base64');
    expect((await verifyFingerprint(body, base64Pem)).valid).toBe(true);
  });

  it('verifies userData and the signature given apart', async () => {
    const parsed = JSON.parse(body) as { userData: unknown; signature: string };
    const userDataJson = JSON.stringify(parsed.userData);
    expect(await verifyFingerprint(userDataJson, parsed.signature, publicKeyPem)).toEqual({
      valid: true,
      userData,
    });
    // A body re-serialized with whitespace on the way still verifies (key order kept).
    expect((await verifyFingerprint(JSON.stringify(parsed, null, 2), publicKeyPem)).valid).toBe(
      true,
    );
  });

  it('answers {valid: false} for a changed body, another key, or garbage, never throwing', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    const parsed = JSON.parse(body) as { signature: string };
    for (const [candidate, key] of [
      [body.replace('203.0.113.7', '203.0.113.8'), publicKeyPem],
      [body, other],
      [body, 'not a key'],
      ['', publicKeyPem],
      ['{', publicKeyPem],
      ['{"userData":{},"signature":"!!"}', publicKeyPem],
    ] as const) {
      expect(await verifyFingerprint(candidate, key)).toEqual({ valid: false });
    }
    expect(await verifyFingerprint('{"ip":"1"}', parsed.signature, publicKeyPem)).toEqual({
      valid: false,
    });
  });
});
