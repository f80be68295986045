import type { Kysely, Migration } from 'kysely';

/**
 * The account-holder portal (issue 16, DESIGN §9): the people of a company (`portal_members`, one
 * e-mail across the deployment, an argon2id hash or null until a sign-in link set a password, and
 * a role), their server-side sessions (`portal_sessions`, only the SHA-256 of the cookie value is
 * stored), and one-time sign-in links (`portal_sign_in_tokens`, hashed as well). A company's
 * deletion removes its people, and a person's their sessions and links.
 */
export function portalMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('portal_members')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'text', (c) =>
          c.notNull().references('companies.id').onDelete('cascade'),
        )
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('portal_members_company_idx')
        .on('portal_members')
        .column('company_id')
        .execute();
      await db.schema
        .createTable('portal_sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'text', (c) =>
          c.notNull().references('portal_members.id').onDelete('cascade'),
        )
        .addColumn('company_id', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('portal_sessions_member_idx')
        .on('portal_sessions')
        .column('member_id')
        .execute();
      await db.schema
        .createTable('portal_sign_in_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'text', (c) =>
          c.notNull().references('portal_members.id').onDelete('cascade'),
        )
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
