import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { effectiveDocumentType, parseDocumentTypes } from '../../services/document-types.js';
import { requiredCaptures } from '../../services/capture-plan.js';
import { useMigrationSuite } from '../../testing/migration-suite.js';
import { insertOlderCompanyWithLinks } from '../../testing/older-rows.js';

describe('migration 0005-document-types', () => {
  const migration = useMigrationSuite('0005-document-types');

  const company = '00000000-0000-4000-8000-00000000c005';
  const at = '2026-01-01T00:00:00.000Z';
  const rows = [
    // A flow an older server left after the card's front was accepted, and one not yet captured.
    { link: '00000000-0000-4000-8000-0000000005a1', images: '{"addFront":"img-1","register":[]}' },
    { link: '00000000-0000-4000-8000-0000000005a2', images: '{"register":[]}' },
  ];

  it('keeps the rows of an older server: their links allow both types, a started card stays a card', async () => {
    await migration.before();
    const db = migration.db();
    await insertOlderCompanyWithLinks(
      db,
      company,
      at,
      rows.map((row) => ({
        id: row.link,
        verificationId: row.link.replace('5a', '5b'),
        expiresAt: '2027-01-01T00:00:00.000Z',
      })),
    );
    for (const row of rows) {
      const verification = row.link.replace('5a', '5b');
      await sql`insert into verifications (id, company_id, link_id, status, step, method, operation_guid,
        user_name, terms_and_conditions, remaining_retries_front, remaining_retries_back,
        remaining_retries_selfie, images, data, detected_document_country, error_code, error_message,
        geolocation, device, expires_at, link_expires_at, data_expired, anonymized_at, finished_at,
        created_at, updated_at)
        values (${verification}, ${company}, ${row.link}, 'started', 'NEW_OPERATION', 'DOCUMENT', null,
        null, 1, 3, 3, 3, ${row.images}, '{}', null, null, null, null, null, '2027-01-02T00:00:00.000Z',
        '2027-01-01T00:00:00.000Z', 0, null, null, ${at}, ${at})`.execute(db);
    }

    expect(await migration.apply()).toEqual(['0005-document-types']);
    const companyRow = await db
      .selectFrom('companies')
      .select('document_types')
      .where('id', '=', company)
      .executeTakeFirstOrThrow();
    expect(parseDocumentTypes(companyRow.document_types)).toEqual(['ID_CARD', 'PASSPORT']);
    const migrated = await db
      .selectFrom('verifications')
      .innerJoin('links', 'links.id', 'verifications.link_id')
      .select([
        'verifications.images',
        'verifications.method',
        'verifications.document_type',
        'links.type as link_type',
        'links.document_types as link_document_types',
      ])
      .where('verifications.company_id', '=', company)
      .orderBy('verifications.id')
      .execute();
    expect(migrated.map((row) => row.document_type)).toEqual([null, null]);
    expect(migrated.map((row) => parseDocumentTypes(row.link_document_types))).toEqual([
      ['ID_CARD', 'PASSPORT'],
      ['ID_CARD', 'PASSPORT'],
    ]);
    const [started, fresh] = migrated;
    expect(effectiveDocumentType(started!)).toBe('ID_CARD');
    expect(requiredCaptures(started!)).toEqual(['front', 'back', 'selfie']);
    // Not captured yet: the person chooses, the card's captures meanwhile.
    expect(effectiveDocumentType(fresh!)).toBeNull();
    expect(requiredCaptures(fresh!)).toEqual(['front', 'back', 'selfie']);
  });
});
