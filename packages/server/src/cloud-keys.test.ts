import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildAnalysisApp, createAnalysisEngine } from '@idv/analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCloudKeyAuthority, type CloudKeyAuthority } from './cloud-keys.js';
import { sha256Hex } from './lib/secrets.js';
import { AnalysisPool } from './services/pipeline/analysis-pool.js';
import { createTestApp, type TestAccount, type TestApp } from './testing/harness.js';

describe('cloud-services keys', () => {
  let test: TestApp;
  let account: TestAccount;
  let authority: CloudKeyAuthority;
  beforeAll(async () => {
    test = await createTestApp();
    account = await test.account('premium', { email: 'owner@example.test' });
    authority = await openCloudKeyAuthority({
      dataDir: test.scratch.dataDir,
      databaseUrl: test.scratch.databaseUrl,
    });
  });
  afterAll(async () => {
    await authority.close();
    await test.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    token = account.token,
  ) =>
    test.inject({
      method,
      url: `/api/v1/cloud-services/keys${url}`,
      token,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  it('is exported as the package subpath @idv/server/cloud-keys', async () => {
    const exported = (await import('@idv/server/cloud-keys')) as Record<string, unknown>;
    expect(typeof exported.openCloudKeyAuthority).toBe('function');
  });

  it('shows the secret once, stores only its hash, and authorizes calls with it', async () => {
    const created = await call('POST', '', { service: 'face', name: 'prod' });
    expect(created.statusCode).toBe(201);
    const key = created.json();
    expect(key).toMatchObject({
      service: 'face',
      name: 'prod',
      status: 'active',
      paused: false,
      usage: { used: 0, limit: 10000, remaining: 10000 },
    });
    expect(key.secret).toMatch(/^idvk_/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    const listed = (await call('GET', '')).json();
    expect(JSON.stringify(listed)).not.toContain(key.secret);
    const row = await test.services.context.database.db
      .selectFrom('cloud_keys')
      .selectAll()
      .where('id', '=', key._id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(key.secret);
    expect(row.secret_hash).toBe(sha256Hex(key.secret));

    expect(await authority.authorize('face', key.secret)).toEqual({ ok: true, keyId: key._id });
    expect(await authority.authorize('id', key.secret)).toMatchObject({ ok: false, status: 401 });
    expect(await authority.authorize('face', undefined)).toMatchObject({ ok: false, status: 401 });
    expect(await authority.authorize('face', `${key.secret}x`)).toMatchObject({
      ok: false,
      status: 401,
    });
    expect((await call('GET', `/${key._id}`)).json().usage).toEqual({
      used: 1,
      limit: 10000,
      remaining: 9999,
    });
  });

  it('pauses, resumes, rotates and revokes', async () => {
    const key = (await call('POST', '', { service: 'id' })).json();
    expect((await call('PATCH', `/${key._id}`, { paused: true })).json()).toMatchObject({
      status: 'paused',
      paused: true,
    });
    expect(await authority.authorize('id', key.secret)).toMatchObject({ ok: false, status: 401 });
    expect((await call('PATCH', `/${key._id}`, { paused: false })).json()).toMatchObject({
      status: 'active',
    });
    expect(await authority.authorize('id', key.secret)).toMatchObject({ ok: true });
    const rotated = await call('POST', `/${key._id}/rotate`);
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json();
    expect(secret).not.toBe(key.secret);
    expect(rotated.json().usage.used).toBe(1);
    expect(await authority.authorize('id', key.secret)).toMatchObject({ ok: false, status: 401 });
    expect(await authority.authorize('id', secret)).toMatchObject({ ok: true, keyId: key._id });
    expect((await call('DELETE', `/${key._id}`)).json()).toEqual({ _id: key._id, deleted: true });
    expect(await authority.authorize('id', secret)).toMatchObject({ ok: false, status: 401 });
    expect((await call('GET', `/${key._id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/${key._id}`, { paused: 'yes' })).statusCode).toBe(400);
    expect((await call('POST', '', { service: 'voice' })).statusCode).toBe(400);
  });

  it('allows at most five live keys per service, even under concurrent creation', async () => {
    const fresh = await test.account('pro');
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', '', { service: 'antispoofing' }, fresh.token)),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 422, 422, 422]);
    expect(responses.find((r) => r.statusCode === 422)!.json()).toEqual({
      type: 'ErrorResponse',
      message: expect.stringMatching(/at most 5/),
    });
    const created = responses.filter((r) => r.statusCode === 201).map((r) => r.json());
    expect(new Set(created.map((k) => k.secret)).size).toBe(5);
    await call('DELETE', `/${created[0]._id}`, undefined, fresh.token);
    expect((await call('POST', '', { service: 'antispoofing' }, fresh.token)).statusCode).toBe(201);
    expect((await call('POST', '', { service: 'face' }, fresh.token)).statusCode).toBe(201);
  });

  it('answers 429 once the trial calls are used up, counting exactly', async () => {
    const key = (await call('POST', '', { service: 'id' })).json();
    await test.services.context.database.db
      .updateTable('cloud_keys')
      .set({ calls_used: 9_990, notified_at: '2026-01-01T00:00:00.000Z' })
      .where('id', '=', key._id)
      .execute();
    const decisions = await Promise.all(
      Array.from({ length: 15 }, () => authority.authorize('id', key.secret)),
    );
    expect(decisions.filter((d) => d.ok)).toHaveLength(10);
    expect(decisions.filter((d) => !d.ok)).toEqual(
      Array.from({ length: 5 }, () => ({ ok: false, status: 429, message: expect.any(String) })),
    );
    expect((await call('GET', `/${key._id}`)).json().usage).toEqual({
      used: 10_000,
      limit: 10_000,
      remaining: 0,
    });
  });

  it('e-mails the account holder exactly once when a key passes 80 %, even under concurrency', async () => {
    const key = (await call('POST', '', { service: 'face', name: 'busy' })).json();
    await test.services.context.database.db
      .updateTable('cloud_keys')
      .set({ calls_used: 7_990 })
      .where('id', '=', key._id)
      .execute();
    const second = await openCloudKeyAuthority({
      dataDir: test.scratch.dataDir,
      databaseUrl: test.scratch.databaseUrl,
    });
    const decisions = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? authority : second).authorize('face', key.secret),
      ),
    );
    await second.close();
    await authority.close();
    authority = await openCloudKeyAuthority({
      dataDir: test.scratch.dataDir,
      databaseUrl: test.scratch.databaseUrl,
    });
    expect(decisions.every((d) => d.ok)).toBe(true);
    expect((await call('GET', `/${key._id}`)).json().usage.used).toBe(8_030);
    const mailDir = join(test.scratch.dataDir, 'mail');
    const messages = readdirSync(mailDir)
      .map((name) => readFileSync(join(mailDir, name), 'utf8').replace(/\n[ \t]+/g, ' '))
      .filter((m) => m.includes('key busy'));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^To: owner@example\.test$/m);
    expect(messages[0]).toMatch(/^Subject: .*80% of its trial calls/m);
  });
  it('counts a call the pool retries after a busy answer (503) once, not once per try', async () => {
    const holder = await test.account('premium');
    const key = (await call('POST', '', { service: 'id' }, holder.token)).json();
    const engine = createAnalysisEngine();
    // One call at a time: while it runs, every other call is answered 503 "busy".
    const app = await buildAnalysisApp({ engine, authority, maxConcurrent: 1 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const pool = new AnalysisPool({
      urls: [`http://127.0.0.1:${port}`],
      keys: { id: key.secret, face: key.secret, antispoofing: key.secret },
    });
    try {
      // A call that takes the only slot and stalls in the middle of its body.
      const stalled = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/id/front',
        headers: {
          'api-key': key.secret,
          'content-type': 'multipart/form-data; boundary=b',
          'transfer-encoding': 'chunked',
        },
      });
      const stalledAnswer = new Promise<number>((resolve, reject) => {
        stalled.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        stalled.on('error', reject);
      });
      stalled.flushHeaders();
      stalled.write(
        '--b\r\ncontent-disposition: form-data; name="image"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n',
      );
      const used = async () =>
        (await call('GET', `/${key._id}`, undefined, holder.token)).json().usage.used;
      await expect.poll(used).toBe(1);
      // The pool's call is refused as busy, waits and tries again until the slot frees.
      const pooled = pool.analyzeFront(Buffer.from('not an image'));
      pooled.catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 500));
      stalled.end('not an image\r\n--b--\r\n');
      expect(await stalledAnswer).toBe(400);
      await expect(pooled).rejects.toMatchObject({ name: 'AnalysisInputError', status: 400 });
      // Two calls were answered: two counted, none for the busy refusals in between.
      expect(await used()).toBe(2);
    } finally {
      pool.close();
      await app.close();
      await engine.close();
    }
  }, 60_000);
});
