import {
  Migrator,
  sql,
  type Migration,
  type MigrationProvider,
  type MigrationResult,
  type MigrationResultSet,
} from 'kysely';
import type { DatabaseHandle, DialectName } from './database.js';
import { initialMigration } from './migrations/0001-initial.js';
import { flowMigration } from './migrations/0002-flow.js';
import { statusPollMigration } from './migrations/0003-status-poll.js';
import { linkCreatedOnLinkMigration } from './migrations/0004-link-created-on-link.js';
import { documentTypesMigration } from './migrations/0005-document-types.js';
import { identityCredentialsMigration } from './migrations/0006-identity-credentials.js';
import { livenessMigration } from './migrations/0007-liveness.js';
import { webhookCircuitsMigration } from './migrations/0008-webhook-circuits.js';
import { portalMigration } from './migrations/0009-portal.js';
import { tokenRevocationMigration } from './migrations/0010-token-revocation.js';
import { portalTokensMigration } from './migrations/0011-portal-tokens.js';
import { selfieReviewMigration } from './migrations/0012-selfie-review.js';
import { inboxIndexesMigration } from './migrations/0013-inbox-indexes.js';
import { verificationTypeMigration } from './migrations/0014-verification-type.js';
import { dropLinksTypeIndexMigration } from './migrations/0015-drop-links-type-index.js';

/**
 * Every migration, in order. Append only: a released migration is never edited, a change is a new one.
 * Each is built for the dialect, so one list serves SQLite and PostgreSQL.
 */
function allMigrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(dialect),
    '0002-flow': flowMigration(dialect),
    '0003-status-poll': statusPollMigration(),
    '0004-link-created-on-link': linkCreatedOnLinkMigration(),
    '0005-document-types': documentTypesMigration(),
    '0006-identity-credentials': identityCredentialsMigration(),
    '0007-liveness': livenessMigration(),
    '0008-webhook-circuits': webhookCircuitsMigration(),
    '0009-portal': portalMigration(),
    '0010-token-revocation': tokenRevocationMigration(),
    '0011-portal-tokens': portalTokensMigration(),
    '0012-selfie-review': selfieReviewMigration(),
    '0013-inbox-indexes': inboxIndexesMigration(),
    '0014-verification-type': verificationTypeMigration(),
    '0015-drop-links-type-index': dropLinksTypeIndexMigration(),
  };
}

/** The names of every migration, in the order they run. */
export function migrationNames(): string[] {
  return Object.keys(allMigrations('sqlite'));
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
  return migrate(handle, (migrator) => migrator.migrateToLatest());
}

/**
 * Brings the schema up to the migration `name` and no further: tests of a migration's data changes
 * write rows as an older server did, then migrate on.
 */
export async function migrateUpTo(handle: DatabaseHandle, name: string): Promise<string[]> {
  return migrate(handle, (migrator) => migrator.migrateTo(name));
}

async function migrate(
  handle: DatabaseHandle,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<string[]> {
  // On PostgreSQL, Kysely looks for its bookkeeping tables in every schema unless told which one:
  // a database holding several schemas (one per deployment or per test) would find another
  // schema's tables, skip creating its own, and fail. Its own is the connection's current schema.
  const schema =
    handle.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db))
          .rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: handle.db,
    provider: new InCodeMigrationProvider(handle.dialect),
    ...(schema !== undefined ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await run(migrator);
  if (error !== undefined) {
    const failed = results?.find((r: MigrationResult) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`migration ${failed ?? '(setup)'} failed: ${reason}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
