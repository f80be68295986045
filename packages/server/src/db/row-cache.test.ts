import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../testing/harness.js';
import { useMigratedDatabase } from '../testing/scratch-suite.js';
import { SQLITE_FILE_NAME } from './database.js';
import { RowCache } from './row-cache.js';

/** The suite runs on SQLite unless it is given a PostgreSQL server. */
const onSqlite = TEST_DATABASE_URL === undefined;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('row cache', () => {
  const { handle, scratch } = useMigratedDatabase();
  let sqlite: boolean;
  beforeAll(async () => {
    sqlite = handle().dialect === 'sqlite';
    await handle()
      .db.insertInto('feedback_reasons')
      .values([
        { id: 'cache-a', reason: 'first', position: 900 },
        { id: 'cache-b', reason: 'other', position: 901 },
      ])
      .execute();
  });

  /** A cache of `feedback_reasons` rows that counts its database reads. */
  function reasonsCache() {
    const reads: string[] = [];
    const cache = new RowCache(handle(), ['feedback_reasons'], async (id, executor) => {
      reads.push(id);
      return (executor ?? handle().db)
        .selectFrom('feedback_reasons')
        .select(['id', 'reason'])
        .where('id', '=', id)
        .executeTakeFirst();
    });
    return { cache, reads };
  }

  it('answers from memory until a row of its table may have changed, then reads again', async () => {
    const { cache, reads } = reasonsCache();
    expect(await cache.get('cache-a')).toEqual({ id: 'cache-a', reason: 'first' });
    expect(await cache.get('cache-a')).toEqual({ id: 'cache-a', reason: 'first' });
    expect(reads).toHaveLength(sqlite ? 1 : 2); // PostgreSQL: no cache, every get reads

    // Rows added elsewhere in the table, rows of an unrelated table changed: still valid.
    await handle()
      .db.insertInto('feedback_reasons')
      .values({ id: 'cache-c', reason: 'added', position: 902 })
      .execute();
    await handle().writeTransaction(async (trx) => {
      await trx
        .insertInto('feedback_reasons')
        .values({ id: 'cache-d', reason: 'added in a transaction', position: 903 })
        .execute();
      await trx.updateTable('quota_usage').set({ used: 0 }).execute();
    });
    await cache.get('cache-a');
    expect(reads).toHaveLength(sqlite ? 1 : 3);

    // A change of the table, even of another row, empties the cache: the next get reads.
    await handle()
      .db.updateTable('feedback_reasons')
      .set({ reason: 'changed' })
      .where('id', '=', 'cache-a')
      .execute();
    expect(await cache.get('cache-a')).toEqual({ id: 'cache-a', reason: 'changed' });
    expect(reads).toHaveLength(sqlite ? 2 : 4);

    // Inside a group commit too, and an unknown key is never kept.
    await handle().writeTransaction(async (trx) => {
      await trx.deleteFrom('feedback_reasons').where('id', '=', 'cache-b').execute();
    });
    expect(await cache.get('cache-a')).toEqual({ id: 'cache-a', reason: 'changed' });
    expect(await cache.get('cache-b')).toBeUndefined();
    expect(await cache.get('cache-b')).toBeUndefined();
    expect(reads.slice(-3)).toEqual(['cache-a', 'cache-b', 'cache-b']);
  });

  it('never keeps what a transaction wrote and then rolled back', async () => {
    const { cache } = reasonsCache();
    const committed = await cache.get('cache-a');
    const rolledBack = handle().writeTransaction(async (trx) => {
      await trx
        .updateTable('feedback_reasons')
        .set({ reason: 'never committed' })
        .where('id', '=', 'cache-a')
        .execute();
      expect(await cache.get('cache-a', trx)).toEqual({ id: 'cache-a', reason: 'never committed' });
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    expect(await cache.get('cache-a')).toEqual(committed);
    expect(Object.isFrozen(await cache.get('cache-a'))).toBe(onSqlite);
  });

  it.runIf(onSqlite)(
    'sees the commits of another process from the next turn of the event loop',
    async () => {
      const { cache, reads } = reasonsCache();
      expect(await cache.get('cache-c')).toEqual({ id: 'cache-c', reason: 'added' });
      await nextTurn();
      await cache.get('cache-c');
      expect(reads).toHaveLength(1);

      // The CLI or a second server writes through its own connection.
      const other = new BetterSqlite3(join(scratch().dataDir, SQLITE_FILE_NAME));
      try {
        other
          .prepare(`update feedback_reasons set reason = 'from elsewhere' where id = 'cache-c'`)
          .run();
      } finally {
        other.close();
      }
      await nextTurn();
      expect(await cache.get('cache-c')).toEqual({ id: 'cache-c', reason: 'from elsewhere' });
      expect(reads).toHaveLength(2);
    },
  );

  it.runIf(onSqlite)(
    'follows foreign keys: deleting a company changes the tables that cascade from it',
    async () => {
      const before = handle().changeVersion(['images', 'verifications', 'links'])!;
      const unrelated = handle().changeVersion(['feedback_reasons'])!;
      await handle().db.deleteFrom('companies').where('id', '=', 'no-such-company').execute();
      expect(handle().changeVersion(['images'])).toBeGreaterThan(before);
      expect(handle().changeVersion(['verifications'])).toBeGreaterThan(before);
      expect(handle().changeVersion(['feedback_reasons'])).toBe(unrelated);
    },
  );

  it.runIf(onSqlite)(
    'relies on a schema where an INSERT changes no other row: no triggers, no REPLACE clauses',
    async () => {
      const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master`.execute(handle().db);
      expect(rows.filter((row) => row.type === 'trigger').map((row) => row.name)).toEqual([]);
      expect(
        rows.filter((row) => /on\s+conflict\s+replace/i.test(row.sql ?? '')).map((row) => row.name),
      ).toEqual([]);
    },
  );
});
