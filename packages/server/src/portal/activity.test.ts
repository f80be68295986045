import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestAccount, type TestApp } from '../testing/harness.js';
import { portalBrowser, type PortalBrowser } from '../testing/portal-session.js';

interface Entry {
  action: string;
  resourceId: string | null;
  actor: { kind: string; id: string | null; email: string | null };
  ip: string | null;
  createdAt: string;
}

describe('portal activity log (/app/api/activity)', () => {
  let test: TestApp;
  let account: TestAccount;
  let owner: PortalBrowser;
  let developer: PortalBrowser;

  beforeAll(async () => {
    test = await createTestApp();
    account = await test.account('pro');
    owner = await portalBrowser(test, account.companyId, 'owner');
    developer = await portalBrowser(test, account.companyId, 'developer');
    // Changes by three actors: the developer in the portal, the API client, the owner.
    test.clock.advance(1000);
    await developer.call('POST', '/webhook-endpoints', { url: 'https://93.184.216.34/a' });
    test.clock.advance(1000);
    await test.inject({
      method: 'POST',
      url: '/api/v1/links',
      token: account.token,
      payload: { type: 'ID ONLY' },
    });
    test.clock.advance(1000);
    await developer.call('POST', '/links', { type: 'ID ONLY' });
    test.clock.advance(1000);
    await owner.call('POST', '/team', { email: 'new.person@example.com', role: 'viewer' });
  });
  afterAll(async () => test.close());

  const read = async (query = '') => {
    const answer = await owner.call('GET', `/activity${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as {
      total: number;
      page: number;
      size: number;
      data: Entry[];
      actors: { id: string; label: string }[];
      actions: string[];
    };
  };

  it('answers who, what, when and from where, newest first, with the links read from the links', async () => {
    const log = await read();
    const actions = log.data.map((e) => e.action);
    // Newest first: the invitation, then the portal's link, the API's link, the endpoint.
    expect(actions.slice(0, 4)).toEqual([
      'portal.member.invited',
      'link.created',
      'link.created',
      'webhook_endpoint.created',
    ]);
    expect(log.data[0]!.actor).toEqual({ kind: 'person', id: owner.memberId, email: owner.email });
    expect(log.data[0]!.ip).toBe('127.0.0.1');
    expect(log.data[1]!.actor).toMatchObject({ kind: 'person', email: developer.email });
    expect(log.data[2]!.actor).toEqual({ kind: 'api', id: account.userId, email: null });
    const times = log.data.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(log.actors).toEqual(
      expect.arrayContaining([
        { id: owner.memberId, label: owner.email },
        { id: account.userId, label: 'API client' },
      ]),
    );
    expect(log.actions).toEqual(expect.arrayContaining(['link.created', 'portal.member.invited']));
  });

  it('filters by person and by action (exact or a prefix) on the server, and pages', async () => {
    const byDeveloper = await read(`?actor=${developer.memberId}`);
    expect(new Set(byDeveloper.data.map((e) => e.actor.id))).toEqual(new Set([developer.memberId]));
    expect(byDeveloper.data.map((e) => e.action)).toEqual([
      'link.created',
      'webhook_endpoint.created',
      'portal.sign-in.password',
    ]);
    const links = await read('?action=link.created');
    expect(links.total).toBe(2);
    const apiLinks = await read(`?action=link.created&actor=${account.userId}`);
    expect(apiLinks.total).toBe(1);
    const signIns = await read('?action=portal.sign-in.');
    expect(signIns.data.map((e) => e.action)).toEqual([
      'portal.sign-in.password',
      'portal.sign-in.password',
    ]);
    // `_` is a literal in a prefix, not LIKE's any-character.
    expect((await read('?action=webhook_endpoint.')).total).toBe(1);
    expect((await read('?action=webhook.endpoint.')).total).toBe(0);

    const all = await read();
    const first = await read('?size=2&page=1');
    const second = await read('?size=2&page=2');
    expect(first.total).toBe(all.total);
    expect([...first.data, ...second.data].map((e) => e.action)).toEqual(
      all.data.slice(0, 4).map((e) => e.action),
    );
    expect((await owner.call('GET', '/activity?action=a%25b')).statusCode).toBe(400);
    expect((await owner.call('GET', '/activity?actor=not-an-id')).statusCode).toBe(400);
  });

  it("logs the sign-out, and is for owners and admins only; never shows another company's entries", async () => {
    const person = await portalBrowser(test, account.companyId, 'admin');
    expect((await person.call('GET', '/activity')).statusCode).toBe(200);
    expect((await person.call('DELETE', '/session')).statusCode).toBe(204);
    const signOut = await read('?action=portal.sign-out');
    expect(signOut.data.map((e) => e.actor.email)).toEqual([person.email]);

    for (const role of ['reviewer', 'developer', 'viewer'] as const) {
      const other = await portalBrowser(test, account.companyId, role);
      expect((await other.call('GET', '/activity')).statusCode, role).toBe(403);
    }
    const elsewhere = await test.account('pro');
    const foreign = await portalBrowser(test, elsewhere.companyId, 'owner');
    const theirs = (await foreign.call('GET', '/activity')).json();
    for (const entry of theirs.data as Entry[])
      expect([foreign.memberId, elsewhere.userId, null]).toContain(entry.actor.id);
    expect(theirs.data.map((e: Entry) => e.actor.id)).toContain(foreign.memberId);
    expect(JSON.stringify(theirs)).not.toContain(owner.email);
    // Filtering by another company's person finds nothing.
    expect((await foreign.call('GET', `/activity?actor=${owner.memberId}`)).json().total).toBe(0);
  });
});
