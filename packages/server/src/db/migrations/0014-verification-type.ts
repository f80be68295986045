import { sql, type Kysely, type Migration } from 'kysely';

/** The inbox's index on the verification's type (see {@link verificationTypeMigration}). */
export const INBOX_TYPE_INDEX = {
  name: 'verifications_inbox_type_idx',
  table: 'verifications',
  columns: ['company_id', 'type', 'created_at', 'id', 'expires_at'],
} as const;

/**
 * The verification's type (`FULL FLOW` or `ID ONLY`, its link's `type`, which never changes once
 * written) is copied onto the verification row, backfilled here and set where verifications are
 * created, and indexed like the inbox's other filters (`company_id`, the filter, the page's order,
 * the readable window; 0013). The inbox's filter by type read every link of the company through
 * a subquery (117 ms on SQLite, 70 ms on PostgreSQL with 100 000 verifications,
 * `npm run bench:inbox`); it is now one range of this index. The column stays nullable in the
 * database (SQLite adds no NOT NULL column without a default, and a default would hide a creation
 * path that forgot it); the schema types it as always set.
 */
export function verificationTypeMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('verifications').addColumn('type', 'text').execute();
      await sql`update verifications set type =
        (select links.type from links where links.id = verifications.link_id)`.execute(db);
      await db.schema
        .createIndex(INBOX_TYPE_INDEX.name)
        .on(INBOX_TYPE_INDEX.table)
        .columns([...INBOX_TYPE_INDEX.columns])
        .execute();
    },
  };
}
