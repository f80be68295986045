import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useMigrationSuite } from '../../testing/migration-suite.js';
import { insertOlderCompanyWithLinks } from '../../testing/older-rows.js';

describe('migration 0003-status-poll', () => {
  const migration = useMigrationSuite('0003-status-poll');

  const company = '00000000-0000-4000-8000-00000000c001';
  const rows = [
    {
      link: '00000000-0000-4000-8000-0000000001a1',
      verification: '00000000-0000-4000-8000-0000000001b1',
      linkExpiresAt: '2026-01-02T00:00:00.000Z',
    },
    {
      link: '00000000-0000-4000-8000-0000000001a2',
      verification: '00000000-0000-4000-8000-0000000001b2',
      linkExpiresAt: '2026-03-04T05:06:07.000Z',
    },
  ];

  it('copies each link expiry onto the verifications an older server wrote', async () => {
    expect(await migration.before()).toEqual(['0001-initial', '0002-flow']);
    const db = migration.db();
    const at = '2026-01-01T00:00:00.000Z';
    await insertOlderCompanyWithLinks(
      db,
      company,
      at,
      rows.map((row) => ({
        id: row.link,
        verificationId: row.verification,
        expiresAt: row.linkExpiresAt,
      })),
    );
    for (const row of rows) {
      await sql`insert into verifications (id, company_id, link_id, status, step, method, operation_guid,
        user_name, terms_and_conditions, remaining_retries_front, remaining_retries_back,
        remaining_retries_selfie, images, data, detected_document_country, error_code, error_message,
        geolocation, device, expires_at, data_expired, anonymized_at, finished_at, created_at, updated_at)
        values (${row.verification}, ${company}, ${row.link}, 'pending', 'NEW_OPERATION', null, null, null,
        0, 3, 3, 3, '{"register":[]}', '{}', null, null, null, null, null, '2027-01-01T00:00:00.000Z', 0,
        null, null, ${at}, ${at})`.execute(db);
    }

    expect(await migration.apply()).toEqual(['0003-status-poll']);
    const migrated = await db
      .selectFrom('verifications')
      .select(['id', 'link_expires_at'])
      .where('company_id', '=', company)
      .orderBy('id')
      .execute();
    expect(migrated).toEqual(
      rows.map((row) => ({ id: row.verification, link_expires_at: row.linkExpiresAt })),
    );
  });
});
