import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Portal invitations and password resets (issue 16): they are one-time links like the sign-in
 * links of 0009 (a hashed token that sets a password once), so they share its table with a
 * `purpose` (`sign-in`, `invitation` or `reset`: each has its own lifetime and e-mail). Indexes
 * on the expiry times let the periodic upkeep delete what expired without a full scan.
 */
export function portalTokensMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('portal_sign_in_tokens')
        .addColumn('purpose', 'text', (c) => c.notNull().defaultTo(sql`'sign-in'`))
        .execute();
      await db.schema
        .createIndex('portal_sign_in_tokens_member_idx')
        .on('portal_sign_in_tokens')
        .column('member_id')
        .execute();
      await db.schema
        .createIndex('portal_sign_in_tokens_expiry_idx')
        .on('portal_sign_in_tokens')
        .column('expires_at')
        .execute();
      await db.schema
        .createIndex('portal_sessions_expiry_idx')
        .on('portal_sessions')
        .column('expires_at')
        .execute();
    },
  };
}
