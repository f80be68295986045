import { describe, expect, it } from 'vitest';
import { useMigrationSuite } from '../../testing/migration-suite.js';

describe('migration 0010-token-revocation', () => {
  const migration = useMigrationSuite('0010-token-revocation');

  it('adds a nullable revoked_at to the access tokens of an older database (tokens stay valid)', async () => {
    await migration.before();
    const columnsOf = async () =>
      (await migration.db().introspection.getTables()).find(
        (table) => table.name === 'access_tokens',
      )?.columns;
    expect((await columnsOf())?.map((column) => column.name)).not.toContain('revoked_at');
    expect(await migration.apply()).toEqual(['0010-token-revocation']);
    const revokedAt = (await columnsOf())?.find((column) => column.name === 'revoked_at');
    // Nullable, no default: every token issued before the migration reads as not revoked.
    expect(revokedAt).toMatchObject({ isNullable: true, hasDefaultValue: false });
  });
});
