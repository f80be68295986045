import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../lib/clock.js';
import { createLink, createTestApp, type TestApp } from '../testing/harness.js';
import { sampleJpeg } from '../testing/images.js';
import type { BlobStore } from '../storage/blob-store.js';

/** A blob store over the real one whose deletes fail for keys under the given prefixes. */
class FlakyDeletes implements BlobStore {
  readonly failing = new Set<string>();
  constructor(private readonly inner: BlobStore) {}
  put(key: string, bytes: Buffer): Promise<void> {
    return this.inner.put(key, bytes);
  }
  get(key: string): Promise<Buffer | undefined> {
    return this.inner.get(key);
  }
  async delete(key: string): Promise<void> {
    if ([...this.failing].some((prefix) => key.startsWith(prefix)))
      throw new Error(`simulated outage deleting ${key}`);
    return this.inner.delete(key);
  }
}

const blobKeysOf = async (test: TestApp, verificationId: string) =>
  (
    await test.services.context.database.db
      .selectFrom('images')
      .select('blob_key')
      .where('verification_id', '=', verificationId)
      .execute()
  ).map((row) => row.blob_key);

/** Issue 19, "Data hygiene": retention isolates rows and steps, and clears what people typed. */
describe('retention', () => {
  it('one blob that cannot be deleted stops neither the other rows nor the other maintenance steps, and is retried', async () => {
    let flaky: FlakyDeletes | undefined;
    const test = await createTestApp({
      env: { IDV_RETENTION_DAYS: '0' },
      blobStore: (configured) => (flaky = new FlakyDeletes(configured)),
    });
    try {
      const account = await test.account('premium');
      const jpeg = await sampleJpeg();
      const links = [];
      for (let n = 0; n < 3; n++) {
        const link = await createLink(test, account.token);
        await test.services.images.store(link.verificationId, 'front', jpeg, 'image/jpeg');
        links.push(link);
      }
      const [bad, ...good] = links;
      const badKeys = await blobKeysOf(test, bad!.verificationId);
      const goodKeys = (
        await Promise.all(good.map((l) => blobKeysOf(test, l.verificationId)))
      ).flat();
      flaky!.failing.add(`${account.companyId}/${bad!.verificationId}/`);
      // A token long expired: the purge step comes after retention.
      const db = test.services.context.database.db;
      test.clock.advance(400 * DAY_MS);

      await expect(test.services.maintain()).rejects.toThrow(/maintenance: 1 step\(s\) failed/);
      const rows = await db
        .selectFrom('verifications')
        .select(['id', 'data_expired'])
        .where('company_id', '=', account.companyId)
        .execute();
      expect(rows.map((r) => r.data_expired)).toEqual([1, 1, 1]);
      for (const key of goodKeys) expect(await test.services.blobs.get(key)).toBeUndefined();
      for (const key of badKeys) expect(await test.services.blobs.get(key)).toBeDefined();
      expect(await blobKeysOf(test, bad!.verificationId)).toEqual(badKeys);
      // The steps after retention ran: the expired token is purged.
      const tokens = await db
        .selectFrom('access_tokens')
        .select('token_hash')
        .where('company_id', '=', account.companyId)
        .execute();
      expect(tokens).toEqual([]);

      // The store recovers: the next run deletes what was left.
      flaky!.failing.clear();
      await test.services.maintain();
      expect(await blobKeysOf(test, bad!.verificationId)).toEqual([]);
      for (const key of badKeys) expect(await test.services.blobs.get(key)).toBeUndefined();
    } finally {
      await test.close();
    }
  });

  it('clears identify-sourced e-mails, link metadata and client error text; keeps an identifier from the API', async () => {
    const test = await createTestApp({ env: { IDV_RETENTION_DAYS: '0' } });
    try {
      const account = await test.account('premium');
      const typed = await createLink(test, account.token, {
        type: 'FULL FLOW',
        adaptiveFlow: true,
        metadata: { orderId: 'A-1', customerName: 'Carla Gomez' },
      });
      const bound = await createLink(test, account.token, {
        type: 'FULL FLOW',
        externalUserId: 'ana@example.test',
        metadata: { orderId: 'B-2' },
      });
      const identify = await test.inject({
        method: 'PATCH',
        url: '/api/v1/verifications/identify',
        payload: { verificationId: typed.verificationId, email: 'carla.gomez@example.test' },
      });
      expect(identify.statusCode).toBe(200);
      const reported = await test.inject({
        method: 'PATCH',
        url: '/api/v1/verifications/error',
        payload: {
          verificationId: typed.verificationId,
          errorCode: 'UPLOAD_FAILED',
          errorMessage: 'Carla Gomez, 12 Rue de la Paix: upload failed',
        },
      });
      expect(reported.statusCode).toBe(200);

      test.clock.advance(400 * DAY_MS);
      await test.services.maintain();
      const db = test.services.context.database.db;
      const links = await db
        .selectFrom('links')
        .select(['id', 'external_user_id', 'external_user_id_source', 'metadata'])
        .where('company_id', '=', account.companyId)
        .execute();
      const linkOf = (id: string) => links.find((l) => l.id === id);
      expect(linkOf(typed.linkId)).toEqual({
        id: typed.linkId,
        external_user_id: null,
        external_user_id_source: null,
        metadata: '{}',
      });
      expect(linkOf(bound.linkId)).toEqual({
        id: bound.linkId,
        external_user_id: 'ana@example.test',
        external_user_id_source: 'api',
        metadata: '{}',
      });
      const verification = await db
        .selectFrom('verifications')
        .select(['error_message', 'data_expired'])
        .where('id', '=', typed.verificationId)
        .executeTakeFirstOrThrow();
      expect(verification).toEqual({ error_message: null, data_expired: 1 });
      const everything = JSON.stringify(
        await db
          .selectFrom('verifications')
          .selectAll()
          .where('company_id', '=', account.companyId)
          .execute(),
      );
      expect(everything).not.toMatch(/Carla|Gomez|Rue de la Paix/i);
    } finally {
      await test.close();
    }
  });
});

describe('images', () => {
  it('writes the row before the bytes, so a failure in between never leaves an orphan blob', async () => {
    const puts: { key: string; rowExisted: boolean }[] = [];
    let failPuts = false;
    const test: TestApp = await createTestApp({
      blobStore: (configured) => ({
        async put(key, bytes) {
          const row = await test.services.context.database.db
            .selectFrom('images')
            .select('id')
            .where('blob_key', '=', key)
            .executeTakeFirst();
          puts.push({ key, rowExisted: row !== undefined });
          if (failPuts) throw new Error('simulated store outage');
          return configured.put(key, bytes);
        },
        get: (key) => configured.get(key),
        delete: (key) => configured.delete(key),
      }),
    });
    try {
      const account = await test.account('premium');
      const link = await createLink(test, account.token);
      const jpeg = await sampleJpeg();
      await test.services.images.store(link.verificationId, 'front', jpeg, 'image/jpeg');
      expect(puts).toEqual([{ key: expect.any(String), rowExisted: true }]);
      failPuts = true;
      await expect(
        test.services.images.store(link.verificationId, 'back', jpeg, 'image/jpeg'),
      ).rejects.toThrow(/simulated store outage/);
      // The failed write left no row behind either.
      expect(await blobKeysOf(test, link.verificationId)).toEqual([puts[0]!.key]);
    } finally {
      await test.close();
    }
  });
});
