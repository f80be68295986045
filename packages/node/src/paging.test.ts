import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdvClient } from './client.js';
import { startTestServer, type TestServer } from './testing/server.js';

/** Paging through 250 real verifications (each created by `POST /links`, as an integrator does). */
describe('paging through 250 verifications', () => {
  let server: TestServer;
  let idv: IdvClient;
  const created: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    const account = await server.createAccount({ plan: 'pro', quota: 300 });
    idv = new IdvClient({
      baseUrl: server.baseUrl,
      clientId: account.clientId,
      clientSecret: account.clientSecret,
    });
    for (let batch = 0; batch < 25; batch++) {
      const links = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          idv.links.create({ type: 'ID ONLY', metadata: { n: batch * 10 + i } }),
        ),
      );
      created.push(...links.map((link) => link.verificationId));
    }
  }, 120_000);
  afterAll(async () => server?.stop());

  it('yields every verification once, newest first, a page of 100 at a time', async () => {
    const seen: { id: string; createdAt: string }[] = [];
    for await (const v of idv.verifications.list())
      seen.push({ id: v._id, createdAt: v.createdAt });
    expect(seen).toHaveLength(250);
    expect(new Set(seen.map((v) => v.id))).toEqual(new Set(created));
    const times = seen.map((v) => Date.parse(v.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('gives the same sequence with an odd page size, and starts where asked', async () => {
    const all: string[] = [];
    for await (const v of idv.verifications.list()) all.push(v._id);
    const odd: string[] = [];
    for await (const v of idv.verifications.list({ pageSize: 37 })) odd.push(v._id);
    expect(odd).toEqual(all);
    const fromThird: string[] = [];
    for await (const v of idv.verifications.list({ pageSize: 100, startPage: 3 }))
      fromThird.push(v._id);
    expect(fromThird).toEqual(all.slice(200));
    const page = await idv.verifications.listPage(2, { pageSize: 100 });
    expect(page).toMatchObject({ total: 250, page: 2, size: 100 });
    expect(page.data.map((v) => v._id)).toEqual(all.slice(100, 200));
  });

  it('stops early when the caller breaks out', async () => {
    let count = 0;
    for await (const _v of idv.verifications.list({ pageSize: 10 })) if (++count === 15) break;
    expect(count).toBe(15);
    expect((await idv.verifications.latest()).data).toHaveLength(100);
  });

  it('refuses a page size the API would not serve', () => {
    expect(() => idv.verifications.list({ pageSize: 101 })).not.toThrow();
    return expect(idv.verifications.list({ pageSize: 101 }).next()).rejects.toThrow(RangeError);
  });
});
