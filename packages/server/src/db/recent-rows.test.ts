import { beforeAll, describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../testing/scratch-suite.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { RECENT_ROWS_MS, RecentRows } from './recent-rows.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('recent rows', () => {
  const { handle, scratch } = useMigratedDatabase();
  beforeAll(async () => {
    await handle()
      .db.insertInto('feedback_reasons')
      .values({ id: 'recent-a', reason: 'first', position: 910 })
      .execute();
  });

  /** A cache of `feedback_reasons` rows (channel `companies`) that counts its database reads. */
  function reasonsCache(database: DatabaseHandle = handle()) {
    const reads: string[] = [];
    const cache = new RecentRows(database, 'companies', async (id) => {
      reads.push(id);
      return database.db
        .selectFrom('feedback_reasons')
        .select(['id', 'reason'])
        .where('id', '=', id)
        .executeTakeFirst();
    });
    return { cache, reads };
  }

  it('answers a row from memory for RECENT_ROWS_MS, then reads it again', async () => {
    const { cache, reads } = reasonsCache();
    expect(await cache.get('recent-a')).toEqual({ id: 'recent-a', reason: 'first' });
    expect(await cache.get('recent-a')).toEqual({ id: 'recent-a', reason: 'first' });
    expect(reads).toEqual(['recent-a']);
    expect(Object.isFrozen(await cache.get('recent-a'))).toBe(true);
    // Unknown keys are never kept.
    expect(await cache.get('recent-none')).toBeUndefined();
    expect(await cache.get('recent-none')).toBeUndefined();
    expect(reads).toEqual(['recent-a', 'recent-none', 'recent-none']);
    await sleep(RECENT_ROWS_MS + 50);
    await cache.get('recent-a');
    expect(reads.filter((id) => id === 'recent-a')).toHaveLength(2);
  });

  it('reads a row again at once after its writer in this process forgets it', async () => {
    const { cache, reads } = reasonsCache();
    await cache.get('recent-a');
    await handle()
      .db.updateTable('feedback_reasons')
      .set({ reason: 'changed here' })
      .where('id', '=', 'recent-a')
      .execute();
    cache.forget('recent-a');
    expect(await cache.get('recent-a')).toEqual({ id: 'recent-a', reason: 'changed here' });
    expect(reads).toEqual(['recent-a', 'recent-a']);
  });

  it('drops every row when another process notifies the channel at its commit (PostgreSQL)', async () => {
    if (handle().dialect !== 'postgres') return; // SQLite: no notifications, the time bound holds
    const other = openDatabase(scratch());
    try {
      const { cache } = reasonsCache();
      await cache.get('recent-a');
      // Let the listening connection start before the change.
      await sleep(500);
      const changedAt = performance.now();
      await other.writeTransaction(async (trx) => {
        await trx
          .updateTable('feedback_reasons')
          .set({ reason: 'changed elsewhere' })
          .where('id', '=', 'recent-a')
          .execute();
        await other.notify(trx, 'companies');
      });
      let seen = (await cache.get('recent-a'))?.reason;
      while (seen !== 'changed elsewhere' && performance.now() - changedAt < RECENT_ROWS_MS) {
        await sleep(5);
        seen = (await cache.get('recent-a'))?.reason;
      }
      // Seen well before the row's time was up: the notification, not the time bound.
      expect(seen).toBe('changed elsewhere');
      expect(performance.now() - changedAt).toBeLessThan(RECENT_ROWS_MS);
    } finally {
      await other.close();
    }
  });
});
