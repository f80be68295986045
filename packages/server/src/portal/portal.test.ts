import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_REASONS } from '../db/migrations/0001-initial.js';
import { createLink, createTestApp, type TestAccount, type TestApp } from '../testing/harness.js';
import { sampleJpeg } from '../testing/images.js';
import { portalBrowser, type PortalBrowser } from '../testing/portal-session.js';
import { createPortalServices, invitePortalMember } from './portal-services.js';
import { portalDb } from './schema.js';
import { SIGN_IN_FAILURES_PER_EMAIL } from './sign-in-throttle.js';

describe('portal API (/app/api)', () => {
  let test: TestApp;
  let account: TestAccount;
  let owner: PortalBrowser;

  beforeAll(async () => {
    // A high address budget, so the per-e-mail throttle is what the throttle test meets first.
    test = await createTestApp({ env: { IDV_AUTH_FAILURE_LIMIT: '1000' } });
    account = await test.account('pro');
    owner = await portalBrowser(test, account.companyId, 'owner');
  });
  afterAll(async () => test.close());

  describe('sign-in', () => {
    it('spends a one-time sign-in link: it sets the password, opens a cookie session, and works once', async () => {
      const { member, signInLink } = await invitePortalMember(test.services, {
        companyId: account.companyId,
        email: 'New.Owner@Example.com',
        role: 'admin',
      });
      expect(member.email).toBe('new.owner@example.com');
      expect(signInLink).toMatch(/^http:\/\/localhost:\d+\/app\/sign-in#token=[A-Za-z0-9_-]{40,}$/);
      const token = new URL(signInLink).hash.slice('#token='.length);
      const password = 'a long enough password';
      const first = await test.inject({
        method: 'POST',
        url: '/app/api/session/link',
        payload: { token, password },
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ email: 'new.owner@example.com', role: 'admin' });
      const setCookie = String(first.headers['set-cookie']);
      expect(setCookie).toMatch(/^idv_portal=[A-Za-z0-9_-]{40,};/);
      expect(setCookie).toContain('Path=/app');
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Strict');
      // Plain HTTP here: a Secure cookie would never come back.
      expect(setCookie).not.toContain('Secure');
      const again = await test.inject({
        method: 'POST',
        url: '/app/api/session/link',
        payload: { token, password },
      });
      expect(again.statusCode).toBe(401);
      const stored = await portalDb(test.services.context.database)
        .selectFrom('portal_members')
        .select('password_hash')
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow();
      expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const withPassword = await test.inject({
        method: 'POST',
        url: '/app/api/session',
        payload: { email: 'NEW.OWNER@example.com', password },
      });
      expect(withPassword.statusCode).toBe(200);
    });

    it('refuses a wrong password and an unknown e-mail alike, and a cross-origin sign-in', async () => {
      const wrong = await test.inject({
        method: 'POST',
        url: '/app/api/session',
        payload: { email: owner.email, password: 'not the password' },
      });
      const unknown = await test.inject({
        method: 'POST',
        url: '/app/api/session',
        payload: { email: 'nobody@example.com', password: 'not the password' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.body).toBe(unknown.body);
      const crossOrigin = await test.inject({
        method: 'POST',
        url: '/app/api/session',
        headers: { origin: 'https://evil.example' },
        payload: { email: owner.email, password: 'correct horse battery staple' },
      });
      expect(crossOrigin.statusCode).toBe(403);
    });

    it('throttles password guesses at one e-mail, the right password included, until the window ends', async () => {
      const target = await portalBrowser(test, account.companyId, 'viewer');
      for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL; i++) {
        const guess = await test.inject({
          method: 'POST',
          url: '/app/api/session',
          payload: { email: target.email, password: `guess ${i}` },
        });
        expect(guess.statusCode).toBe(401);
      }
      const refused = await test.inject({
        method: 'POST',
        url: '/app/api/session',
        payload: { email: target.email, password: 'correct horse battery staple' },
      });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      test.clock.advance(16 * 60_000);
      const later = await test.inject({
        method: 'POST',
        url: '/app/api/session',
        payload: { email: target.email, password: 'correct horse battery staple' },
      });
      expect(later.statusCode).toBe(200);
    });

    it("never lets one address's guesses lock the person out at another address", async () => {
      const victim = await portalBrowser(test, account.companyId, 'viewer');
      const signIn = (password: string, remoteAddress: string) =>
        test.inject({
          method: 'POST',
          url: '/app/api/session',
          remoteAddress,
          payload: { email: victim.email, password },
        });
      // Someone elsewhere spends the whole budget on the victim's address…
      for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL; i++)
        expect((await signIn(`guess ${i}`, '198.51.100.7')).statusCode).toBe(401);
      expect((await signIn('correct horse battery staple', '198.51.100.7')).statusCode).toBe(429);
      // …and is held back, but the person signs in from their own address.
      expect((await signIn('correct horse battery staple', '203.0.113.20')).statusCode).toBe(200);
      // IPv6: one /64 is one client, so hopping inside it gains nothing.
      for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL; i++)
        expect((await signIn(`guess ${i}`, `2001:db8:1:2::${i + 1}`)).statusCode).toBe(401);
      expect((await signIn('guess', '2001:db8:1:2::ff')).statusCode).toBe(429);
    });

    it('reads the session, and signs out', async () => {
      const browser = await portalBrowser(test, account.companyId, 'reviewer');
      const session = await browser.call('GET', '/session');
      expect(session.statusCode).toBe(200);
      expect(session.json()).toMatchObject({
        email: browser.email,
        role: 'reviewer',
        companyName: 'Company pro',
        permissions: ['verifications:read', 'verifications:override', 'links:create'],
        csrfToken: browser.csrfToken,
      });
      expect((await test.inject({ method: 'GET', url: '/app/api/session' })).statusCode).toBe(401);
      expect((await browser.call('DELETE', '/session')).statusCode).toBe(204);
      expect((await browser.call('GET', '/session')).statusCode).toBe(401);
    });

    it('marks the cookie Secure when the request came over HTTPS', async () => {
      const proxied = await createTestApp({ env: { IDV_TRUST_PROXY: '1' } });
      try {
        const other = await proxied.account('premium');
        await createPortalServices(proxied.services).members.create({
          companyId: other.companyId,
          email: 'secure@example.com',
          role: 'owner',
          password: 'correct horse battery staple',
        });
        const signIn = await proxied.inject({
          method: 'POST',
          url: '/app/api/session',
          headers: { 'x-forwarded-proto': 'https' },
          payload: { email: 'secure@example.com', password: 'correct horse battery staple' },
        });
        expect(signIn.statusCode).toBe(200);
        expect(String(signIn.headers['set-cookie'])).toContain('Secure');
      } finally {
        await proxied.close();
      }
    });
  });

  describe('CSRF and roles', () => {
    it('refuses every change without the session CSRF token or from another origin', async () => {
      const body = { type: 'FULL FLOW' };
      const missing = await test.inject({
        method: 'POST',
        url: '/app/api/links',
        headers: { cookie: owner.cookie },
        payload: body,
      });
      expect(missing.statusCode).toBe(403);
      const wrong = await owner.call('POST', '/links', body, { 'x-csrf-token': 'x'.repeat(43) });
      expect(wrong.statusCode).toBe(403);
      const crossOrigin = await owner.call('POST', '/links', body, {
        origin: 'https://evil.example',
      });
      expect(crossOrigin.statusCode).toBe(403);
      const right = await owner.call('POST', '/links', body);
      expect(right.statusCode).toBe(201);
    });

    it('checks the role on every route: a viewer reads but neither creates links nor overrides', async () => {
      const viewer = await portalBrowser(test, account.companyId, 'viewer');
      const { verificationId } = await createLink(test, account.token);
      expect((await viewer.call('GET', '/verifications')).statusCode).toBe(200);
      expect((await viewer.call('GET', `/verifications/${verificationId}`)).statusCode).toBe(200);
      expect((await viewer.call('POST', '/links', { type: 'ID ONLY' })).statusCode).toBe(403);
      const override = await viewer.call('POST', `/verifications/${verificationId}/override`, {
        overrideStatus: 'success',
        reasonId: FEEDBACK_REASONS[0].id,
      });
      expect(override.statusCode).toBe(403);
      const developer = await portalBrowser(test, account.companyId, 'developer');
      expect((await developer.call('POST', '/links', { type: 'ID ONLY' })).statusCode).toBe(201);
      const developerOverride = await developer.call(
        'POST',
        `/verifications/${verificationId}/override`,
        { overrideStatus: 'success', reasonId: FEEDBACK_REASONS[0].id },
      );
      expect(developerOverride.statusCode).toBe(403);
    });
  });

  describe('verifications and links', () => {
    it('pages the inbox on the server, filters by status, and searches by id or externalUserId', async () => {
      const company = await test.account('pro');
      const browser = await portalBrowser(test, company.companyId, 'reviewer');
      const created: string[] = [];
      for (let i = 0; i < 7; i++) {
        test.clock.advance(1000);
        const link = await createLink(test, company.token, {
          type: 'FULL FLOW',
          externalUserId: `person-${i}`,
        });
        created.push(link.verificationId);
      }
      const first = (await browser.call('GET', '/verifications?size=3')).json();
      expect(first.total).toBe(7);
      expect(first.data.map((r: { _id: string }) => r._id)).toEqual(created.slice(-3).reverse());
      const third = (await browser.call('GET', '/verifications?size=3&page=3')).json();
      expect(third.data.map((r: { _id: string }) => r._id)).toEqual([created[0]]);
      const override = await browser.call('POST', `/verifications/${created[2]}/override`, {
        overrideStatus: 'failed',
        reasonId: FEEDBACK_REASONS[2].id,
      });
      expect(override.statusCode).toBe(201);
      const failed = (await browser.call('GET', '/verifications?status=failed')).json();
      expect(failed.total).toBe(1);
      expect(failed.data[0]).toMatchObject({
        _id: created[2],
        status: 'failed',
        externalUserId: 'person-2',
        type: 'FULL FLOW',
      });
      const byPerson = (await browser.call('GET', '/verifications?q=person-4')).json();
      expect(byPerson.data.map((r: { _id: string }) => r._id)).toEqual([created[4]]);
      const byId = (await browser.call('GET', `/verifications?q=${created[5]}`)).json();
      expect(byId.data.map((r: { _id: string }) => r._id)).toEqual([created[5]]);
      const none = (await browser.call('GET', '/verifications?q=nobody')).json();
      expect(none).toEqual({ total: 0, page: 1, size: 25, data: [] });
      expect((await browser.call('GET', '/verifications?status=done')).statusCode).toBe(400);
    });

    it('shows a verification with its images, and its override sends the signed final webhook', async () => {
      const endpoint = await test.inject({
        method: 'POST',
        url: '/api/v1/webhook-endpoints',
        token: account.token,
        payload: { url: 'https://93.184.216.34/hook' },
      });
      expect(endpoint.statusCode).toBe(201);
      const { verificationId } = await createLink(test, account.token, {
        type: 'ID ONLY',
        externalUserId: 'customer-42',
      });
      const jpeg = await sampleJpeg();
      const image = await test.services.images.store(verificationId, 'front', jpeg, 'image/jpeg');
      await test.services.verifications.recordAcceptedImage(verificationId, 'front', image._id);
      const record = (await owner.call('GET', `/verifications/${verificationId}`)).json();
      expect(record).toMatchObject({ _id: verificationId, externalUserId: 'customer-42' });
      const images = (await owner.call('GET', `/verifications/${verificationId}/images`)).json();
      expect(images).toEqual([expect.objectContaining({ _id: image._id, kind: 'front' })]);
      const bytes = await owner.call('GET', `/images/${image._id}`);
      expect(bytes.headers['content-type']).toBe('image/jpeg');
      expect(bytes.rawPayload.equals(jpeg)).toBe(true);
      const reasons = (await owner.call('GET', '/feedback-reasons')).json();
      expect(reasons).toHaveLength(FEEDBACK_REASONS.length);

      const override = await owner.call('POST', `/verifications/${verificationId}/override`, {
        overrideStatus: 'success',
        reasonId: FEEDBACK_REASONS[0].id,
      });
      expect(override.statusCode).toBe(201);
      expect(override.json()).toMatchObject({ previousStatus: 'pending', status: 'success' });
      const events = await test.services.context.database.db
        .selectFrom('webhook_events')
        .select(['type', 'payload'])
        .where('verification_id', '=', verificationId)
        .execute();
      expect(events.map((e) => e.type)).toEqual(['verification.successful']);
      expect(JSON.parse(events[0]!.payload).data).toMatchObject({
        _verificationId: verificationId,
        _externalUserId: 'customer-42',
      });
      const log = await test.services.context.database.db
        .selectFrom('activity_logs')
        .select(['action', 'user_id', 'ip'])
        .where('resource_id', '=', verificationId)
        .execute();
      expect(log).toEqual([
        { action: 'verification.feedback', user_id: expect.any(String), ip: '127.0.0.1' },
      ]);
    });

    it('creates links with the REST API rules and lists them with their URL', async () => {
      // Newest first: a link made at the same instant as an earlier one has no defined order.
      test.clock.advance(1000);
      const created = await owner.call('POST', '/links', {
        type: 'ID ONLY',
        externalUserId: 'listed-person',
      });
      expect(created.statusCode).toBe(201);
      const { linkId, linkUrl, verificationId } = created.json();
      expect(linkUrl).toBe(`${test.config.publicAppUrl}/v/${linkId}`);
      const list = (await owner.call('GET', '/links')).json();
      expect(list[0]).toMatchObject({
        _id: linkId,
        verificationId,
        type: 'ID ONLY',
        active: true,
        externalUserId: 'listed-person',
        linkUrl,
      });
      // The portal takes the API's options its form offers (metadata, adaptive flow), not others.
      const extra = await owner.call('POST', '/links', {
        type: 'ID ONLY',
        callbackUrl: 'https://example.org/callback',
      });
      expect(extra.statusCode).toBe(400);
    });
  });
});
