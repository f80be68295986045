import { describe, expect, it } from 'vitest';
import { useTestApp, useTestAccount } from '../testing/app-suite.js';
import { portalBrowser } from '../testing/portal-session.js';
import { createPortalServices, invitePortalMember } from './portal-services.js';
import { portalDb } from './schema.js';
import { SESSION_HOURS } from './sessions.js';
import { RESET_LINK_HOURS, SIGN_IN_LINK_HOURS } from './sign-in-links.js';

const HOUR = 3_600_000;

describe("the server's upkeep (maintain) and the portal's expired rows", () => {
  const test = useTestApp();
  const account = useTestAccount(test, 'pro');

  const count = async (table: 'portal_sessions' | 'portal_sign_in_tokens' | 'portal_members') => {
    const { n } = await portalDb(test.services.context.database)
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  };

  it('deletes expired sessions, sign-in links, invitations and reset links, and keeps the live ones and the people', async () => {
    const portal = createPortalServices(test.services);
    // Expire in 1 h (reset), 12 h (session), 72 h (sign-in link, invitation).
    const old = await portalBrowser(test, account.companyId, 'viewer');
    const { member } = await invitePortalMember(test.services, {
      companyId: account.companyId,
      email: 'invited@example.com',
      role: 'reviewer',
    });
    await portal.signInLinks.issue(member.id, 'invitation');
    await portal.signInLinks.issue(member.id, 'reset');
    expect(await count('portal_sessions')).toBe(1);
    expect(await count('portal_sign_in_tokens')).toBe(3);

    test.clock.advance((RESET_LINK_HOURS + 0.1) * HOUR);
    await test.services.maintain();
    expect(await count('portal_sign_in_tokens')).toBe(2);
    expect(await count('portal_sessions')).toBe(1);

    test.clock.advance(SESSION_HOURS * HOUR);
    const fresh = await portalBrowser(test, account.companyId, 'viewer');
    await test.services.maintain();
    expect(await count('portal_sessions')).toBe(1);
    expect((await old.call('GET', '/session')).statusCode).toBe(401);
    expect((await fresh.call('GET', '/session')).statusCode).toBe(200);

    test.clock.advance(SIGN_IN_LINK_HOURS * HOUR);
    await test.services.maintain();
    expect(await count('portal_sign_in_tokens')).toBe(0);
    expect(await count('portal_sessions')).toBe(0);
    // The people stay: the invited one is listed for an administrator to act on.
    expect(await count('portal_members')).toBe(3);
  });
});
