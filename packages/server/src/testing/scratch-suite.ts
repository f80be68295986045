import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrator.js';
import { createScratchDatabase, type ScratchDatabase } from './harness.js';

/** The scratch database of a `describe`, open during its tests. */
export interface ScratchSuite {
  /** The open handle. */
  handle(): DatabaseHandle;
  /** Where it lives (to open a second handle on it, as another process would). */
  scratch(): ScratchDatabase;
}

/**
 * A scratch database (SQLite file, or a PostgreSQL schema when `IDV_TEST_DATABASE_URL` is set)
 * opened before the tests of the enclosing `describe` (and migrated to the latest schema when
 * `migrated`), closed and dropped after them.
 */
function scratchSuite(migrated: boolean): ScratchSuite {
  let scratch: ScratchDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    handle = openDatabase(scratch);
    if (migrated) await migrateToLatest(handle);
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
  });
  const during = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the scratch database is open only during its tests');
    return value;
  };
  return { handle: () => during(handle), scratch: () => during(scratch) };
}

/**
 * The scratch database of the enclosing `describe`, not migrated: the set-up of every migration
 * test (`useMigrationSuite`). Returns the open handle's getter.
 */
export function useScratchDatabase(): () => DatabaseHandle {
  return scratchSuite(false).handle;
}

/**
 * The scratch database of the enclosing `describe`, migrated to the latest schema: the set-up of
 * the database layer's own tests (handle, prepared queries, caches, batched reads).
 */
export function useMigratedDatabase(): ScratchSuite {
  return scratchSuite(true);
}
