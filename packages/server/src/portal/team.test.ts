import { describe, expect, it } from 'vitest';
import { useTestApp, useTestAccount, usePortalBrowser } from '../testing/app-suite.js';
import { portalLinkToken, sentMail } from '../testing/mailbox.js';
import { portalBrowser } from '../testing/portal-session.js';
import { createPortalServices } from './portal-services.js';

const PASSWORD = 'a new long enough password';

describe('portal Team API (/app/api/team)', () => {
  const test = useTestApp();
  const account = useTestAccount(test, 'pro');
  const owner = usePortalBrowser(test, account, 'owner');

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
    expect(invited.statusCode).toBe(202);
    expect(invited.json()).toEqual({ email: 'reviewer.one@example.com', role: 'reviewer' });
    const person = (await owner.call('GET', '/team'))
      .json()
      .find((m: { email: string }) => m.email === 'reviewer.one@example.com');
    expect(person).toMatchObject({ role: 'reviewer', status: 'invited' });
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
    // The same e-mail cannot be invited twice: it is already in the team.
    const again = await owner.call('POST', '/team', {
      email: 'reviewer.one@example.com',
      role: 'viewer',
    });
    expect(again.statusCode).toBe(409);
  });

  it('answers an address registered with another company exactly as a new one, and tells that address only', async () => {
    const elsewhere = await test.account('pro');
    const theirs = await portalBrowser(test, elsewhere.companyId, 'reviewer');
    const taken = await owner.call('POST', '/team', { email: theirs.email, role: 'viewer' });
    const fresh = await owner.call('POST', '/team', {
      email: 'brand.new@example.com',
      role: 'viewer',
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body.replace(theirs.email, 'ADDRESS')).toBe(
      fresh.body.replace('brand.new@example.com', 'ADDRESS'),
    );
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    // Nothing changed for the other company's person: same company, same role, no invitation link.
    const person = await createPortalServices(test.services).members.findByEmail(theirs.email);
    expect(person).toMatchObject({ companyId: elsewhere.companyId, role: 'reviewer' });
    const [notice, ...more] = mailTo(theirs.email);
    expect(more).toEqual([]);
    expect(notice!.text).toContain('already has a portal account with another company');
    expect(() => portalLinkToken(notice!)).toThrow();
    expect((await theirs.call('GET', '/session')).json().role).toBe('reviewer');
  });

  it('re-sends an invitation: the earlier link stops working, the new one signs in; not once accepted', async () => {
    await owner.call('POST', '/team', { email: 'late.reader@example.com', role: 'developer' });
    const [first] = mailTo('late.reader@example.com');
    const invited = (await owner.call('GET', '/team'))
      .json()
      .find((m: { email: string }) => m.email === 'late.reader@example.com');
    const resent = await owner.call('POST', `/team/${invited._id}/invitation`);
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toEqual({ email: 'late.reader@example.com', role: 'developer' });
    const [, second, ...more] = mailTo('late.reader@example.com');
    expect(more).toEqual([]);
    expect(await log('portal.member.invitation.resent', invited._id)).toEqual([
      { user_id: owner.memberId, ip: '127.0.0.1' },
    ]);
    const accept = (token: string) =>
      test.inject({
        method: 'POST',
        url: '/app/api/session/link',
        payload: { token, password: PASSWORD },
      });
    expect((await accept(portalLinkToken(first!))).statusCode).toBe(401);
    expect((await accept(portalLinkToken(second!))).statusCode).toBe(200);
    const again = await owner.call('POST', `/team/${invited._id}/invitation`);
    expect(again.statusCode).toBe(409);
    // Only an owner re-invites an owner (in a company of its own: this one keeps one owner).
    const other = await test.account('pro');
    const otherOwner = await portalBrowser(test, other.companyId, 'owner');
    await otherOwner.call('POST', '/team', { email: 'second.owner@example.com', role: 'owner' });
    const pendingOwner = (await otherOwner.call('GET', '/team'))
      .json()
      .find((m: { email: string }) => m.email === 'second.owner@example.com');
    const admin = await portalBrowser(test, other.companyId, 'admin');
    expect((await admin.call('POST', `/team/${pendingOwner._id}/invitation`)).statusCode).toBe(403);
    // Another company's person is unknown here.
    expect((await owner.call('POST', `/team/${pendingOwner._id}/invitation`)).statusCode).toBe(404);
    const unknown = await owner.call(
      'POST',
      '/team/00000000-0000-4000-8000-000000000009/invitation',
    );
    expect(unknown.statusCode).toBe(404);
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
      const resend = await person.call('POST', `/team/${owner.memberId}/invitation`);
      expect(resend.statusCode, role).toBe(403);
    }
    expect(mailTo('x@example.com')).toEqual([]);
  });
});
