import { describe, expect, it } from 'vitest';
import { useTestApp, useTestAccount, usePortalBrowser } from '../testing/app-suite.js';
import { sentMail } from '../testing/mailbox.js';
import { portalBrowser } from '../testing/portal-session.js';
import { LINK_MAILS_PER_LINK_HOUR } from './link-mail.js';

/** The Links screen's options and "send by e-mail" (issue 16). */
describe('portal links: options and e-mail', () => {
  const test = useTestApp();
  const account = useTestAccount(test, 'pro');
  const developer = usePortalBrowser(test, account, 'developer');

  const create = async (body: object) => {
    const created = await developer.call('POST', '/links', { type: 'FULL FLOW', ...body });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { linkId: string; linkUrl: string; verificationId: string };
  };

  it('creates a link with the API options the form offers: metadata and the adaptive flow', async () => {
    const { linkId } = await create({
      externalUserId: 'customer-7',
      adaptiveFlow: true,
      metadata: { orderId: 'A-1001', tier: 2, vip: true },
    });
    const link = (
      await test.inject({ method: 'GET', url: `/api/v1/links/${linkId}`, token: account.token })
    ).json();
    expect(link).toMatchObject({
      adaptiveFlow: true,
      externalUserId: 'customer-7',
      metadata: { orderId: 'A-1001', tier: 2, vip: true },
    });
    const tooMuch = await developer.call('POST', '/links', {
      type: 'FULL FLOW',
      metadata: { note: 'x'.repeat(1001) },
    });
    expect(tooMuch.statusCode).toBe(400);
  });

  it('e-mails the link through the mailer (an .eml file), and writes it to the activity log', async () => {
    const { linkId, linkUrl } = await create({});
    const before = sentMail(test.scratch.dataDir).length;
    const sent = await developer.call('POST', `/links/${linkId}/email`, {
      email: 'person@example.org',
    });
    expect(sent.statusCode, sent.body).toBe(204);
    const mails = sentMail(test.scratch.dataDir);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.to).toBe('person@example.org');
    expect(mail.subject).toBe('Company pro asks you to verify your identity');
    expect(mail.text).toContain(linkUrl);
    expect(mail.text).toContain('and a selfie');
    const logged = await test.services.context.database.db
      .selectFrom('activity_logs')
      .select(['action', 'user_id', 'ip'])
      .where('resource_id', '=', linkId)
      .where('action', '=', 'link.emailed')
      .execute();
    expect(logged).toEqual([
      { action: 'link.emailed', user_id: developer.memberId, ip: '127.0.0.1' },
    ]);
  });

  it(`sends one link at most ${LINK_MAILS_PER_LINK_HOUR} times an hour (429 with Retry-After), whatever the company's other links`, async () => {
    const { linkId } = await create({});
    const send = () =>
      developer.call('POST', `/links/${linkId}/email`, { email: 'again@example.org' });
    for (let i = 0; i < LINK_MAILS_PER_LINK_HOUR; i++) expect((await send()).statusCode).toBe(204);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The budget is the link's: another link of the company is still sent.
    const other = await create({});
    const next = await developer.call('POST', `/links/${other.linkId}/email`, {
      email: 'again@example.org',
    });
    expect(next.statusCode).toBe(204);
  });

  it('refuses a viewer, a missing CSRF token, another line in the address, a closed link and an unknown one', async () => {
    const { linkId } = await create({});
    const viewer = await portalBrowser(test, account.companyId, 'viewer');
    const url = `/links/${linkId}/email`;
    expect((await viewer.call('POST', url, { email: 'a@example.org' })).statusCode).toBe(403);
    expect(
      (await developer.call('POST', url, { email: 'a@example.org' }, { 'x-csrf-token': '' }))
        .statusCode,
    ).toBe(403);
    for (const email of ['a@example.org\r\nBcc: b@example.org', 'not-an-address', 'a b@c.org'])
      expect((await developer.call('POST', url, { email })).statusCode, email).toBe(400);
    // A link closes once its verification is finished or overridden.
    await test.services.context.database.db
      .updateTable('links')
      .set({ active: 0 })
      .where('id', '=', linkId)
      .execute();
    const closed = await developer.call('POST', url, { email: 'a@example.org' });
    expect(closed.statusCode).toBe(409);
    const unknown = await developer.call(
      'POST',
      '/links/00000000-0000-4000-8000-00000000abcd/email',
      { email: 'a@example.org' },
    );
    expect(unknown.statusCode).toBe(404);
  });
});
