import { buildAnalysisApp, createAnalysisEngine } from '@idv/analysis';
import { generateIdentity, genuineChallenge, renderDocument } from '@idv/analysis/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCloudKeyAuthority } from '../cloud-keys.js';
import { createLink, createTestApp, type TestAccount, type TestApp } from '../testing/harness.js';
import { openDevice } from '../testing/flow-client.js';

/**
 * The analysis services on their own (as `npm start` runs `idv-server analysis start --data-dir` beside
 * the server): the analysis app authenticates with the server's own cloud-services key authority
 * on the same database, and the server's pipeline calls it over HTTP with a holder's keys.
 */
describe('captures analysed by the standalone analysis services (shared database keys)', () => {
  let admin: TestApp;
  let server: TestApp;
  let account: TestAccount;
  let analysis: FastifyInstance;
  let closeAuthority: () => Promise<void> | void;
  const keys: Record<string, { id: string; secret: string }> = {};

  beforeAll(async () => {
    admin = await createTestApp();
    account = await admin.account('pro');
    for (const service of ['id', 'face', 'antispoofing']) {
      const created = await admin.inject({
        method: 'POST',
        url: '/api/v1/cloud-services/keys',
        token: account.token,
        payload: { service, name: `${service} for the verification server` },
      });
      expect(created.statusCode).toBe(201);
      keys[service] = { id: created.json()._id, secret: created.json().secret };
    }
    const authority = await openCloudKeyAuthority({
      dataDir: admin.scratch.dataDir,
      ...(admin.scratch.databaseUrl ? { databaseUrl: admin.scratch.databaseUrl } : {}),
    });
    closeAuthority = () => authority.close();
    analysis = await buildAnalysisApp({ engine: createAnalysisEngine(), authority });
    const url = await analysis.listen({ port: 0, host: '127.0.0.1' });
    server = await createTestApp({
      scratch: admin.scratch,
      env: {
        IDV_RATE_LIMITS: 'off',
        IDV_ID_ANALYSIS_URL: `${url}/id`,
        IDV_ID_ANALYSIS_KEY: keys.id!.secret,
        IDV_FACE_ANALYSIS_URL: `${url}/face`,
        IDV_FACE_ANALYSIS_KEY: keys.face!.secret,
        IDV_ANTISPOOFING_URL: `${url}/antispoofing`,
        IDV_ANTISPOOFING_KEY: keys.antispoofing!.secret,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await analysis?.close();
    await closeAuthority?.();
    await admin?.close();
  });

  const usage = async (service: string) =>
    (
      await admin.inject({
        method: 'GET',
        url: `/api/v1/cloud-services/keys/${keys[service]!.id}`,
        token: account.token,
      })
    ).json().usage.used as number;

  it('runs a FULL FLOW over HTTP, each call counted on the holder key of its service', async () => {
    // Sample face 15: its rendered head turns read clearly on the server's mesh (bench:liveness).
    const person = { ...generateIdentity(21), faceIndex: 15 };
    const [front, back] = await Promise.all([
      renderDocument(person, { kind: 'residence-permit', side: 'front' }),
      renderDocument(person, { kind: 'residence-permit', side: 'back' }),
    ]);
    const link = await createLink(server, account.token, { type: 'FULL FLOW' });
    const device = await openDevice(server, link.linkId);
    await device.post('/terms', { accepted: true });
    expect((await device.document('front', front.image)).json()).toMatchObject({ accepted: true });
    expect((await device.document('back', back.image)).json()).toMatchObject({ accepted: true });
    const selfie = await device.liveSelfie(await genuineChallenge(person.faceIndex, 'turn-right'));
    expect(selfie.json()).toMatchObject({ accepted: true, status: 'success' });
    expect(await usage('id')).toBe(2);
    expect(await usage('face')).toBe(1);
    expect(await usage('antispoofing')).toBe(1);
    const record = (
      await server.inject({
        method: 'GET',
        url: `/api/v1/verifications/${link.verificationId}`,
        token: account.token,
      })
    ).json();
    expect(record.data.idNumber).toBe(person.documentNumber);
  });

  it('answers 503 and keeps the attempt when the analysis service refuses the key', async () => {
    const paused = await admin.inject({
      method: 'PATCH',
      url: `/api/v1/cloud-services/keys/${keys.id!.id}`,
      token: account.token,
      payload: { paused: true },
    });
    expect(paused.statusCode).toBe(200);
    const person = generateIdentity(22);
    const front = await renderDocument(person, { kind: 'id-card', side: 'front' });
    const link = await createLink(server, account.token, { type: 'ID ONLY' });
    const device = await openDevice(server, link.linkId);
    await device.post('/terms', { accepted: true });
    const answer = await device.document('front', front.image);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ type: 'ErrorResponse', message: expect.any(String) });
    expect((await device.get('/session')).json()).toMatchObject({
      status: 'started',
      remainingRetries: { front: 3 },
    });
  });
});
