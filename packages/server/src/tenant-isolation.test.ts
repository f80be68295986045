import { beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_REASONS } from './db/migrations/0001-initial.js';
import { useTestApp } from './testing/app-suite.js';
import { createLink, type TestAccount } from './testing/harness.js';
import { multipart, openDevice } from './testing/flow-client.js';
import { sampleJpeg, samplePng } from './testing/images.js';
import { portalBrowser, type PortalBrowser } from './testing/portal-session.js';

const UNKNOWN = '00000000-0000-4000-8000-00000000abcd';

interface Tenant {
  account: TestAccount;
  linkId: string;
  verificationId: string;
  imageId: string;
  endpointId: string;
  subscriptionId: string;
  keyId: string;
  keySecret: string;
  /** A signed-in portal owner of the company. */
  portal: PortalBrowser;
  /** The portal owner's person id. */
  memberId: string;
}

/** Every endpoint that takes another company's id, with the status it must answer. */
type Probe = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: (t: Tenant | null) => string;
  body?: (t: Tenant | null) => object;
  status: number;
};

const id = (t: Tenant | null, key: keyof Omit<Tenant, 'account' | 'keySecret' | 'portal'>) =>
  t === null ? UNKNOWN : t[key];

/** Webhook endpoints and their deliveries: the same paths on the REST API and the portal's. */
const ENDPOINT_PROBES: Probe[] = [
  {
    method: 'PATCH',
    url: (t) => `/webhook-endpoints/${id(t, 'endpointId')}`,
    body: () => ({ description: 'taken over' }),
    status: 404,
  },
  { method: 'DELETE', url: (t) => `/webhook-endpoints/${id(t, 'endpointId')}`, status: 404 },
  {
    method: 'GET',
    url: (t) => `/webhook-endpoints/${id(t, 'endpointId')}/deliveries`,
    status: 404,
  },
];

/** Cloud-services analysis keys: the same paths on the REST API and the portal's. */
const KEY_PROBES: Probe[] = [
  { method: 'POST', url: (t) => `/cloud-services/keys/${id(t, 'keyId')}/rotate`, status: 404 },
  {
    method: 'PATCH',
    url: (t) => `/cloud-services/keys/${id(t, 'keyId')}`,
    body: () => ({ paused: true }),
    status: 404,
  },
  { method: 'DELETE', url: (t) => `/cloud-services/keys/${id(t, 'keyId')}`, status: 404 },
];

const PROBES: Probe[] = [
  { method: 'GET', url: (t) => `/links/${id(t, 'linkId')}`, status: 404 },
  { method: 'GET', url: (t) => `/verifications/${id(t, 'verificationId')}`, status: 404 },
  { method: 'GET', url: (t) => `/verifications/${id(t, 'verificationId')}/related`, status: 404 },
  { method: 'GET', url: (t) => `/verifications/${id(t, 'verificationId')}/images`, status: 404 },
  { method: 'GET', url: (t) => `/verifications/images/${id(t, 'imageId')}`, status: 404 },
  {
    method: 'POST',
    url: () => '/verifications/feedback',
    body: (t) => ({
      verificationId: id(t, 'verificationId'),
      overrideStatus: 'success',
      reasonId: FEEDBACK_REASONS[0].id,
    }),
    status: 404,
  },
  { method: 'GET', url: (t) => `/webhook-endpoints/${id(t, 'endpointId')}`, status: 404 },
  ...ENDPOINT_PROBES,
  { method: 'GET', url: (t) => `/cloud-services/keys/${id(t, 'keyId')}`, status: 404 },
  ...KEY_PROBES,
];

/** The portal's session routes (`/app/api`) that take an id, probed with a portal session. */
const PORTAL_PROBES: Probe[] = [
  { method: 'GET', url: (t) => `/verifications/${id(t, 'verificationId')}`, status: 404 },
  { method: 'GET', url: (t) => `/verifications/${id(t, 'verificationId')}/images`, status: 404 },
  { method: 'GET', url: (t) => `/verifications/${id(t, 'verificationId')}/review`, status: 404 },
  { method: 'GET', url: (t) => `/images/${id(t, 'imageId')}`, status: 404 },
  {
    method: 'POST',
    url: (t) => `/verifications/${id(t, 'verificationId')}/override`,
    body: () => ({ overrideStatus: 'success', reasonId: FEEDBACK_REASONS[0].id }),
    status: 404,
  },
  // Links screen: e-mail another company's link.
  {
    method: 'POST',
    url: (t) => `/links/${id(t, 'linkId')}/email`,
    body: () => ({ email: 'person@example.org' }),
    status: 404,
  },
  // Developers screen: webhook endpoints and their deliveries.
  ...ENDPOINT_PROBES,
  { method: 'POST', url: (t) => `/webhook-endpoints/${id(t, 'endpointId')}/test`, status: 404 },
  {
    method: 'POST',
    url: (t) => `/webhook-endpoints/${id(t, 'endpointId')}/deliveries/${UNKNOWN}/resend`,
    status: 404,
  },
  // Team screen: another company's people.
  {
    method: 'PATCH',
    url: (t) => `/team/${id(t, 'memberId')}`,
    body: () => ({ role: 'viewer' }),
    status: 404,
  },
  { method: 'DELETE', url: (t) => `/team/${id(t, 'memberId')}`, status: 404 },
  { method: 'POST', url: (t) => `/team/${id(t, 'memberId')}/invitation`, status: 404 },
  // Cloud services screen: another company's analysis keys.
  ...KEY_PROBES,
  // Activity log: filtering by another company's person finds what an unknown id finds.
  { method: 'GET', url: (t) => `/activity?actor=${id(t, 'memberId')}`, status: 200 },
];

describe('tenant isolation', () => {
  const test = useTestApp();
  let a: Tenant;
  let b: Tenant;

  async function tenant(plan: 'premium' | 'pro'): Promise<Tenant> {
    const account = await test.account(plan);
    const link = await createLink(test, account.token, {
      type: 'FULL FLOW',
      externalUserId: 'shared-person',
    });
    const image = await test.services.images.store(
      link.verificationId,
      'front',
      await sampleJpeg(),
      'image/jpeg',
    );
    await test.services.verifications.recordAcceptedImage(link.verificationId, 'front', image._id);
    const endpoint = await test.inject({
      method: 'POST',
      url: '/api/v1/webhook-endpoints',
      token: account.token,
      payload: { url: 'https://93.184.216.34/hook', description: plan },
    });
    const company = (
      await test.inject({ method: 'GET', url: '/api/v1/users/me/company', token: account.token })
    ).json();
    const key = (
      await test.inject({
        method: 'POST',
        url: '/api/v1/cloud-services/keys',
        token: account.token,
        payload: { service: 'face' },
      })
    ).json();
    const portal = await portalBrowser(test, account.companyId, 'owner');
    return {
      account,
      ...link,
      imageId: image._id,
      endpointId: endpoint.json()._id,
      subscriptionId: company.subscriptionId,
      keyId: key._id,
      keySecret: key.secret,
      portal,
      memberId: portal.memberId,
    };
  }

  beforeAll(async () => {
    a = await tenant('premium');
    b = await tenant('pro');
  });

  const probe = (p: Probe, caller: Tenant, target: Tenant | null) =>
    test.inject({
      method: p.method,
      url: `/api/v1${p.url(target)}`,
      token: caller.account.token,
      ...(p.body ? { payload: p.body(target) } : {}),
    });

  it.each(PROBES.map((p) => [`${p.method} ${p.url(null).replace(UNKNOWN, '{id}')}`, p] as const))(
    '%s answers another company exactly as an unknown id',
    async (_name, p) => {
      for (const [caller, target] of [
        [a, b],
        [b, a],
      ] as const) {
        const foreign = await probe(p, caller, target);
        const unknown = await probe(p, caller, null);
        expect(foreign.statusCode).toBe(p.status);
        expect(foreign.body).toBe(unknown.body);
        expect(unknown.statusCode).toBe(p.status);
      }
    },
  );

  it('answers 403 for another company subscription (as the spec says), 404 for an unknown one', async () => {
    const foreign = await test.inject({
      method: 'GET',
      url: `/api/v1/billing/${b.subscriptionId}`,
      token: a.account.token,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain(b.account.companyId);
    const own = await test.inject({
      method: 'GET',
      url: `/api/v1/billing/${a.subscriptionId}`,
      token: a.account.token,
    });
    expect(own.statusCode).toBe(200);
  });

  it('never lists another company resources', async () => {
    const lists = [
      '/links',
      '/verifications',
      '/verifications/last-hour',
      '/verifications/100/1',
      '/webhook-endpoints',
      '/cloud-services/keys',
      '/users/me/logs',
    ];
    for (const url of lists) {
      const body = (
        await test.inject({ method: 'GET', url: `/api/v1${url}`, token: a.account.token })
      ).body;
      for (const foreignId of [
        b.linkId,
        b.verificationId,
        b.endpointId,
        b.keyId,
        b.account.companyId,
        b.account.userId,
      ]) {
        expect(body, url).not.toContain(foreignId);
      }
    }
    const related = (
      await test.inject({
        method: 'GET',
        url: `/api/v1/verifications/${a.verificationId}/related`,
        token: a.account.token,
      })
    ).json();
    expect(related).toEqual([]);
    const me = (
      await test.inject({ method: 'GET', url: '/api/v1/users/me', token: a.account.token })
    ).body;
    expect(me).not.toContain(b.account.clientSecret);
  });

  it('leaves the other company data untouched after the attempts', async () => {
    const endpoint = (
      await test.inject({
        method: 'GET',
        url: `/api/v1/webhook-endpoints/${b.endpointId}`,
        token: b.account.token,
      })
    ).json();
    expect(endpoint.description).toBe('pro');
    const verification = (
      await test.inject({
        method: 'GET',
        url: `/api/v1/verifications/${b.verificationId}`,
        token: b.account.token,
      })
    ).json();
    expect(verification.status).toBe('pending');
    const key = (
      await test.inject({
        method: 'GET',
        url: `/api/v1/cloud-services/keys/${b.keyId}`,
        token: b.account.token,
      })
    ).json();
    expect(key.status).toBe('active');
    expect(await test.services.cloudKeys.authorize('face', b.keySecret)).toMatchObject({
      ok: true,
      keyId: b.keyId,
    });
  });

  it('gives a flow session its own verification only: the API names no verification, and a session never opens another link', async () => {
    // Opened: 201, else openDevice throws.
    const device = await openDevice(test, a.linkId);
    const session = await device.get('/session');
    expect(session.json().verificationId).toBe(a.verificationId);
    expect(session.body).not.toContain(b.verificationId);
    expect(session.body).not.toContain(b.account.companyId);
    // Query or body ids are not read: the session token alone decides the verification.
    const terms = await device.post(`/terms?verificationId=${b.verificationId}`, {
      accepted: true,
    });
    expect(terms.json().verificationId).toBe(a.verificationId);
    const smuggled = await device.post('/terms', {
      accepted: true,
      verificationId: b.verificationId,
    });
    expect(smuggled.statusCode).toBe(400);
    // A hand-off token of one link does not open another.
    const ticket = (await device.post('/handoff')).json();
    await test.inject({
      method: 'POST',
      url: '/api/v1/flow/sessions',
      payload: { linkId: b.linkId },
    });
    const crossed = await test.inject({
      method: 'POST',
      url: '/api/v1/flow/sessions',
      payload: { linkId: b.linkId, handoffToken: ticket.handoffToken },
    });
    expect(crossed.statusCode).toBe(409);
    const verification = (
      await test.inject({
        method: 'GET',
        url: `/api/v1/verifications/${b.verificationId}`,
        token: b.account.token,
      })
    ).json();
    expect(verification.termsAndConditions).toBe(false);
  });

  it('answers the public status poll of another link with the same 403 as an unknown verification', async () => {
    const crossed = await test.inject({
      method: 'GET',
      url: `/api/v1/verifications/${b.verificationId}/status?linkId=${a.linkId}`,
    });
    const unknown = await test.inject({
      method: 'GET',
      url: `/api/v1/verifications/${UNKNOWN}/status?linkId=${a.linkId}`,
    });
    expect(crossed.statusCode).toBe(403);
    expect(crossed.body).toBe(unknown.body);
  });

  const portalProbe = (p: Probe, caller: Tenant, target: Tenant | null) =>
    caller.portal.call(p.method, p.url(target), p.body ? p.body(target) : undefined);

  it.each(
    PORTAL_PROBES.map(
      (p) => [`portal ${p.method} /app/api${p.url(null).replace(UNKNOWN, '{id}')}`, p] as const,
    ),
  )('%s answers another company exactly as an unknown id', async (_name, p) => {
    for (const [caller, target] of [
      [a, b],
      [b, a],
    ] as const) {
      const foreign = await portalProbe(p, caller, target);
      const unknown = await portalProbe(p, caller, null);
      expect(foreign.statusCode).toBe(p.status);
      expect(foreign.body).toBe(unknown.body);
    }
  });

  it("never lists another company's verifications, links, endpoints, credentials or people in the portal, whatever the search", async () => {
    for (const url of [
      '/verifications',
      `/verifications?q=${b.verificationId}`,
      '/verifications?q=shared-person',
      `/verifications/${a.verificationId}/review`,
      '/links',
      '/session',
      '/developers/credentials',
      '/webhook-endpoints',
      '/team',
      '/overview',
      '/activity',
      '/cloud-services/keys',
      '/company',
      '/billing',
    ]) {
      const answer = await a.portal.call('GET', url);
      expect(answer.statusCode, url).toBe(200);
      for (const foreignId of [
        b.linkId,
        b.verificationId,
        b.account.companyId,
        b.portal.email,
        b.endpointId,
        b.account.clientId,
        b.account.webhookSecret,
        b.keyId,
        b.subscriptionId,
      ])
        expect(answer.body, url).not.toContain(foreignId);
    }
    // The webhook secret revealed (after the password) is the caller's own.
    const revealed = await a.portal.call('POST', '/developers/webhook-secret/reveal', {
      password: a.portal.password,
    });
    expect(revealed.json()).toEqual({ webhookSecret: a.account.webhookSecret });
    // The Overview's aggregates count the caller's one verification only.
    const overview = (await a.portal.call('GET', '/overview')).json();
    const counted = overview.days.reduce(
      (sum: number, d: { success: number; failed: number; expired: number; open: number }) =>
        sum + d.success + d.failed + d.expired + d.open,
      0,
    );
    expect(counted).toBe(1);
    const own = (await a.portal.call('GET', '/verifications?q=shared-person')).json();
    expect(own.data.map((row: { _id: string }) => row._id)).toEqual([a.verificationId]);
  });

  it("changes only the caller's own logo and payment method from the portal, and never shows another's", async () => {
    const logoOf = async (t: Tenant) =>
      (
        await test.inject({
          method: 'GET',
          url: '/api/v1/users/me/company',
          token: t.account.token,
        })
      ).json().logoUrl as string | null;
    const { body, contentType } = multipart(
      [{ field: 'logo', name: 'logo.png', type: 'image/png', bytes: await samplePng(48, 48) }],
      {},
    );
    const uploadAs = (t: Tenant) =>
      test.inject({
        method: 'POST',
        url: '/app/api/company/logo',
        payload: body,
        headers: {
          'content-type': contentType,
          cookie: t.portal.cookie,
          'x-csrf-token': t.portal.csrfToken,
        },
      });
    expect((await uploadAs(b)).statusCode).toBe(200);
    const bLogo = await logoOf(b);
    expect(bLogo).not.toBeNull();
    expect((await uploadAs(a)).statusCode).toBe(200);
    expect((await a.portal.call('DELETE', '/company/logo')).statusCode).toBe(200);
    expect(await logoOf(a)).toBeNull();
    // B's logo is untouched and still served; A's second removal finds nothing of its own.
    expect(await logoOf(b)).toBe(bLogo);
    const served = await test.inject({ method: 'GET', url: new URL(bLogo!).pathname });
    expect(served.statusCode).toBe(200);
    expect((await a.portal.call('DELETE', '/company/logo')).statusCode).toBe(404);
    expect(await logoOf(b)).toBe(bLogo);

    const bMethod = (
      await b.portal.call('POST', '/billing/payment-method', { token: 'tok_mastercard' })
    ).json().paymentMethod;
    const aBilling = await a.portal.call('GET', '/billing');
    expect(aBilling.json().paymentMethod).toBeNull();
    expect(aBilling.body).not.toContain(bMethod._id);
    const aMethod = (
      await a.portal.call('POST', '/billing/payment-method', { token: 'tok_visa' })
    ).json().paymentMethod;
    expect((await b.portal.call('GET', '/billing')).json().paymentMethod).toEqual(bMethod);
    expect((await a.portal.call('GET', '/billing')).json().paymentMethod).toEqual(aMethod);
  });
});
