import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database.js';
import { useMigrationSuite } from '../../testing/migration-suite.js';
import { DROPPED_LINKS_TYPE_INDEX } from './0015-drop-links-type-index.js';

/** The names of the indexes on `links`, as the database itself lists them. */
async function linkIndexes(handle: DatabaseHandle): Promise<string[]> {
  const rows =
    handle.dialect === 'postgres'
      ? await sql<{ name: string }>`select indexname as name from pg_indexes
          where schemaname = current_schema() and tablename = 'links'`.execute(handle.db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'index' and tbl_name = 'links'`.execute(handle.db);
  return rows.rows.map((row) => row.name).sort();
}

describe('migration 0015-drop-links-type-index', () => {
  const migration = useMigrationSuite('0015-drop-links-type-index');
  const handle = migration.handle;

  it('drops the links type index of 0013 and keeps the other indexes on links', async () => {
    await migration.before();
    const before = await linkIndexes(handle());
    expect(before).toContain(DROPPED_LINKS_TYPE_INDEX);

    expect(await migration.apply()).toEqual(['0015-drop-links-type-index']);
    const after = await linkIndexes(handle());
    expect(after).toEqual(before.filter((name) => name !== DROPPED_LINKS_TYPE_INDEX));
    expect(after).toEqual(
      expect.arrayContaining(['links_company_created_idx', 'links_company_external_user_idx']),
    );
  });
});
