import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/clock.js';
import { useTestApp, useTestAccount } from '../../testing/app-suite.js';
import { createLink } from '../../testing/harness.js';

/**
 * `expireOverdue` decides by the verification's copy of its link window (migration 0003), and by
 * the link for a row written before that copy existed; one company's sweep leaves the others'.
 */
describe('VerificationService.expireOverdue', () => {
  const test = useTestApp();
  const a = useTestAccount(test, 'pro');
  const b = useTestAccount(test, 'pro');

  const status = async (id: string) =>
    (
      await test.services.context.database.db
        .selectFrom('verifications')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('expires the open verifications past their link window, older rows by their link, one company at a time', async () => {
    const fresh = (await createLink(test, a.token, { type: 'FULL FLOW' })).verificationId;
    const older = (await createLink(test, a.token, { type: 'ID ONLY' })).verificationId;
    const other = (await createLink(test, b.token, { type: 'FULL FLOW' })).verificationId;
    const db = test.services.context.database.db;
    // A row of a server older than migration 0003: no copy of the link window.
    await db
      .updateTable('verifications')
      .set({ link_expires_at: null })
      .where('id', '=', older)
      .execute();
    expect(await test.services.verifications.expireOverdue(a.companyId)).toBe(0);
    test.clock.advance(30 * DAY_MS);
    expect(await test.services.verifications.expireOverdue(a.companyId)).toBe(2);
    expect([await status(fresh), await status(older), await status(other)]).toEqual([
      'expired',
      'expired',
      'pending',
    ]);
    expect(await test.services.verifications.expireOverdue()).toBe(1);
    expect(await status(other)).toBe('expired');
  });
});
