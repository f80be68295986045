import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { serializeSignedBody } from './lib/signing/signed-body.js';
import type { FingerprintUserData } from './types.js';
import { verifyFingerprint } from './verify.js';

// A 2048-bit key keeps this unit test fast; the service's own RSA-4096 key is covered in test/.
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

const userData: FingerprintUserData = {
  timeStampUtc: '2026-01-01T00:00:00.000Z',
  tlsFingerprint: '771,4865,0-10,29,0',
  tlsFingerprintHash: 'x',
  tlsFingerprintSslGreased: '0',
  http2Fingerprint: null,
  http2FingerprintHash: null,
  headers: { 'X-Quote': 'a "quoted" {brace} \\ ünïcode' },
  headerSignature: 'y',
  etag: 'e',
  etagFirstRequest: true,
  geoData: {},
  ip: '127.0.0.1',
  cookie: 'c',
};

const body = await serializeSignedBody(userData, privateKey);

describe('verifyFingerprint', () => {
  it('verifies the serialized body as a string, as bytes, and with a base64 PEM', () => {
    expect(verifyFingerprint(body, publicKeyPem)).toEqual({ valid: true, userData });
    expect(verifyFingerprint(Buffer.from(body), publicKeyPem).valid).toBe(true);
    expect(verifyFingerprint(`${body}\n`, publicKeyPem).valid).toBe(true);
    expect(verifyFingerprint(body, Buffer.from(publicKeyPem).toString('base64')).valid).toBe(true);
  });

  it('never throws: bad bodies and bad keys answer {valid: false}', () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    const otherPem = other.export({ type: 'spki', format: 'pem' }).toString();
    const ecPem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    for (const [bad, key] of [
      [body, otherPem],
      [body, ecPem],
      [body, 'not a key'],
      ['', publicKeyPem],
      ['{', publicKeyPem],
      ['{"userData":{},"signature":"!!"}', publicKeyPem],
      ['{"userData":[],"signature":"AAAA"}', publicKeyPem],
      ['null', publicKeyPem],
      [body.replace('"signature":"', '"signature":"A'), publicKeyPem],
      [Buffer.alloc(2 * 1024 * 1024, 0x20), publicKeyPem],
    ] as const) {
      expect(verifyFingerprint(bad, key)).toEqual({ valid: false });
    }
  });
});
