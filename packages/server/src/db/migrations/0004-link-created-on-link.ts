import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The `link.created` entry of the activity log is kept on the link itself: who created it
 * (`created_by`) and from where (`created_ip`), beside its id and `created_at`. The log reads it
 * from there (`ActivityLogService.page`). A separate log row cost every link three more B-tree
 * inserts (the row, its id, its company index): about a fifth of the pages a link's creation
 * writes. The entries older servers wrote move onto their links; their `_id` becomes the link id.
 */
export function linkCreatedOnLinkMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('links').addColumn('created_by', 'text').execute();
      await db.schema.alterTable('links').addColumn('created_ip', 'text').execute();
      // One pass over the log rows, each finding its link by primary key (SQLite ≥ 3.33 and
      // PostgreSQL both have UPDATE … FROM).
      await sql`update links set created_by = logged.user_id, created_ip = logged.ip
        from (select resource_id, user_id, ip from activity_logs where action = 'link.created') as logged
        where links.id = logged.resource_id`.execute(db);
      await sql`delete from activity_logs where action = 'link.created'`.execute(db);
    },
  };
}
