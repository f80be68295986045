import { describe, expect, it } from 'vitest';
import { useMigrationSuite } from '../../testing/migration-suite.js';
import { insertOlderBasicCompany, insertOlderCompany } from '../../testing/older-rows.js';

describe('migration 0007-liveness', () => {
  const migration = useMigrationSuite('0007-liveness');

  const basic = '00000000-0000-4000-8000-00000000c007';
  const pro = '00000000-0000-4000-8000-00000000c017';
  const proWithout = '00000000-0000-4000-8000-00000000c027';

  it("turns anti-spoofing on for Basic companies, keeps a paying company's own choice, and leaves uploaded selfies off", async () => {
    // Rows as a server of 0004 wrote them (older than the migration's own predecessor).
    await migration.before('0004-link-created-on-link');
    const db = migration.db();
    const at = '2026-01-01T00:00:00.000Z';
    await insertOlderBasicCompany(db, basic, at);
    await insertOlderCompany(db, pro, at);
    await insertOlderCompany(db, proWithout, at);
    await db
      .updateTable('companies')
      .set({ anti_spoofing: 0 })
      .where('id', '=', proWithout)
      .execute();
    const applied = await migration.latest();
    expect(applied).toContain('0007-liveness');
    const rows = await db
      .selectFrom('companies')
      .select(['id', 'plan', 'anti_spoofing', 'allow_uploaded_selfie'])
      .where('id', 'in', [basic, pro, proWithout])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: basic, plan: 'basic', anti_spoofing: 1, allow_uploaded_selfie: 0 },
      { id: pro, plan: 'pro', anti_spoofing: 1, allow_uploaded_selfie: 0 },
      { id: proWithout, plan: 'pro', anti_spoofing: 0, allow_uploaded_selfie: 0 },
    ]);
  });
});
