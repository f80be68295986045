import { beforeAll, describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../testing/scratch-suite.js';
import { migrateToLatest } from './migrator.js';
import { preparedQuery } from './prepared.js';

describe('database handle', () => {
  const { handle } = useMigratedDatabase();
  beforeAll(async () => {
    expect(await migrateToLatest(handle())).toEqual([]);
  });

  const reason = (id: string) => ({ id, reason: `reason ${id}`, position: 100 });

  it('keeps concurrent transactions independent: a failing one rolls back alone', async () => {
    const ids = Array.from(
      { length: 12 },
      (_, i) => `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
    );
    const results = await Promise.allSettled(
      ids.map((id, index) =>
        handle().writeTransaction(async (trx) => {
          await trx.insertInto('feedback_reasons').values(reason(id)).execute();
          if (index % 4 === 1) throw new Error(`unit ${index} fails after writing`);
          return index;
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(3);
    expect(
      results
        .filter((r) => r.status === 'fulfilled')
        .map((r) => (r as PromiseFulfilledResult<number>).value),
    ).toEqual([0, 2, 3, 4, 6, 7, 8, 10, 11]);
    const stored = await handle()
      .db.selectFrom('feedback_reasons')
      .select('id')
      .where('id', 'in', ids)
      .execute();
    expect(stored.map((r) => r.id).sort()).toEqual(ids.filter((_, index) => index % 4 !== 1));
  });

  it('runs each unit of a batch once, and the batch again with each unit isolated when one fails', async () => {
    const ids = Array.from({ length: 5 }, (_, i) => `00000000-0000-4000-8000-0000000000c${i}`);
    const runs = ids.map(() => 0);
    const batch = (failing: number | null) =>
      Promise.allSettled(
        ids.map((id, index) =>
          handle().writeTransaction(async (trx) => {
            runs[index]!++;
            await trx
              .insertInto('feedback_reasons')
              .values(reason(`${id}${failing ?? ''}`))
              .execute();
            if (index === failing) throw new Error(`unit ${index} fails after writing`);
            return index;
          }),
        ),
      );
    const allGood = await batch(null);
    expect(allGood.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(runs).toEqual([1, 1, 1, 1, 1]);

    runs.fill(0);
    const oneFails = await batch(2);
    expect(oneFails.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    // SQLite's group commit ran the five in one optimistic pass, rolled it back at unit 2's
    // failure, and ran all five again, each in a savepoint. PostgreSQL runs each unit once.
    expect(runs).toEqual(handle().dialect === 'sqlite' ? [2, 2, 2, 1, 1] : [1, 1, 1, 1, 1]);
    const stored = await handle()
      .db.selectFrom('feedback_reasons')
      .select('id')
      .where(
        'id',
        'in',
        ids.map((id) => `${id}2`),
      )
      .execute();
    expect(stored.map((r) => r.id).sort()).toEqual(
      ids.filter((_, i) => i !== 2).map((id) => `${id}2`),
    );
  });

  it('never shows a prepared read on the database what an open transaction wrote', async () => {
    const db = handle().db;
    const byId = preparedQuery(db, ['id'], (p) =>
      db.selectFrom('feedback_reasons').select('id').where('id', '=', p.id),
    );
    const id = '00000000-0000-4000-8000-0000000000a0';
    let readDuring: Promise<unknown[]> | undefined;
    const rolledBack = handle().writeTransaction(async (trx) => {
      await trx.insertInto('feedback_reasons').values(reason(id)).execute();
      // Another request reads meanwhile (this unit holds the transaction open a moment).
      readDuring = byId({ id });
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    expect(await readDuring).toEqual([]);
    expect(await byId({ id })).toEqual([]);
    await handle().writeTransaction(async (trx) => {
      await trx.insertInto('feedback_reasons').values(reason(id)).execute();
    });
    expect(await byId({ id })).toEqual([{ id }]);
  });

  it('runs the prepared writes of a transaction inside it: they commit or roll back with it', async () => {
    const db = handle().db;
    const insert = preparedQuery(db, ['id', 'reason'], (p) =>
      db
        .insertInto('feedback_reasons')
        .values({ id: p.id, reason: p.reason, position: 100 })
        .returning('id'),
    );
    const ids = ['00000000-0000-4000-8000-0000000000b0', '00000000-0000-4000-8000-0000000000b1'];
    const [kept, dropped] = await Promise.allSettled([
      handle().writeTransaction(async (trx) => insert({ id: ids[0], reason: 'kept' }, trx)),
      handle().writeTransaction(async (trx) => {
        await insert({ id: ids[1], reason: 'dropped' }, trx);
        throw new Error('rolled back after a prepared write');
      }),
    ]);
    expect(kept).toEqual({ status: 'fulfilled', value: [{ id: ids[0] }] });
    expect(dropped.status).toBe('rejected');
    const stored = await db
      .selectFrom('feedback_reasons')
      .select('id')
      .where('id', 'in', ids)
      .execute();
    expect(stored).toEqual([{ id: ids[0] }]);
  });

  it('runs prepared queries with new values, inside and outside transactions', async () => {
    const db = handle().db;
    const byId = preparedQuery(db, ['id'], (p) =>
      db.selectFrom('feedback_reasons').select(['id', 'reason']).where('id', '=', p.id),
    );
    expect(await byId({ id: '00000000-0000-4000-8000-000000000000' })).toEqual([
      {
        id: '00000000-0000-4000-8000-000000000000',
        reason: 'reason 00000000-0000-4000-8000-000000000000',
      },
    ]);
    expect(await byId({ id: 'missing' })).toEqual([]);
    const inside = await handle().writeTransaction((trx) =>
      byId({ id: '00000000-0000-4000-8000-000000000002' }, trx),
    );
    expect(inside).toHaveLength(1);
    await expect(
      preparedQuery(db, ['a', 'b'], (p) =>
        db.selectFrom('feedback_reasons').select('id').where('id', '=', p.a),
      )({ a: 1, b: 2 }),
    ).rejects.toThrow(/exactly once/);
  });
});
