import {
  expectedFields,
  generateIdentity,
  genuineChallenge,
  renderDocument,
  type ChallengeScene,
  type Identity,
} from '@idv/analysis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLink, type TestAccount, type TestApp } from '../testing/harness.js';
import { openDevice, type TestDevice } from '../testing/flow-client.js';
import {
  createWebhookTestApp,
  verifyReceivedWebhook,
  type WebhookReceiver,
} from '../testing/webhook-receiver.js';

/**
 * Document types (DESIGN §9): the person's choice on the flow API, the lists a link and a company
 * allow, and passports (one data page, analysed for real by the in-process engine) through the
 * whole flow, with their records and webhooks.
 */
describe('document types in the flow', () => {
  let test: TestApp;
  let account: TestAccount;
  let receiver: WebhookReceiver;
  let holder: Identity;
  let images: Record<'passport' | 'card', Buffer>;
  /** A live selfie: frontal frame, then a head turn (the challenge the server re-checks). */
  let selfie: ChallengeScene;

  beforeAll(async () => {
    ({ test, account, receiver } = await createWebhookTestApp());
    // Face 15: its rendered head turn reads clearly (`npm run bench:liveness`); the synthetic turn
    // of a few demo faces (3, 4, 12) does not, and the server re-checks the challenge on the frames.
    holder = { ...generateIdentity('passport-holder'), faceIndex: 15 };
    const [passport, card] = await Promise.all([
      renderDocument(holder, { kind: 'passport', side: 'front', degrade: 'photo' }),
      renderDocument(holder, { kind: 'id-card', side: 'front', degrade: 'photo' }),
    ]);
    images = {
      passport: passport.image,
      card: card.image,
    };
    selfie = await genuineChallenge(holder.faceIndex, 'turn-left');
  }, 120_000);
  afterAll(async () => {
    await test.close();
    await receiver.close();
  });

  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    test.inject({
      method,
      url: `/api/v1${url}`,
      token: account.token,
      ...(payload ? { payload } : {}),
    });
  const start = async (body: Record<string, unknown>) => {
    const created = await createLink(test, account.token, body);
    const device = await openDevice(test, created.linkId);
    expect((await device.post('/terms', { accepted: true })).statusCode).toBe(200);
    return { ...created, device };
  };
  const choose = (device: TestDevice, documentType: unknown) =>
    device.post('/document-type', { documentType });
  const record = async (verificationId: string) =>
    (await api('GET', `/verifications/${verificationId}`)).json() as Record<string, unknown> & {
      data: Record<string, unknown>;
      images: Record<string, unknown>;
    };
  const events = async (verificationId: string, count: number) => {
    await receiver.waitFor(count, (r) => r.body.includes(verificationId), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 150));
    return receiver.received
      .filter((r) => r.body.includes(verificationId))
      .map((r) => verifyReceivedWebhook(r, account.webhookSecret));
  };

  it('the session offers both types until the person chooses; the choice sets the captures', async () => {
    const { device } = await start({ type: 'FULL FLOW' });
    expect(device.session).toMatchObject({
      documentType: null,
      documentTypes: ['ID_CARD', 'PASSPORT'],
      requiredCaptures: ['front', 'back', 'selfie'],
    });
    const passport = await choose(device, 'PASSPORT');
    expect(passport.statusCode).toBe(200);
    expect(passport.json()).toMatchObject({
      documentType: 'PASSPORT',
      requiredCaptures: ['front', 'selfie'],
      completedCaptures: [],
    });
    // The person may change their mind before the first capture.
    expect((await choose(device, 'ID_CARD')).json()).toMatchObject({
      documentType: 'ID_CARD',
      requiredCaptures: ['front', 'back', 'selfie'],
    });
    expect((await device.get('/session')).json()).toMatchObject({ documentType: 'ID_CARD' });
    for (const bad of ['DRIVING_LICENSE', 'passport', '', 7, null]) {
      const refused = await choose(device, bad);
      expect(refused.statusCode, String(bad)).toBe(400);
    }
    expect((await device.post('/document-type', {})).statusCode).toBe(400);
    const extra = await device.post('/document-type', { documentType: 'PASSPORT', x: 1 });
    expect(extra.statusCode).toBe(400);
  });

  it('a choice needs the session token', async () => {
    const answer = await test.inject({
      method: 'POST',
      url: '/api/v1/flow/document-type',
      payload: { documentType: 'PASSPORT' },
    });
    expect(answer.statusCode).toBe(401);
  });

  it('a link restricts the types: a single type is chosen already, another is refused (409)', async () => {
    const { linkId, device } = await start({ type: 'ID ONLY', documentTypes: ['PASSPORT'] });
    expect(device.session).toMatchObject({
      documentType: 'PASSPORT',
      documentTypes: ['PASSPORT'],
      requiredCaptures: ['front'],
    });
    const refused = await choose(device, 'ID_CARD');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('not allowed');
    expect((await api('GET', `/links/${linkId}`)).json()).toMatchObject({
      documentTypes: ['PASSPORT'],
    });
  });

  it('POST /links validates documentTypes: a non-empty list of known types, each once', async () => {
    for (const documentTypes of [[], ['VISA'], ['PASSPORT', 'PASSPORT'], 'PASSPORT', [null]]) {
      const answer = await api('POST', '/links', { type: 'FULL FLOW', documentTypes });
      expect(answer.statusCode, JSON.stringify(documentTypes)).toBe(400);
    }
    const both = await api('POST', '/links', {
      type: 'FULL FLOW',
      documentTypes: ['PASSPORT', 'ID_CARD'],
    });
    expect(both.statusCode).toBe(201);
    expect((await api('GET', `/links/${both.json().linkId}`)).json()).toMatchObject({
      documentTypes: ['ID_CARD', 'PASSPORT'],
    });
  });

  it("the company's default list applies to new links; a link's own list wins", async () => {
    const company = (await api('GET', '/users/me/company')).json();
    expect(company.verificationConfig.documentTypes).toEqual(['ID_CARD', 'PASSPORT']);
    for (const documentTypes of [[], ['ID_CARD', 'ID_CARD'], ['RESIDENCE_PERMIT']]) {
      const refused = await api('PATCH', '/users/me/company', {
        verificationConfig: { documentTypes },
      });
      expect(refused.statusCode, JSON.stringify(documentTypes)).toBe(400);
    }
    const patched = await api('PATCH', '/users/me/company', {
      verificationConfig: { documentTypes: ['ID_CARD'] },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().verificationConfig.documentTypes).toEqual(['ID_CARD']);
    try {
      const { linkId, device } = await start({ type: 'FULL FLOW' });
      expect(device.session).toMatchObject({ documentType: 'ID_CARD', documentTypes: ['ID_CARD'] });
      expect((await api('GET', `/links/${linkId}`)).json().documentTypes).toEqual(['ID_CARD']);
      const own = await start({ type: 'FULL FLOW', documentTypes: ['PASSPORT'] });
      expect(own.device.session).toMatchObject({ documentTypes: ['PASSPORT'] });
    } finally {
      await api('PATCH', '/users/me/company', {
        verificationConfig: { documentTypes: ['ID_CARD', 'PASSPORT'] },
      });
    }
  });

  it('FULL FLOW passport: the data page, then the selfie → success; data from the MRZ, no back, no addback events', async () => {
    const { verificationId, device } = await start({
      type: 'FULL FLOW',
      externalUserId: 'passport-holder',
    });
    expect((await choose(device, 'PASSPORT')).statusCode).toBe(200);
    const front = await device.document('front', images.passport);
    expect(front.json()).toMatchObject({
      accepted: true,
      status: 'started',
      step: 'ADD_FRONT',
      next: 'selfie',
    });
    expect((await device.document('back', images.card)).statusCode).toBe(409);
    // Fixed once a capture was accepted (choosing it again is harmless).
    expect((await choose(device, 'ID_CARD')).statusCode).toBe(409);
    expect((await choose(device, 'PASSPORT')).statusCode).toBe(200);
    expect((await device.get('/session')).json()).toMatchObject({
      requiredCaptures: ['front', 'selfie'],
      completedCaptures: ['front'],
    });
    const answer = await device.liveSelfie(selfie);
    expect(answer.json()).toMatchObject({ accepted: true, status: 'success', next: 'done' });

    const read = await record(verificationId);
    const fields = expectedFields(holder);
    expect(read).toMatchObject({ status: 'success', step: 'END_OPERATION' });
    expect(read.data).toMatchObject({
      documentType: 'PASSPORT',
      firstNames: fields.firstNames,
      lastNames: fields.lastNames,
      birthDate: fields.birthDate,
      dateOfExpiry: fields.dateOfExpiry,
      idNumber: fields.idNumber,
      nationality: fields.nationality,
      gender: fields.gender,
    });
    expect(read.images.addFront).toBeDefined();
    expect(read.images).not.toHaveProperty('addBack');
    const received = await events(verificationId, 6);
    expect(received.map((e) => e.type)).toEqual([
      'verification.started',
      'verification.addfront.started',
      'verification.addfront.successful',
      'verification.register.started',
      'verification.register.successful',
      'verification.successful',
    ]);
    expect(received[0]!.data).not.toHaveProperty('documentType');
    for (const event of received.slice(1))
      expect(event.data, event.type).toMatchObject({ documentType: 'PASSPORT' });
  });

  it('a card shown for a passport (and a passport for a card) is refused as WRONG_DOCUMENT_TYPE, retry counted', async () => {
    const passport = await start({ type: 'ID ONLY' });
    await choose(passport.device, 'PASSPORT');
    const card = await passport.device.document('front', images.card);
    expect(card.json()).toMatchObject({
      accepted: false,
      remainingRetries: 2,
      next: 'front',
      error: { code: 'WRONG_DOCUMENT_TYPE', message: expect.stringContaining('not a passport') },
    });
    // Refused, not accepted: the person may still switch to the card they hold.
    expect((await choose(passport.device, 'ID_CARD')).json()).toMatchObject({
      documentType: 'ID_CARD',
      remainingRetries: { front: 2 },
    });

    const cardFlow = await start({ type: 'ID ONLY' });
    await choose(cardFlow.device, 'ID_CARD');
    const page = await cardFlow.device.document('front', images.passport);
    expect(page.json()).toMatchObject({
      accepted: false,
      remainingRetries: 2,
      error: { code: 'WRONG_DOCUMENT_TYPE', message: expect.stringContaining('passport') },
    });
  });

  it('a front sent without a choice is taken as a card (and the type is then fixed)', async () => {
    const { verificationId, device } = await start({ type: 'ID ONLY' });
    const page = await device.document('front', images.passport);
    expect(page.json()).toMatchObject({ accepted: false, error: { code: 'WRONG_DOCUMENT_TYPE' } });
    expect((await record(verificationId)).data).toEqual({ documentType: 'ID_CARD' });
  });
});
