import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { WalCheckpointer } from './wal-checkpointer.js';

describe('WAL checkpointer', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function database() {
    const dir = mkdtempSync(join(tmpdir(), 'idv-wal-'));
    dirs.push(dir);
    const file = join(dir, 'test.sqlite');
    const raw = new BetterSqlite3(file);
    raw.pragma('journal_mode = WAL');
    raw.pragma('wal_autocheckpoint = 0');
    raw.exec('create table items (id integer primary key, body text not null)');
    const insert = raw.prepare('insert into items (body) values (?)');
    const write = (rows: number) =>
      raw.transaction(() => {
        for (let i = 0; i < rows; i += 1) insert.run('x'.repeat(1000));
      })();
    return { file, raw, write };
  }

  it('copies the whole log into the database in its thread, while the writer goes on', async () => {
    const { file, raw, write } = database();
    write(3000);
    const checkpointer = new WalCheckpointer(file, { intervalMs: 60_000 });
    const first = await checkpointer.checkpoint();
    expect(first).toMatchObject({ ok: true, busy: 0 });
    expect(first.log).toBeGreaterThan(500);
    expect(first.checkpointed).toBe(first.log);
    // The database file itself now holds the rows (read without the log).
    expect(statSync(file).size).toBeGreaterThan(3000 * 1000);
    write(10);
    expect(raw.prepare('select count(*) as n from items').get()).toEqual({ n: 3010 });
    await checkpointer.close();
    raw.close();
  });

  it('checkpoints on its own once the log passes the threshold', async () => {
    const { file, raw, write } = database();
    const errors: Error[] = [];
    const checkpointer = new WalCheckpointer(file, {
      thresholdBytes: 256 * 1024,
      intervalMs: 20,
      onError: (error) => errors.push(error),
    });
    write(1000);
    const walBytes = statSync(`${file}-wal`).size;
    expect(walBytes).toBeGreaterThan(256 * 1024);
    for (let i = 0; i < 100 && statSync(file).size < 1000 * 1000; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(statSync(file).size).toBeGreaterThan(1000 * 1000);
    expect(errors).toEqual([]);
    await checkpointer.close();
    expect(await checkpointer.checkpoint()).toEqual({ ok: false, error: 'closed' });
    raw.close();
  });
});
