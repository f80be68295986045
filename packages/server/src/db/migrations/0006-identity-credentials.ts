import type { Kysely, Migration } from 'kysely';

/**
 * Identity binding and credentials (issue 19):
 * - `verifications.identify_changes` counts the identifiers `PATCH /verifications/identify` set on
 *   the verification's link (the first one and each correction), so corrections can be capped.
 *   Rows of older servers start at 0: at worst one more change than the cap is let through for a
 *   verification that was being identified while the server was upgraded.
 * - `invoices.claimed_at`: a payment claims an invoice (`open` → `processing`) before charging it;
 *   a claim older than the timeout counts as abandoned.
 * - `access_tokens_user_idx`: rotating a client secret revokes every token of that client at once,
 *   found by `user_id` (each user is one API client).
 */
export function identityCredentialsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('verifications')
        .addColumn('identify_changes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('invoices').addColumn('claimed_at', 'text').execute();
      await db.schema
        .createIndex('access_tokens_user_idx')
        .on('access_tokens')
        .column('user_id')
        .execute();
    },
  };
}
