import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { createScratchDatabase, type ScratchDatabase } from './harness.js';

/**
 * A scratch database (SQLite file, or a PostgreSQL schema when `IDV_TEST_DATABASE_URL` is set)
 * opened before the tests of the enclosing `describe` and closed and dropped after them, not
 * migrated: the set-up of every migration test. Returns the open handle's getter.
 */
export function useScratchDatabase(): () => DatabaseHandle {
  let scratch: ScratchDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    handle = openDatabase(scratch);
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
  });
  return () => {
    if (handle === undefined) throw new Error('the scratch database is open only during its tests');
    return handle;
  };
}
