import type { Kysely, Migration } from 'kysely';

/** The index of 0013 this migration drops (see {@link dropLinksTypeIndexMigration}). */
export const DROPPED_LINKS_TYPE_INDEX = 'links_company_type_idx';

/**
 * Drops `links_company_type_idx` (`links (company_id, type, id)`, migration 0013): it served the
 * inbox's filter by link type, which reads the verification's own copy of the type since 0014
 * (`verifications_inbox_type_idx`), and no other query filters links by type. Every link
 * creation still paid for keeping it. An EXPLAIN of each inbox query on both databases, with
 * the index present and 30 000 links, chose it for none (packages/server README, bench section).
 */
export function dropLinksTypeIndexMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex(DROPPED_LINKS_TYPE_INDEX).ifExists().execute();
    },
  };
}
