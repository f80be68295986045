import type { Kysely, Migration } from 'kysely';

/**
 * `access_tokens.revoked_at`: a revoked token (client secret rotation, `account revoke-tokens`) is
 * kept, marked, until it is purged with the expired ones, so that presenting it answers 401
 * `invalid_token` "revoked" (the credential was real and ended, like an expired one) rather than
 * the 403 of a token never issued. Rows revoked before this migration were deleted: nothing to fill.
 */
export function tokenRevocationMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('access_tokens').addColumn('revoked_at', 'text').execute();
    },
  };
}
