import {
  faceCapture,
  generateIdentity,
  genuineChallenge,
  renderDocument,
  stillReplay,
  type ChallengeScene,
} from '@idv/analysis/testing';
import type { PortalVerificationReview } from '@idv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACE_MATCH_THRESHOLD } from '../services/pipeline/capture-decisions.js';
import { challengeMeta, openDevice, type TestDevice } from '../testing/flow-client.js';
import { createLink, createTestApp, type TestAccount, type TestApp } from '../testing/harness.js';
import { portalBrowser, type PortalBrowser } from '../testing/portal-session.js';

/**
 * The verification detail's review (issue 16), from a FULL FLOW run for real through the capture
 * pipeline and the in-process analysis: rendered ID card front and back, a still photo claiming a
 * turn (refused), then a live turn (accepted).
 */
describe('portal verification review (GET /app/api/verifications/{id}/review)', () => {
  let test: TestApp;
  let account: TestAccount;
  let owner: PortalBrowser;
  let verificationId: string;
  let earlierId: string;
  let foreignId: string;
  let review: PortalVerificationReview;
  let refused: { code: string | undefined; review: PortalVerificationReview };

  const answer = async (response: Promise<{ statusCode: number; json(): unknown }>) => {
    const done = await response;
    expect(done.statusCode, JSON.stringify(done.json())).toBe(200);
    return done.json() as { accepted: boolean; status: string; error?: { code: string } };
  };
  const send = (device: TestDevice, scene: ChallengeScene) =>
    device.selfie(scene.frames, { ...challengeMeta(scene), source: 'camera' });

  beforeAll(async () => {
    test = await createTestApp({ env: { IDV_RATE_LIMITS: 'off' } });
    account = await test.account('pro');
    owner = await portalBrowser(test, account.companyId, 'viewer');
    const endpoint = await test.inject({
      method: 'POST',
      url: '/api/v1/webhook-endpoints',
      token: account.token,
      payload: { url: 'https://93.184.216.34/hook', description: 'review' },
    });
    expect(endpoint.statusCode).toBe(201);
    // The same person verified before, and another company's person with the same id.
    earlierId = (await createLink(test, account.token, { type: 'ID ONLY', externalUserId: 'ana' }))
      .verificationId;
    const other = await test.account('pro');
    foreignId = (await createLink(test, other.token, { type: 'ID ONLY', externalUserId: 'ana' }))
      .verificationId;

    const ana = { ...generateIdentity('portal-review'), faceIndex: 15 };
    const [front, back] = await Promise.all([
      renderDocument(ana, { kind: 'id-card', side: 'front', degrade: 'photo' }),
      renderDocument(ana, { kind: 'id-card', side: 'back', degrade: 'photo' }),
    ]);
    const link = await createLink(test, account.token, {
      type: 'FULL FLOW',
      externalUserId: 'ana',
    });
    verificationId = link.verificationId;
    const device = await openDevice(test, link.linkId);
    await device.post('/terms', { accepted: true });
    test.clock.advance(1000);
    expect((await answer(device.document('front', front.image))).accepted).toBe(true);
    test.clock.advance(1000);
    expect((await answer(device.document('back', back.image))).accepted).toBe(true);
    test.clock.advance(1000);
    const photo = await faceCapture(ana.faceIndex, { seed: 'held-up photo', width: 900 });
    const still = await answer(send(device, stillReplay('turn-left', photo, 3)));
    expect(still.accepted).toBe(false);
    refused = {
      code: still.error?.code,
      review: (await owner.call('GET', `/verifications/${link.verificationId}/review`)).json(),
    };
    test.clock.advance(1000);
    expect(
      await answer(send(device, await genuineChallenge(ana.faceIndex, 'turn-left'))),
    ).toMatchObject({ accepted: true, status: 'success' });

    const read = await owner.call('GET', `/verifications/${verificationId}/review`);
    expect(read.statusCode, read.body).toBe(200);
    review = read.json();
  }, 300_000);
  afterAll(async () => test.close());

  it('puts the MRZ and the visual zone side by side, field by field, and marks agreement', () => {
    expect(review.readings).not.toBeNull();
    const rows = review.readings!.rows;
    const byField = Object.fromEntries(rows.map((row) => [row.field, row]));
    // The rendered card's MRZ and its printed data carry the same identity.
    for (const field of ['birthDate', 'idNumber', 'dateOfExpiry'] as const) {
      expect(byField[field]?.mrz, field).toBeTruthy();
      expect(byField[field]?.state, field).toMatch(/^(agree|resolved)$/);
    }
    expect(byField['idNumber']!.mrz).toBe(byField['idNumber']!.viz);
    // The MRZ carries no issue date: read by the visual zone alone.
    if (byField['dateOfIssue'] !== undefined) expect(byField['dateOfIssue'].state).toBe('single');
    expect(review.readings!.mrzRaw).toMatch(/^I.+\n.+\n.+$/);
    expect(review.readings!.mrzValid).toBe(true);
  });

  it('lists each barcode with the fields the analysis read from it, which fill the barcode column', () => {
    const ana = generateIdentity('portal-review');
    const pdf417 = review.readings!.barcodes.find((barcode) => barcode.format === 'PDF417');
    expect(pdf417?.fields).toMatchObject({
      idNumber: ana.documentNumber,
      lastNames: ana.lastNames,
      birthDate: ana.birthDate,
    });
    const byField = Object.fromEntries(review.readings!.rows.map((row) => [row.field, row]));
    expect(byField['idNumber']!.barcode).toBe(ana.documentNumber);
  });

  it('keeps the accepted selfie: the face score against the threshold, the challenge as claimed and as the frames show it, the anti-spoofing verdict', () => {
    expect(review.selfie).toMatchObject({
      threshold: FACE_MATCH_THRESHOLD,
      source: 'camera',
      challenge: { type: 'turn-left', passed: true },
      challengeVerdict: 'confirmed',
      antiSpoofing: true,
      spoofing: false,
      rejection: null,
    });
    expect(review.selfie!.score).toBeGreaterThanOrEqual(FACE_MATCH_THRESHOLD);
    expect(review.selfie!.spoofScore).toBeLessThan(0.5);
  });

  it('tells the timeline in order: creation, each capture event, the end', () => {
    const kinds = review.timeline.map((entry) => entry.kind);
    expect(kinds[0]).toBe('created');
    for (const kind of [
      'verification.addfront.successful',
      'verification.addback.successful',
      'verification.register.successful',
      'verification.successful',
    ])
      expect(kinds, kind).toContain(kind);
    const times = review.timeline.map((entry) => entry.at);
    expect([...times].sort()).toEqual(times);
  });

  it("lists the webhook deliveries of the verification's events to the company's endpoint", () => {
    expect(review.deliveries.length).toBeGreaterThan(0);
    for (const delivery of review.deliveries)
      expect(delivery).toMatchObject({ endpointUrl: 'https://93.184.216.34/hook' });
    expect(review.deliveries.map((d) => d.type)).toContain('verification.successful');
  });

  it("shows each delivery's last attempt: its status code and error, or nulls before any", async () => {
    const delivery = review.deliveries.find((d) => d.type === 'verification.successful')!;
    const db = test.services.context.database.db;
    // Two attempts as the worker records them, the later one stored first.
    for (const [attempt, statusCode, error] of [
      [2, 503, 'HTTP 503'],
      [1, null, 'connection refused'],
    ] as const)
      await db
        .insertInto('webhook_attempts')
        .values({
          id: `attempt-${attempt}-${delivery._id}`,
          delivery_id: delivery._id,
          attempt,
          worker: 'review-test',
          started_at: new Date(test.clock.now()).toISOString(),
          duration_ms: 12,
          status_code: statusCode,
          error,
          success: 0,
        })
        .execute();
    const after = (
      await owner.call('GET', `/verifications/${verificationId}/review`)
    ).json() as PortalVerificationReview;
    for (const listed of after.deliveries)
      expect(listed, listed.type).toMatchObject(
        listed._id === delivery._id
          ? { lastStatusCode: 503, lastError: 'HTTP 503' }
          : { lastStatusCode: null, lastError: null },
      );
  });

  it("lists the same person's other verifications, never another company's", () => {
    const ids = review.related.map((r) => r._id);
    expect(ids).toEqual([earlierId]);
    expect(ids).not.toContain(foreignId);
  });

  it('keeps a refused selfie too, with its rejection code and the verdict that refused it', () => {
    expect(refused.code).toMatch(/^(SPOOF_DETECTED|LIVENESS_FAILED)$/);
    expect(refused.review.selfie).toMatchObject({ rejection: refused.code, antiSpoofing: true });
    expect(refused.review.selfie!.challengeVerdict).not.toBe('confirmed');
    // The faces are compared only once the liveness is shown.
    expect(refused.review.selfie!.score).toBeNull();
  });

  it('shows an override with its reason at the end of the timeline', async () => {
    test.clock.advance(1000);
    const reviewer = await portalBrowser(test, account.companyId, 'reviewer');
    const reasons = (await reviewer.call('GET', '/feedback-reasons')).json() as { _id: string }[];
    const override = await reviewer.call('POST', `/verifications/${verificationId}/override`, {
      overrideStatus: 'failed',
      reasonId: reasons[0]!._id,
    });
    expect(override.statusCode).toBe(201);
    const after = (
      await reviewer.call('GET', `/verifications/${verificationId}/review`)
    ).json() as PortalVerificationReview;
    const last = after.timeline.at(-1)!;
    expect(last.kind).toBe('override');
    expect(last.detail).toMatch(/^success → failed: /);
  });

  it('answers 404 for an unknown id and another company', async () => {
    for (const id of [foreignId, '00000000-0000-4000-8000-00000000abcd'])
      expect((await owner.call('GET', `/verifications/${id}/review`)).statusCode).toBe(404);
  });
});
