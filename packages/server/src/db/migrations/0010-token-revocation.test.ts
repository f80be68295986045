import { describe, expect, it } from 'vitest';
import { useScratchDatabase } from '../../testing/scratch-suite.js';
import { migrateUpTo } from '../migrator.js';

describe('migration 0010-token-revocation', () => {
  const handle = useScratchDatabase();

  it('adds a nullable revoked_at to the access tokens of an older database (tokens stay valid)', async () => {
    await migrateUpTo(handle(), '0009-portal');
    const columnsOf = async () =>
      (await handle().db.introspection.getTables()).find((table) => table.name === 'access_tokens')
        ?.columns;
    expect((await columnsOf())?.map((column) => column.name)).not.toContain('revoked_at');
    expect(await migrateUpTo(handle(), '0010-token-revocation')).toEqual(['0010-token-revocation']);
    const revokedAt = (await columnsOf())?.find((column) => column.name === 'revoked_at');
    // Nullable, no default: every token issued before the migration reads as not revoked.
    expect(revokedAt).toMatchObject({ isNullable: true, hasDefaultValue: false });
  });
});
