import { Migrator, type Migration, type MigrationProvider, type MigrationResult } from 'kysely';
import type { DatabaseHandle, DialectName } from './database.js';
import { initialMigration } from './migrations/0001-initial.js';
import { flowMigration } from './migrations/0002-flow.js';

/**
 * Every migration, in order. Append only: a released migration is never edited, a change is a new one.
 * Each is built for the dialect, so one list serves SQLite and PostgreSQL.
 */
function allMigrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(dialect),
    '0002-flow': flowMigration(dialect),
  };
}

class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return allMigrations(this.dialect);
  }
}

/** Thrown when a migration fails; the database is left at the last migration that succeeded. */
export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * Brings the schema to the latest version (idempotent; safe while other processes use the database:
 * SQLite takes its write lock, PostgreSQL an advisory lock).
 * @returns the names of the migrations applied by this call.
 */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider: new InCodeMigrationProvider(handle.dialect),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r: MigrationResult) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`migration ${failed ?? '(setup)'} failed: ${reason}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
