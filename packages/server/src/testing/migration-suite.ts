import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import { migrateToLatest, migrateUpTo, migrationNames } from '../db/migrator.js';
import type { Database } from '../db/schema.js';
import { useScratchDatabase } from './scratch-suite.js';

/** The scratch database of one migration's test, and the steps that test takes on it. */
export interface MigrationSuite {
  /** The open scratch database. */
  handle(): DatabaseHandle;
  /** Its query builder (typed with the latest schema: write older rows with the columns they had). */
  db(): Kysely<Database>;
  /**
   * Migrates up to the migration just before the one under test (or up to `upTo`, an older one),
   * where the test writes rows as an older server did. Answers the migrations that ran.
   */
  before(upTo?: string): Promise<string[]>;
  /** Migrates up to the one under test and no further. Answers the migrations that ran. */
  apply(): Promise<string[]>;
  /** Migrates to the latest schema. Answers the migrations that ran. */
  latest(): Promise<string[]>;
}

/**
 * The set-up every migration test shares: a scratch database (`useScratchDatabase`: SQLite, or a
 * PostgreSQL schema under `IDV_TEST_DATABASE_URL`) for the enclosing `describe`, brought to the
 * schema before migration `name`, then migrated on.
 *
 * @example
 * const migration = useMigrationSuite('0014-verification-type');
 * await migration.before(); // 0001 … 0013
 * await insertOlderCompany(migration.db(), company, at);
 * expect(await migration.apply()).toEqual(['0014-verification-type']);
 */
export function useMigrationSuite(name: string): MigrationSuite {
  const names = migrationNames();
  const index = names.indexOf(name);
  if (index < 1) throw new Error(`no migration before ${name}`);
  const previous = names[index - 1]!;
  const handle = useScratchDatabase();
  return {
    handle,
    db: () => handle().db,
    before: (upTo = previous) => migrateUpTo(handle(), upTo),
    apply: () => migrateUpTo(handle(), name),
    latest: () => migrateToLatest(handle()),
  };
}
