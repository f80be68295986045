import { describe, expect, it } from 'vitest';
import { openDevice } from '../testing/flow-client.js';
import { createLink, createTestApp } from '../testing/harness.js';
import { CAPTURE_LOCK_MS } from './pipeline/capture-pipeline.js';

/** Issue 17: the capture lock is a lease, so a process killed mid-capture frees its session. */
describe('capture lock lease', () => {
  it('is renewed only by its holder, and another capture takes it once it runs out', async () => {
    const test = await createTestApp();
    try {
      const account = await test.account('premium');
      const link = await createLink(test, account.token, { type: 'ID ONLY' });
      await openDevice(test, link.linkId);
      const sessions = test.services.flowSessions;
      const now = test.clock.now();
      const held = now + CAPTURE_LOCK_MS;
      expect(await sessions.lockCapture(link.verificationId, held)).toBe(true);
      expect(await sessions.lockCapture(link.verificationId, now + 1)).toBe(false);
      // The holder extends it; a renewal naming a lease that is no longer there changes nothing.
      const renewed = held + 5_000;
      expect(await sessions.renewCaptureLock(link.verificationId, held, renewed)).toBe(true);
      expect(await sessions.renewCaptureLock(link.verificationId, held, renewed + 5_000)).toBe(
        false,
      );
      // Its holder died (no more renewals): once the lease ends another capture takes it, and
      // the dead holder's lease can no longer be renewed over the new one.
      test.clock.advance(renewed - now);
      expect(
        await sessions.lockCapture(link.verificationId, test.clock.now() + CAPTURE_LOCK_MS),
      ).toBe(true);
      expect(await sessions.renewCaptureLock(link.verificationId, renewed, renewed + 1)).toBe(
        false,
      );
      // A capture holds the session at most CAPTURE_LOCK_MS past its last renewal.
      expect(CAPTURE_LOCK_MS).toBeLessThanOrEqual(15_000);
    } finally {
      await test.close();
    }
  });
});
