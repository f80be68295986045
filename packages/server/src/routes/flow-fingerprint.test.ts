import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { join } from 'node:path';
import { startFingerprintServer, type RunningFingerprintServer } from '@idv/fingerprint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDevice } from '../testing/flow-client.js';
import {
  createLink,
  createScratchDatabase,
  createTestApp,
  type ScratchDatabase,
  type TestApp,
} from '../testing/harness.js';

/** The raw answer of the fingerprint service to a Node client (the device, here). */
function fingerprintOf(url: string, ca: string): Promise<string> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      })
      .on('error', reject);
  });
}

/** A device with an open session on a new link, and how it forwards a body to `/flow/fingerprint`. */
async function deviceOn(test: TestApp) {
  const account = await test.account('premium');
  const link = await createLink(test, account.token);
  const device = await openDevice(test, link.linkId);
  const forward = (body: string, token = device.token) =>
    test.inject({
      method: 'POST',
      url: '/api/v1/flow/fingerprint',
      headers: { 'x-flow-session': token, 'content-type': 'application/json' },
      payload: body,
    });
  return { account, link, forward };
}

describe('POST /flow/fingerprint with a real fingerprint service', () => {
  let scratch: ScratchDatabase;
  let fingerprint: RunningFingerprintServer;
  let ca: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    // Where `npm start` puts it: the server trusts this self-signed certificate by default.
    fingerprint = await startFingerprintServer({
      dataDir: join(scratch.dataDir, 'fingerprint'),
      port: 0,
      host: '127.0.0.1',
    });
    ca = readFileSync(join(scratch.dataDir, 'fingerprint', 'tls', 'self-signed-cert.pem'), 'utf8');
  });
  afterAll(async () => {
    await fingerprint.close();
    await scratch.drop();
  });

  it('verifies the forwarded answer with the cached public key and stores the signals as device', async () => {
    const test = await createTestApp({
      start: new Date(),
      env: { IDV_FINGERPRINT_URL: fingerprint.url, IDV_RATE_LIMITS: 'off' },
    });
    try {
      // The certificate `npm start` has the fingerprint service generate in <data-dir>/fingerprint.
      const tls = join(test.config.dataDir, 'fingerprint', 'tls');
      mkdirSync(tls, { recursive: true });
      writeFileSync(join(tls, 'self-signed-cert.pem'), ca);
      const { account, link, forward } = await deviceOn(test);
      const raw = await fingerprintOf(`${fingerprint.url}/`, ca);
      expect((await forward(raw)).statusCode).toBe(204);
      const record = (
        await test.inject({
          method: 'GET',
          url: `/api/v1/verifications/${link.verificationId}`,
          token: account.token,
        })
      ).json();
      const userData = (JSON.parse(raw) as { userData: Record<string, unknown> }).userData;
      expect(record.device).toEqual(userData);
      expect(record.device.tlsFingerprint).toMatch(/^771,/);
      // Never in public answers.
      const poll = await test.inject({
        method: 'GET',
        url: `/api/v1/verifications/${link.verificationId}/status?linkId=${link.linkId}&include=operationGuid`,
      });
      expect(poll.body).not.toContain('tlsFingerprint');

      // A changed byte breaks the signature; garbage is refused; so is a stale answer.
      const tampered = raw.replace(/"ip":"[^"]*"/, '"ip":"203.0.113.9"');
      expect(tampered).not.toBe(raw);
      const refused = await forward(tampered);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/does not verify/);
      expect((await forward('{"userData":{},"signature":"AAAA"}')).statusCode).toBe(400);
      expect((await forward('not json')).statusCode).toBe(400);
      test.clock.advance(16 * 60_000);
      expect((await forward(raw)).json().message).toMatch(/not fresh/);
      expect((await forward(raw, 'unknown')).statusCode).toBe(401);
      const big = await forward(`{"userData":{"x":"${'a'.repeat(70 * 1024)}"},"signature":"AA"}`);
      expect(big.statusCode).toBe(413);
    } finally {
      await test.close();
    }
  });

  it('trusts IDV_FINGERPRINT_CA when given', async () => {
    const test = await createTestApp({
      start: new Date(),
      env: {
        IDV_FINGERPRINT_URL: fingerprint.url,
        IDV_FINGERPRINT_CA: join(scratch.dataDir, 'fingerprint', 'tls', 'self-signed-cert.pem'),
      },
    });
    try {
      expect(await test.services.fingerprints.publicKey()).toBe(
        Buffer.from(fingerprint.publicKeyPem).toString('base64'),
      );
    } finally {
      await test.close();
    }
  });

  it('answers 503 without IDV_FINGERPRINT_URL', async () => {
    const test = await createTestApp({ start: new Date() });
    expect(test.config.fingerprintUrl).toBeUndefined();
    try {
      const { forward } = await deviceOn(test);
      const answer = await forward(await fingerprintOf(`${fingerprint.url}/`, ca));
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({
        type: 'ErrorResponse',
        message: expect.stringMatching(/not configured/),
      });
    } finally {
      await test.close();
    }
  });

  it('trusts only the configured certificate: an unknown self-signed one fails closed (503)', async () => {
    const test = await createTestApp({
      start: new Date(),
      env: { IDV_FINGERPRINT_URL: fingerprint.url },
    });
    try {
      const { forward } = await deviceOn(test);
      const answer = await forward(await fingerprintOf(`${fingerprint.url}/`, ca));
      expect(answer.statusCode).toBe(503);
    } finally {
      await test.close();
    }
  });
});
