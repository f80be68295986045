import { describe, expect, it } from 'vitest';
import { portalDb } from '../../portal/schema.js';
import { useMigrationSuite } from '../../testing/migration-suite.js';
import { insertOlderCompany } from '../../testing/older-rows.js';

describe('migration 0009-portal', () => {
  const migration = useMigrationSuite('0009-portal');

  const company = '00000000-0000-4000-8000-00000000c009';
  const member = '00000000-0000-4000-8000-00000000d009';
  const at = '2026-01-01T00:00:00.000Z';

  it("adds the portal's tables to an older database; one e-mail once; a company's deletion removes its people, sessions and links", async () => {
    await migration.before();
    await insertOlderCompany(migration.db(), company, at);
    expect(await migration.apply()).toEqual(['0009-portal']);
    const db = portalDb(migration.handle());
    const person = {
      company_id: company,
      email: 'owner@example.com',
      password_hash: null,
      role: 'owner' as const,
      created_at: at,
      updated_at: at,
    };
    await db
      .insertInto('portal_members')
      .values({ id: member, ...person })
      .execute();
    await expect(
      db
        .insertInto('portal_members')
        .values({ id: '00000000-0000-4000-8000-00000000d019', ...person })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto('portal_sessions')
      .values({
        token_hash: 'a'.repeat(64),
        member_id: member,
        company_id: company,
        ip: '203.0.113.7',
        expires_at: at,
        created_at: at,
      })
      .execute();
    await db
      .insertInto('portal_sign_in_tokens')
      .values({
        token_hash: 'b'.repeat(64),
        member_id: member,
        expires_at: at,
        used_at: null,
        created_at: at,
      })
      .execute();
    await migration.db().deleteFrom('companies').where('id', '=', company).execute();
    for (const table of ['portal_members', 'portal_sessions', 'portal_sign_in_tokens'] as const) {
      const { n } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n), table).toBe(0);
    }
  });
});
