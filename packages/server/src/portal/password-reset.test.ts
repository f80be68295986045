import { describe, expect, it } from 'vitest';
import { useTestApp, useTestAccount, usePortalBrowser } from '../testing/app-suite.js';
import { portalLinkToken, sentMail } from '../testing/mailbox.js';
import { runningPortalServices } from './portal-services.js';
import { portalDb } from './schema.js';
import { RESETS_PER_HOUR } from './password-resets.js';

const OLD_PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a brand new long password';

describe('portal password reset (/app/api/password-reset)', () => {
  const test = useTestApp({ env: { IDV_AUTH_FAILURE_LIMIT: '1000' } });
  const account = useTestAccount(test, 'pro');
  const person = usePortalBrowser(test, account, 'reviewer');

  const requestReset = async (email: string, headers: Record<string, string> = {}) => {
    const answer = await test.inject({
      method: 'POST',
      url: '/app/api/password-reset',
      headers,
      payload: { email },
    });
    // The e-mail is sent after the answer: wait for it as the server's shutdown would.
    await runningPortalServices(test.services)!.passwordResets.drain();
    return answer;
  };
  const mailTo = (email: string) => sentMail(test.scratch.dataDir).filter((m) => m.to === email);
  const signIn = (password: string) =>
    test.inject({
      method: 'POST',
      url: '/app/api/session',
      payload: { email: person.email, password },
    });

  it('answers a known and an unknown e-mail alike, and mails a link only to the known one', async () => {
    const known = await requestReset(person.email.toUpperCase());
    const unknown = await requestReset('nobody@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(mailTo('nobody@example.com')).toEqual([]);
    const [mail] = mailTo(person.email);
    expect(mail!.subject).toBe('Reset your IDV portal password');
    const token = portalLinkToken(mail!);
    // Hashed at rest: the token itself is nowhere in the database.
    const stored = await portalDb(test.services.context.database)
      .selectFrom('portal_sign_in_tokens')
      .select(['token_hash', 'purpose', 'created_at', 'expires_at'])
      .where('purpose', '=', 'reset')
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);
    expect(Date.parse(stored[0]!.expires_at) - Date.parse(stored[0]!.created_at)).toBe(3_600_000);
    const logged = await test.services.context.database.db
      .selectFrom('activity_logs')
      .select(['user_id', 'ip'])
      .where('action', '=', 'portal.password-reset.requested')
      .execute();
    expect(logged).toEqual([{ user_id: person.memberId, ip: '127.0.0.1' }]);

    // The link sets the new password once, and ends the sessions the old password opened.
    const reset = await test.inject({
      method: 'POST',
      url: '/app/api/session/link',
      payload: { token, password: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    expect((await person.call('GET', '/session')).statusCode).toBe(401);
    expect((await signIn(OLD_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(NEW_PASSWORD)).statusCode).toBe(200);
    const again = await test.inject({
      method: 'POST',
      url: '/app/api/session/link',
      payload: { token, password: OLD_PASSWORD },
    });
    expect(again.statusCode).toBe(401);
  });

  it('expires the link after an hour, and a newer link spends the older ones', async () => {
    test.clock.advance(2 * 3_600_000);
    await requestReset(person.email);
    await requestReset(person.email);
    const [older, newer] = mailTo(person.email).slice(-2);
    const use = (mail: typeof older, password: string) =>
      test.inject({
        method: 'POST',
        url: '/app/api/session/link',
        payload: { token: portalLinkToken(mail!), password },
      });
    expect((await use(newer, OLD_PASSWORD)).statusCode).toBe(200);
    expect((await use(older, NEW_PASSWORD)).statusCode).toBe(401);

    test.clock.advance(2 * 3_600_000);
    await requestReset(person.email);
    const latest = mailTo(person.email).at(-1);
    test.clock.advance(61 * 60_000);
    expect((await use(latest, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it(`sends at most ${RESETS_PER_HOUR} e-mails per person per hour, and refuses a cross-origin request`, async () => {
    test.clock.advance(2 * 3_600_000);
    const before = mailTo(person.email).length;
    for (let i = 0; i < RESETS_PER_HOUR + 2; i++)
      expect((await requestReset(person.email)).statusCode).toBe(202);
    expect(mailTo(person.email).length - before).toBe(RESETS_PER_HOUR);
    const crossOrigin = await test.inject({
      method: 'POST',
      url: '/app/api/password-reset',
      headers: { origin: 'https://evil.example' },
      payload: { email: person.email },
    });
    expect(crossOrigin.statusCode).toBe(403);
  });
});
