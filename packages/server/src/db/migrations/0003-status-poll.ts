import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The status poll reads one index entry: the link's expiry is copied onto its verification
 * (`links.expires_at` never changes once written), and one index holds every column the poll
 * answers from, so SQLite and PostgreSQL serve it without touching the tables (the join of the
 * verification with its link was most of the poll's cost).
 */
export function statusPollMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('verifications').addColumn('link_expires_at', 'text').execute();
      await sql`update verifications set link_expires_at =
        (select links.expires_at from links where links.id = verifications.link_id)`.execute(db);
      await db.schema
        .createIndex('verifications_status_poll_idx')
        .on('verifications')
        .columns(['id', 'link_id', 'status', 'operation_guid', 'method', 'link_expires_at'])
        .execute();
    },
  };
}
