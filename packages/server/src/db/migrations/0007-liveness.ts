import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Selfie liveness settings (DESIGN §9). `companies.allow_uploaded_selfie` (off): whether a selfie
 * without a live challenge (an uploaded photo, or no challenge at all) may pass; refused with
 * `LIVENESS_REQUIRED` otherwise. Anti-spoofing becomes on for Basic companies: older servers
 * created them with it off, and the Basic plan cannot change it (its PATCH refuses the field), so
 * none of them chose it; the spec makes no plan an exception.
 */
export function livenessMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('companies')
        .addColumn('allow_uploaded_selfie', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update companies set anti_spoofing = 1 where plan = 'basic'`.execute(db);
    },
  };
}
