import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useMigrationSuite } from '../../testing/migration-suite.js';
import { insertOlderCompanyWithLinks } from '../../testing/older-rows.js';

describe('migration 0014-verification-type', () => {
  const migration = useMigrationSuite('0014-verification-type');

  const company = '00000000-0000-4000-8000-00000000c014';
  const rows = [
    {
      link: '00000000-0000-4000-8000-0000000014a1',
      verification: '00000000-0000-4000-8000-0000000014b1',
      type: 'FULL FLOW',
    },
    {
      link: '00000000-0000-4000-8000-0000000014a2',
      verification: '00000000-0000-4000-8000-0000000014b2',
      type: 'ID ONLY',
    },
  ];

  it("copies each link's type onto the verifications an older server wrote", async () => {
    await migration.before();
    const db = migration.db();
    const at = '2026-01-01T00:00:00.000Z';
    await insertOlderCompanyWithLinks(
      db,
      company,
      at,
      rows.map((row) => ({
        id: row.link,
        verificationId: row.verification,
        expiresAt: '2026-01-02T00:00:00.000Z',
      })),
    );
    for (const row of rows) {
      await sql`update links set type = ${row.type} where id = ${row.link}`.execute(db);
      await sql`insert into verifications (id, company_id, link_id, status, step,
        terms_and_conditions, remaining_retries_front, remaining_retries_back,
        remaining_retries_selfie, images, data, expires_at, data_expired, identify_changes,
        created_at, updated_at)
        values (${row.verification}, ${company}, ${row.link}, 'pending', 'NEW_OPERATION', 0, 3, 3, 3,
        '{"register":[]}', '{}', '2027-01-01T00:00:00.000Z', 0, 0, ${at}, ${at})`.execute(db);
    }

    expect(await migration.apply()).toEqual(['0014-verification-type']);
    const migrated = await db
      .selectFrom('verifications')
      .select(['id', 'type'])
      .where('company_id', '=', company)
      .orderBy('id')
      .execute();
    expect(migrated).toEqual(rows.map((row) => ({ id: row.verification, type: row.type })));
  });
});
