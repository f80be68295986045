import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FEEDBACK_REASONS } from '../db/migrations/0001-initial.js';
import { MAX_IDENTIFY_CORRECTIONS } from '../services/verifications.js';
import {
  createLink,
  createTestApp,
  keepDocumentPortrait,
  type TestAccount,
  type TestApp,
} from '../testing/harness.js';
import { sampleJpeg } from '../testing/images.js';
import { IDENTIFY_REQUESTS_PER_MINUTE } from './verifications-public.js';

const PUBLIC_HOOK = 'https://93.184.216.34/hooks/idv';

/** Issue 19, "Identity binding": who may bind an identifier, and what a typed one is worth. */
describe('identity binding', () => {
  let test: TestApp;
  let account: TestAccount;
  let ipCounter = 0;
  beforeAll(async () => {
    test = await createTestApp();
  });
  beforeEach(async () => {
    account = await test.account('premium');
  });
  afterAll(async () => test.close());

  /** `PATCH /verifications/identify` from its own address (the per-IP budget is tested apart). */
  const identify = (verificationId: string, email: string, ip = `198.51.100.${++ipCounter}`) =>
    test.inject({
      method: 'PATCH',
      url: '/api/v1/verifications/identify',
      payload: { verificationId, email },
      remoteAddress: ip,
    });
  const read = async (verificationId: string) =>
    (
      await test.inject({
        method: 'GET',
        url: `/api/v1/verifications/${verificationId}`,
        token: account.token,
      })
    ).json<Record<string, unknown>>();
  const linkOf = async (linkId: string) =>
    (
      await test.inject({ method: 'GET', url: `/api/v1/links/${linkId}`, token: account.token })
    ).json<Record<string, unknown>>();
  const succeed = async (verificationId: string) => {
    const response = await test.inject({
      method: 'POST',
      url: '/api/v1/verifications/feedback',
      token: account.token,
      payload: { verificationId, overrideStatus: 'success', reasonId: FEEDBACK_REASONS[0].id },
    });
    expect(response.statusCode).toBe(201);
  };

  it('answers 409 identifyNotApplicable on a link that is not adaptive, and changes nothing', async () => {
    const plain = await createLink(test, account.token, { type: 'FULL FLOW', adaptiveFlow: false });
    await test.services.verifications.start(plain.verificationId);
    const refused = await identify(plain.verificationId, 'carla@example.test');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ type: 'ErrorResponse', message: 'identifyNotApplicable' });
    expect((await linkOf(plain.linkId)).externalUserId).toBeUndefined();
    expect(await read(plain.verificationId)).not.toHaveProperty('externalUserId');

    // Not adaptive, with an identifier from the API: refused too, even with the same e-mail.
    const bound = await createLink(test, account.token, {
      type: 'ID ONLY',
      externalUserId: 'dan@example.test',
    });
    for (const email of ['dan@example.test', 'eve@example.test']) {
      const response = await identify(bound.verificationId, email);
      expect(response.statusCode, email).toBe(409);
      expect(response.json().message).toBe('identifyNotApplicable');
    }
    expect((await linkOf(bound.linkId)).externalUserId).toBe('dan@example.test');
  });

  it('on an adaptive link bound by the API: the same e-mail is a 200 no-op, another one 409 identifierAlreadyBound', async () => {
    const bound = await createLink(test, account.token, {
      type: 'FULL FLOW',
      adaptiveFlow: true,
      externalUserId: 'ana@example.test',
    });
    const same = await identify(bound.verificationId, 'ana@example.test');
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ status: 'pending', operationGuid: null, method: null });
    const other = await identify(bound.verificationId, 'eve@example.test');
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('identifierAlreadyBound');
    expect(await read(bound.verificationId)).toMatchObject({
      externalUserId: 'ana@example.test',
      externalUserIdSource: 'api',
    });
  });

  it('never uses a verification whose identifier a person typed as the reference of a face-only re-verification', async () => {
    // Eve opens an adaptive link, types Carla's e-mail, and passes with her own document.
    const typed = await createLink(test, account.token, { type: 'FULL FLOW', adaptiveFlow: true });
    await test.services.verifications.start(typed.verificationId);
    expect((await identify(typed.verificationId, 'carla@example.test')).statusCode).toBe(200);
    await keepDocumentPortrait(test, typed.verificationId, await sampleJpeg());
    await succeed(typed.verificationId);

    // Carla's next adaptive link, bound by the account holder: no face-only branch on Eve's face.
    const returning = await createLink(test, account.token, {
      type: 'FULL FLOW',
      adaptiveFlow: true,
      externalUserId: 'carla@example.test',
    });
    expect((await test.services.verifications.start(returning.verificationId)).method).toBe(
      'DOCUMENT',
    );
    // Nor for a later person who types the same e-mail.
    const again = await createLink(test, account.token, { type: 'FULL FLOW', adaptiveFlow: true });
    await test.services.verifications.start(again.verificationId);
    expect((await identify(again.verificationId, 'carla@example.test')).json().method).toBe(
      'DOCUMENT',
    );

    // A reference bound by the API still opens the face-only branch, whoever identifies later.
    const genuine = await createLink(test, account.token, {
      type: 'FULL FLOW',
      externalUserId: 'carla@example.test',
    });
    await keepDocumentPortrait(test, genuine.verificationId, await sampleJpeg());
    await succeed(genuine.verificationId);
    const next = await createLink(test, account.token, {
      type: 'FULL FLOW',
      adaptiveFlow: true,
      externalUserId: 'carla@example.test',
    });
    expect((await test.services.verifications.start(next.verificationId)).method).toBe('FACE');
  });

  it('records where each identifier came from, on reads and in webhook data', async () => {
    const endpoint = await test.inject({
      method: 'POST',
      url: '/api/v1/webhook-endpoints',
      token: account.token,
      payload: { url: PUBLIC_HOOK },
    });
    expect(endpoint.statusCode).toBe(201);
    const fromApi = await createLink(test, account.token, {
      type: 'FULL FLOW',
      externalUserId: 'ana@example.test',
    });
    const typed = await createLink(test, account.token, { type: 'FULL FLOW', adaptiveFlow: true });
    const none = await createLink(test, account.token, { type: 'FULL FLOW' });
    await identify(typed.verificationId, 'bob@example.test');
    expect(await read(fromApi.verificationId)).toMatchObject({ externalUserIdSource: 'api' });
    expect(await read(typed.verificationId)).toMatchObject({
      externalUserId: 'bob@example.test',
      externalUserIdSource: 'identify',
    });
    expect(await read(none.verificationId)).not.toHaveProperty('externalUserIdSource');
    const listed = (
      await test.inject({ method: 'GET', url: '/api/v1/verifications', token: account.token })
    ).json<{ data: { _id: string; externalUserIdSource?: string }[] }>().data;
    expect(listed.find((v) => v._id === typed.verificationId)?.externalUserIdSource).toBe(
      'identify',
    );

    for (const link of [fromApi, typed, none]) {
      const opened = await test.inject({
        method: 'POST',
        url: '/api/v1/flow/sessions',
        payload: { linkId: link.linkId },
      });
      expect(opened.statusCode).toBe(201);
    }
    const deliveries = (
      await test.inject({
        method: 'GET',
        url: `/api/v1/webhook-endpoints/${endpoint.json()._id}/deliveries`,
        token: account.token,
      })
    ).json<{ data: { verificationId: string; payload: { data: Record<string, unknown> } }[] }>();
    const dataOf = (verificationId: string) =>
      deliveries.data.find((d) => d.verificationId === verificationId)?.payload.data;
    expect(dataOf(fromApi.verificationId)).toMatchObject({
      _externalUserId: 'ana@example.test',
      externalUserIdSource: 'api',
    });
    expect(dataOf(typed.verificationId)).toMatchObject({
      _externalUserId: 'bob@example.test',
      externalUserIdSource: 'identify',
    });
    expect(dataOf(none.verificationId)).toEqual({
      _verificationId: none.verificationId,
      _externalUserId: '',
      _metadata: {},
    });
  });

  it(`accepts ${MAX_IDENTIFY_CORRECTIONS} corrections of a typed identifier, then answers 409 identifyCorrectionsExhausted`, async () => {
    const link = await createLink(test, account.token, { type: 'FULL FLOW', adaptiveFlow: true });
    expect((await identify(link.verificationId, 'first@example.test')).statusCode).toBe(200);
    for (let n = 1; n <= MAX_IDENTIFY_CORRECTIONS; n++) {
      const corrected = await identify(link.verificationId, `fix${n}@example.test`);
      expect(corrected.statusCode, `correction ${n}`).toBe(200);
    }
    const refused = await identify(link.verificationId, 'one-more@example.test');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      type: 'ErrorResponse',
      message: 'identifyCorrectionsExhausted',
    });
    // The last accepted identifier stays; repeating it is still the spec's 200 no-op.
    expect((await linkOf(link.linkId)).externalUserId).toBe(
      `fix${MAX_IDENTIFY_CORRECTIONS}@example.test`,
    );
    const same = await identify(link.verificationId, `fix${MAX_IDENTIFY_CORRECTIONS}@example.test`);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ status: 'pending', operationGuid: null, method: null });
  });

  it('holds the cap under concurrent corrections', async () => {
    const link = await createLink(test, account.token, { type: 'FULL FLOW', adaptiveFlow: true });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => identify(link.verificationId, `p${n}@example.test`)),
    );
    const accepted = answers.filter((a) => a.statusCode === 200).length;
    expect(accepted).toBe(1 + MAX_IDENTIFY_CORRECTIONS);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(12 - accepted);
  });

  it(`counts identify calls in a per-IP limit of ${IDENTIFY_REQUESTS_PER_MINUTE} a minute (429 with Retry-After)`, async () => {
    const ip = '203.0.113.77';
    const links = await Promise.all(
      Array.from({ length: 4 }, () =>
        createLink(test, account.token, { type: 'FULL FLOW', adaptiveFlow: true }),
      ),
    );
    // Spread over several verifications (a same-e-mail no-op counts too): the budget is the address's.
    for (let n = 0; n < IDENTIFY_REQUESTS_PER_MINUTE; n++) {
      const link = links[n % links.length]!;
      const response = await identify(
        link.verificationId,
        `same${n % links.length}@example.test`,
        ip,
      );
      expect(response.statusCode, `call ${n + 1}`).toBe(200);
    }
    const limited = await identify(links[0]!.verificationId, 'same0@example.test', ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ type: 'ErrorResponse' });
    // Another address keeps its own budget.
    expect((await identify(links[0]!.verificationId, 'same0@example.test')).statusCode).toBe(200);
  });
});
