import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_REASONS } from '../db/migrations/0001-initial.js';
import { HOUR_MS, MINUTE_MS } from '../lib/clock.js';
import {
  createLink,
  keepDocumentPortrait,
  type TestAccount,
  type TestApp,
} from '../testing/harness.js';
import { multipart } from '../testing/flow-client.js';
import { sampleJpeg, samplePng } from '../testing/images.js';
import {
  createWebhookTestApp,
  verifyReceivedWebhook,
  type WebhookReceiver,
} from '../testing/webhook-receiver.js';

describe('flow sessions', () => {
  let test: TestApp;
  let account: TestAccount;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    ({ test, account, receiver } = await createWebhookTestApp());
  });
  afterAll(async () => {
    await test.close();
    await receiver.close();
  });

  const open = (linkId: string, handoffToken?: string) =>
    test.inject({
      method: 'POST',
      url: '/api/v1/flow/sessions',
      payload: handoffToken === undefined ? { linkId } : { linkId, handoffToken },
    });
  const flow = (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: object) =>
    test.inject({
      method,
      url: `/api/v1/flow${url}`,
      headers: token === undefined ? {} : { 'x-flow-session': token },
      ...(payload !== undefined ? { payload } : {}),
    });
  const eventsOf = async (verificationId: string, count: number) => {
    const received = await receiver.waitFor(count, (r) => r.body.includes(verificationId));
    return received.map((r) => verifyReceivedWebhook(r, account.webhookSecret));
  };

  it('opens the link on one device: started, operationGuid, verification.started signed both ways', async () => {
    const link = await createLink(test, account.token, {
      type: 'FULL FLOW',
      externalUserId: 'ana@example.test',
      metadata: { orderId: 'A-1' },
    });
    const opened = await open(link.linkId);
    expect(opened.statusCode).toBe(201);
    const session = opened.json();
    expect(session).toMatchObject({
      verificationId: link.verificationId,
      linkId: link.linkId,
      status: 'started',
      step: 'NEW_OPERATION',
      method: 'DOCUMENT',
      type: 'FULL FLOW',
      requiredCaptures: ['front', 'back', 'selfie'],
      completedCaptures: [],
      remainingRetries: { front: 3, back: 3, selfie: 3 },
      termsAccepted: false,
      callbackUrl: null,
      company: {
        name: 'Company premium',
        plan: 'premium',
        antiSpoofing: true,
        allowUploadedSelfie: false,
        handoffMode: 'never',
        logoUrl: null,
        locationPermission: 'optional',
        gateRules: { version: expect.any(String), rules: [] },
      },
    });
    expect(session.operationGuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.sessionToken.length).toBeGreaterThanOrEqual(43);
    expect(opened.headers['cache-control']).toBe('no-store');

    const [event] = await eventsOf(link.verificationId, 1);
    expect(event).toEqual({
      type: 'verification.started',
      data: {
        _verificationId: link.verificationId,
        _externalUserId: 'ana@example.test',
        externalUserIdSource: 'api',
        _metadata: { orderId: 'A-1' },
      },
    });
    const poll = await test.inject({
      method: 'GET',
      url: `/api/v1/verifications/${link.verificationId}/status?linkId=${link.linkId}&include=operationGuid`,
    });
    expect(poll.json()).toEqual({
      status: 'started',
      operationGuid: session.operationGuid,
      method: 'DOCUMENT',
    });

    // A reload resumes with the token; another device is refused; terms are recorded.
    const resumed = await flow('GET', '/session', session.sessionToken);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toEqual(
      Object.fromEntries(Object.entries(session).filter(([key]) => key !== 'sessionToken')),
    );
    const other = await open(link.linkId);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      code: 4091,
      name: 'LinkAlreadyUsed',
      description: expect.any(String),
      data: { linkId: link.linkId },
    });
    const terms = await flow('POST', '/terms', session.sessionToken, { accepted: true });
    expect(terms.json().termsAccepted).toBe(true);
    expect(
      (await flow('POST', '/terms', session.sessionToken, { accepted: false })).statusCode,
    ).toBe(400);
    const record = await test.inject({
      method: 'GET',
      url: `/api/v1/verifications/${link.verificationId}`,
      token: account.token,
    });
    expect(record.json().termsAndConditions).toBe(true);
    // Opening emits started once only.
    expect(receiver.received.filter((r) => r.body.includes(link.verificationId))).toHaveLength(1);
  });

  it('tells the device whether a selfie without a live challenge may pass (company.allowUploadedSelfie)', async () => {
    const patchCompany = (allowUploadedSelfie: boolean) =>
      test.inject({
        method: 'PATCH',
        url: '/api/v1/users/me/company',
        token: account.token,
        payload: { allowUploadedSelfie },
      });
    const link = await createLink(test, account.token, { type: 'FULL FLOW' });
    const session = (await open(link.linkId)).json();
    expect(session.company.allowUploadedSelfie).toBe(false);
    expect((await patchCompany(true)).statusCode).toBe(200);
    try {
      // The session read again (a reload, or the element before the selfie) follows the setting.
      const resumed = await flow('GET', '/session', session.sessionToken);
      expect(resumed.json().company.allowUploadedSelfie).toBe(true);
    } finally {
      expect((await patchCompany(false)).statusCode).toBe(200);
    }
    const again = await flow('GET', '/session', session.sessionToken);
    expect(again.json().company.allowUploadedSelfie).toBe(false);
  });

  it('answers 401 without or with an unknown X-Flow-Session, 404 for an unknown link, 400 for a bad body', async () => {
    for (const token of [undefined, '', 'not-a-session']) {
      const response = await flow('GET', '/session', token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ type: 'ErrorResponse', message: expect.any(String) });
    }
    expect((await flow('POST', '/handoff', undefined)).statusCode).toBe(401);
    expect((await open('00000000-0000-4000-8000-000000000001')).statusCode).toBe(404);
    for (const payload of [
      {},
      { linkId: 'x' },
      { linkId: '00000000-0000-4000-8000-000000000001', extra: 1 },
    ]) {
      const response = await test.inject({ method: 'POST', url: '/api/v1/flow/sessions', payload });
      expect(response.statusCode).toBe(400);
    }
  });

  it('moves the session to another device with the one-time hand-off token', async () => {
    const link = await createLink(test, account.token);
    const desktop = (await open(link.linkId)).json();
    const ticketResponse = await flow('POST', '/handoff', desktop.sessionToken);
    expect(ticketResponse.statusCode).toBe(200);
    const ticket = ticketResponse.json();
    const url = new URL(ticket.handoffUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${test.config.publicAppUrl}/v/${link.linkId}`);
    expect(url.searchParams.get('handoff')).toBe(ticket.handoffToken);
    expect(Date.parse(ticket.expiresAt) - test.clock.now()).toBe(10 * MINUTE_MS);

    expect((await open(link.linkId, 'wrong-token')).statusCode).toBe(409);
    const phone = await open(link.linkId, ticket.handoffToken);
    expect(phone.statusCode).toBe(201);
    expect(phone.json()).toMatchObject({ verificationId: link.verificationId, status: 'started' });
    // The desktop's token stops working; the hand-off token is spent.
    expect((await flow('GET', '/session', desktop.sessionToken)).statusCode).toBe(401);
    expect((await flow('GET', '/session', phone.json().sessionToken)).statusCode).toBe(200);
    expect((await open(link.linkId, ticket.handoffToken)).json().name).toBe('LinkAlreadyUsed');

    // A ticket past its 10 minutes is refused.
    const late = (await flow('POST', '/handoff', phone.json().sessionToken)).json();
    test.clock.advance(10 * MINUTE_MS + 1);
    expect((await open(link.linkId, late.handoffToken)).statusCode).toBe(409);
    // Opening never emitted a second started.
    await eventsOf(link.verificationId, 1);
    expect(receiver.received.filter((r) => r.body.includes(link.verificationId))).toHaveLength(1);
  });

  it('refuses expired and spent links with the link error format, and answers 410 to an expired session', async () => {
    const expiring = await createLink(test, account.token);
    const session = (await open(expiring.linkId)).json();
    test.clock.advance(HOUR_MS + 1);
    const expired = await open(expiring.linkId);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ code: 4092, name: 'LinkExpired' });
    const read = await flow('GET', '/session', session.sessionToken);
    expect(read.json()).toMatchObject({ status: 'expired' });
    expect(
      (await flow('POST', '/terms', session.sessionToken, { accepted: true })).statusCode,
    ).toBe(410);
    test.clock.advance(24 * HOUR_MS);
    expect((await flow('GET', '/session', session.sessionToken)).statusCode).toBe(410);
    account.token = await test.token(account);

    const spent = await createLink(test, account.token);
    (await open(spent.linkId)).json();
    const overridden = await createLink(test, account.token);
    for (const { verificationId } of [spent, overridden]) {
      await test.inject({
        method: 'POST',
        url: '/api/v1/verifications/feedback',
        token: account.token,
        payload: { verificationId, overrideStatus: 'failed', reasonId: FEEDBACK_REASONS[3].id },
      });
    }
    expect((await open(spent.linkId)).json()).toMatchObject({
      code: 4091,
      name: 'LinkAlreadyUsed',
    });
    expect((await open(overridden.linkId)).json()).toMatchObject({
      code: 4093,
      name: 'LinkInactive',
    });
  });

  it('leaves the branch unresolved for an adaptive link without identifier, and re-emits started on the FACE branch', async () => {
    const previous = await createLink(test, account.token, {
      type: 'FULL FLOW',
      externalUserId: 'eva@example.test',
    });
    await keepDocumentPortrait(test, previous.verificationId, await sampleJpeg());
    await test.inject({
      method: 'POST',
      url: '/api/v1/verifications/feedback',
      token: account.token,
      payload: {
        verificationId: previous.verificationId,
        overrideStatus: 'success',
        reasonId: FEEDBACK_REASONS[0].id,
      },
    });
    const link = await createLink(test, account.token, { type: 'FULL FLOW', adaptiveFlow: true });
    const session = (await open(link.linkId)).json();
    expect(session).toMatchObject({ method: null, requiredCaptures: ['front', 'back', 'selfie'] });
    const identified = await test.inject({
      method: 'PATCH',
      url: '/api/v1/verifications/identify',
      payload: { verificationId: link.verificationId, email: 'Eva@Example.test' },
    });
    expect(identified.json()).toMatchObject({ method: 'FACE' });
    expect((await flow('GET', '/session', session.sessionToken)).json()).toMatchObject({
      method: 'FACE',
      requiredCaptures: ['selfie'],
    });
    const events = await eventsOf(link.verificationId, 2);
    expect(events.map((e) => e.type)).toEqual(['verification.started', 'verification.started']);
    expect(events[1]!.data._externalUserId).toBe('eva@example.test');
  });

  it('gives the company logo as the public logo route', async () => {
    const { body, contentType } = multipart(
      [{ field: 'logo', name: 'logo.png', type: 'image/png', bytes: await samplePng(64, 64) }],
      {},
    );
    const uploaded = await test.inject({
      method: 'POST',
      url: '/api/v1/users/me/company/logo',
      token: account.token,
      headers: { 'content-type': contentType },
      payload: body,
    });
    expect(uploaded.statusCode).toBe(200);
    const link = await createLink(test, account.token);
    const session = (await open(link.linkId)).json();
    const logoUrl = new URL(session.company.logoUrl as string);
    expect(logoUrl.pathname).toBe(`/api/v1/companies/${account.companyId}/logo`);
    const logo = await test.inject({ method: 'GET', url: `${logoUrl.pathname}${logoUrl.search}` });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
  });

  it('answers CORS preflights of any origin for X-Flow-Session, without credentials', async () => {
    for (const origin of ['capacitor://localhost', 'https://localhost', 'https://shop.example']) {
      const preflight = await test.inject({
        method: 'OPTIONS',
        url: '/api/v1/flow/captures/front',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-flow-session',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain(
        'x-flow-session',
      );
      expect(preflight.headers['access-control-allow-methods']).toContain('POST');
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    }
    const answer = await flow('GET', '/session', 'unknown');
    expect(answer.statusCode).toBe(401);
  });
});
