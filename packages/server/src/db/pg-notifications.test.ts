import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  TEST_DATABASE_URL,
  createScratchDatabase,
  type ScratchDatabase,
} from '../testing/harness.js';
import { openDatabase, type DatabaseHandle } from './database.js';

/** Resolves once `condition()` holds (polled every 10 ms), rejects after `timeoutMs`. */
async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** PostgreSQL `LISTEN`/`NOTIFY` between processes of one database (issue 17). */
describe.skipIf(TEST_DATABASE_URL === undefined)('PostgreSQL notifications', () => {
  let scratch: ScratchDatabase;
  let other: ScratchDatabase;
  const handles: DatabaseHandle[] = [];
  const open = (where: ScratchDatabase) => {
    const handle = openDatabase(where);
    handles.push(handle);
    return handle;
  };

  beforeEach(async () => {
    scratch = await createScratchDatabase();
    other = await createScratchDatabase();
  });
  afterEach(async () => {
    for (const handle of handles.splice(0)) await handle.close();
    await scratch.drop();
    await other.drop();
  });

  it('reaches the listeners of another connection when the transaction commits, not before and not on rollback', async () => {
    const listening = open(scratch);
    const sending = open(scratch);
    const received: boolean[] = [];
    listening.listen('webhooks', (missed) => received.push(missed));
    const tokens: boolean[] = [];
    listening.listen('tokens', (missed) => tokens.push(missed));
    // Another schema of the same database (another deployment, another test app) hears nothing.
    const elsewhere: boolean[] = [];
    open(other).listen('webhooks', (missed) => elsewhere.push(missed));
    await new Promise((resolve) => setTimeout(resolve, 300)); // both listeners connected

    await expect(
      sending.writeTransaction(async (trx) => {
        await sending.notify(trx, 'webhooks');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    let heldUntilCommit = false;
    await sending.writeTransaction(async (trx) => {
      await sending.notify(trx, 'webhooks');
      await sending.notify(trx, 'webhooks');
      await new Promise((resolve) => setTimeout(resolve, 100));
      heldUntilCommit = received.length === 0;
    });
    expect(heldUntilCommit).toBe(true);
    await until(() => received.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Two notifications of one transaction arrive as one; the rolled-back one never.
    expect(received).toEqual([false]);
    expect(tokens).toEqual([]);
    expect(elsewhere).toEqual([]);
  });

  it('listens again after losing its connection and tells every handler it may have missed some', async () => {
    const listening = open(scratch);
    const sending = open(scratch);
    const received: boolean[] = [];
    listening.listen('tokens', (missed) => received.push(missed));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // End the listening backend from the server side, as a PostgreSQL restart or a network cut would.
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where query like 'listen %' and query like $1`,
        [`%idv.tokens.${/search_path=(\w+)/.exec(decodeURIComponent(scratch.databaseUrl!))![1]}%`],
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await until(() => received.includes(true));
    await sending.writeTransaction((trx) => sending.notify(trx, 'tokens'));
    await until(() => received.includes(false));
    expect(received[0]).toBe(true);
  });
});
