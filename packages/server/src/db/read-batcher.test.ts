import { beforeAll, describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../testing/scratch-suite.js';
import { batchedReads } from './read-batcher.js';

describe('batched reads', () => {
  const { handle } = useMigratedDatabase();
  beforeAll(async () => {
    await handle()
      .db.insertInto('feedback_reasons')
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          id: `batch-${i}`,
          reason: `reason ${i}`,
          position: 920 + i,
        })),
      )
      .execute();
  });

  /**
   * A batched reader of `feedback_reasons` that records the keys of each query; each query waits
   * for `gate` (when given) before it reads.
   */
  function reasons(gate?: Promise<void>) {
    const queries: (readonly string[])[] = [];
    const read = batchedReads(
      async (ids) => {
        queries.push(ids);
        await gate;
        return handle()
          .db.selectFrom('feedback_reasons')
          .select(['id', 'reason'])
          .where('id', 'in', ids)
          .execute();
      },
      (row) => row.id,
    );
    return { read, queries };
  }

  it('reads the keys asked for in one turn of the event loop with one query', async () => {
    const { read, queries } = reasons();
    const keys = ['batch-3', 'batch-0', 'batch-none', 'batch-9', 'batch-3'];
    // Asked from separate callbacks of one turn, as requests arriving together are.
    const answers = await Promise.all(
      keys.map((key) => new Promise((resolve) => queueMicrotask(() => resolve(read(key))))),
    );
    expect(answers).toEqual([
      { id: 'batch-3', reason: 'reason 3' },
      { id: 'batch-0', reason: 'reason 0' },
      undefined,
      { id: 'batch-9', reason: 'reason 9' },
      { id: 'batch-3', reason: 'reason 3' },
    ]);
    expect(queries).toHaveLength(1);
  });

  it('keeps nothing: a key asked again after a change reads the changed row', async () => {
    const { read, queries } = reasons();
    expect(await read('batch-5')).toEqual({ id: 'batch-5', reason: 'reason 5' });
    await handle()
      .db.updateTable('feedback_reasons')
      .set({ reason: 'changed' })
      .where('id', '=', 'batch-5')
      .execute();
    expect(await read('batch-5')).toEqual({ id: 'batch-5', reason: 'changed' });
    expect(queries).toHaveLength(2);
  });

  it('answers a failed query to every caller of its batch', async () => {
    const read = batchedReads<{ id: string }>(
      () => Promise.reject(new Error('database down')),
      (row) => row.id,
    );
    const answers = await Promise.allSettled([read('a'), read('b')]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
  });

  it('holds the keys asked while a read runs and reads them together when it ends', async () => {
    let release!: () => void;
    const { read: gated, queries } = reasons(new Promise<void>((resolve) => (release = resolve)));
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const first = gated('batch-1');
    await nextTurn();
    // Three more, each in a turn of its own, while the first read runs.
    const later: Promise<unknown>[] = [];
    for (const key of ['batch-2', 'batch-3', 'batch-4']) {
      later.push(gated(key));
      await nextTurn();
    }
    expect(queries).toEqual([['batch-1']]);
    release();
    expect(await first).toEqual({ id: 'batch-1', reason: 'reason 1' });
    expect(await Promise.all(later)).toEqual([
      { id: 'batch-2', reason: 'reason 2' },
      { id: 'batch-3', reason: 'reason 3' },
      { id: 'batch-4', reason: 'reason 4' },
    ]);
    expect(queries).toEqual([['batch-1'], ['batch-2', 'batch-3', 'batch-4']]);
  });
});
