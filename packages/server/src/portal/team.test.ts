import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestAccount, type TestApp } from '../testing/harness.js';
import { portalLinkToken, sentMail } from '../testing/mailbox.js';
import { portalBrowser, type PortalBrowser } from '../testing/portal-session.js';

const PASSWORD = 'a new long enough password';

describe('portal Team API (/app/api/team)', () => {
  let test: TestApp;
  let account: TestAccount;
  let owner: PortalBrowser;

  beforeAll(async () => {
    test = await createTestApp();
    account = await test.account('pro');
    owner = await portalBrowser(test, account.companyId, 'owner');
  });
  afterAll(async () => test.close());

  const mailTo = (email: string) => sentMail(test.scratch.dataDir).filter((m) => m.to === email);
  const log = (action: string, resourceId: string) =>
    test.services.context.database.db
      .selectFrom('activity_logs')
      .select(['user_id', 'ip'])
      .where('action', '=', action)
      .where('resource_id', '=', resourceId)
      .execute();

  it('invites a person by e-mail; they accept by choosing a password and are then active', async () => {
    const invited = await owner.call('POST', '/team', {
      email: 'Reviewer.One@Example.com',
      role: 'reviewer',
    });
    expect(invited.statusCode).toBe(201);
    const person = invited.json();
    expect(person).toMatchObject({
      email: 'reviewer.one@example.com',
      role: 'reviewer',
      status: 'invited',
    });
    const [mail, ...more] = mailTo('reviewer.one@example.com');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('You are invited to Company pro on IDV');
    expect(mail!.text).toContain(`${owner.email} invited you`);
    expect(await log('portal.member.invited', person._id)).toEqual([
      { user_id: owner.memberId, ip: '127.0.0.1' },
    ]);

    const accepted = await test.inject({
      method: 'POST',
      url: '/app/api/session/link',
      payload: { token: portalLinkToken(mail!), password: PASSWORD },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ email: 'reviewer.one@example.com', role: 'reviewer' });
    const team = (await owner.call('GET', '/team')).json();
    expect(team).toContainEqual(expect.objectContaining({ _id: person._id, status: 'active' }));
    // The same e-mail cannot be invited twice.
    const again = await owner.call('POST', '/team', {
      email: 'reviewer.one@example.com',
      role: 'viewer',
    });
    expect(again.statusCode).toBe(400);
  });

  it('changes roles, with the rules on owners: only owners make or unmake owners, and one always stays', async () => {
    const admin = await portalBrowser(test, account.companyId, 'admin');
    const developer = await portalBrowser(test, account.companyId, 'developer');
    const toViewer = await admin.call('PATCH', `/team/${developer.memberId}`, { role: 'viewer' });
    expect(toViewer.statusCode).toBe(204);
    expect(await log('portal.member.role.viewer', developer.memberId)).toEqual([
      { user_id: admin.memberId, ip: '127.0.0.1' },
    ]);
    // The viewer's open session now has the viewer's rights.
    expect((await developer.call('GET', '/session')).json().role).toBe('viewer');
    expect((await developer.call('POST', '/links', { type: 'ID ONLY' })).statusCode).toBe(403);

    const adminMakesOwner = await admin.call('PATCH', `/team/${developer.memberId}`, {
      role: 'owner',
    });
    expect(adminMakesOwner.statusCode).toBe(403);
    const adminDemotesOwner = await admin.call('PATCH', `/team/${owner.memberId}`, {
      role: 'admin',
    });
    expect(adminDemotesOwner.statusCode).toBe(403);
    const lastOwner = await owner.call('PATCH', `/team/${owner.memberId}`, { role: 'admin' });
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json().message).toBe('the company must keep at least one owner');
    expect((await owner.call('DELETE', `/team/${owner.memberId}`)).statusCode).toBe(409);

    // With a second owner, the first may step down.
    expect(
      (await owner.call('PATCH', `/team/${admin.memberId}`, { role: 'owner' })).statusCode,
    ).toBe(204);
    const other = await portalBrowser(test, account.companyId, 'owner');
    expect(
      (await other.call('PATCH', `/team/${admin.memberId}`, { role: 'admin' })).statusCode,
    ).toBe(204);
    expect((await other.call('GET', '/team')).statusCode).toBe(200);
  });

  it('removes a person: their sessions end at once; the removal is logged', async () => {
    const leaving = await portalBrowser(test, account.companyId, 'reviewer');
    expect((await leaving.call('GET', '/session')).statusCode).toBe(200);
    const removed = await owner.call('DELETE', `/team/${leaving.memberId}`);
    expect(removed.statusCode).toBe(204);
    expect((await leaving.call('GET', '/session')).statusCode).toBe(401);
    const team = (await owner.call('GET', '/team')).json();
    expect(team.map((m: { _id: string }) => m._id)).not.toContain(leaving.memberId);
    expect(await log('portal.member.removed', leaving.memberId)).toEqual([
      { user_id: owner.memberId, ip: '127.0.0.1' },
    ]);
  });

  it('is for owners and admins only', async () => {
    for (const role of ['reviewer', 'developer', 'viewer'] as const) {
      const person = await portalBrowser(test, account.companyId, role);
      expect((await person.call('GET', '/team')).statusCode, role).toBe(403);
      const invite = await person.call('POST', '/team', { email: 'x@example.com', role: 'viewer' });
      expect(invite.statusCode, role).toBe(403);
      const change = await person.call('PATCH', `/team/${owner.memberId}`, { role: 'viewer' });
      expect(change.statusCode, role).toBe(403);
      expect((await person.call('DELETE', `/team/${owner.memberId}`)).statusCode, role).toBe(403);
    }
    expect(mailTo('x@example.com')).toEqual([]);
  });
});
