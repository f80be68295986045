import { describe, expect, it } from 'vitest';
import { portalDb } from '../../portal/schema.js';
import { useMigrationSuite } from '../../testing/migration-suite.js';
import { insertOlderCompany } from '../../testing/older-rows.js';

describe('migration 0011-portal-tokens', () => {
  const migration = useMigrationSuite('0011-portal-tokens');

  const company = '00000000-0000-4000-8000-00000000c010';
  const member = '00000000-0000-4000-8000-00000000d010';
  const at = '2026-01-01T00:00:00.000Z';

  it('gives the sign-in links of 0009 the purpose sign-in, and takes invitations and resets', async () => {
    await migration.before();
    await insertOlderCompany(migration.db(), company, at);
    const db = portalDb(migration.handle());
    await db
      .insertInto('portal_members')
      .values({
        id: member,
        company_id: company,
        email: 'owner@example.com',
        password_hash: null,
        role: 'owner',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const token = (hash: string) => ({
      token_hash: hash,
      member_id: member,
      expires_at: at,
      used_at: null,
      created_at: at,
    });
    await db
      .insertInto('portal_sign_in_tokens')
      .values(token('a'.repeat(64)))
      .execute();
    expect((await migration.latest())[0]).toBe('0011-portal-tokens');
    await db
      .insertInto('portal_sign_in_tokens')
      .values({ ...token('b'.repeat(64)), purpose: 'reset' })
      .execute();
    const rows = await db
      .selectFrom('portal_sign_in_tokens')
      .select(['token_hash', 'purpose'])
      .orderBy('token_hash')
      .execute();
    expect(rows.map((row) => row.purpose)).toEqual(['sign-in', 'reset']);
  });
});
