/**
 * The capture lock of a flow session: one device cannot run two captures of a verification at
 * once. The lock is a time in `flow_sessions.capture_lock_until`, taken and renewed by conditional
 * UPDATEs, so it holds across processes.
 */
import { isoAt } from '../lib/clock.js';
import type { Executor, ServiceContext } from './context.js';

/**
 * Takes the capture lock of a session until `until` (ms), so one device cannot run two captures
 * at once; false when another capture holds it.
 */
export async function lockCapture(
  ctx: ServiceContext,
  verificationId: string,
  until: number,
): Promise<boolean> {
  const now = isoAt(ctx.clock.now());
  const result = await ctx.database.singleWrite((db) =>
    db
      .updateTable('flow_sessions')
      .set({ capture_lock_until: isoAt(until) })
      .where('verification_id', '=', verificationId)
      .where((eb) =>
        eb.or([eb('capture_lock_until', 'is', null), eb('capture_lock_until', '<=', now)]),
      )
      .executeTakeFirst(),
  );
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Extends a capture lock from `held` (the time its holder set) to `until`; false when the lock is
 * no longer the one its holder set (released, or expired and taken by another capture).
 */
export async function renewCaptureLock(
  ctx: ServiceContext,
  verificationId: string,
  held: number,
  until: number,
): Promise<boolean> {
  const result = await ctx.database.singleWrite((db) =>
    db
      .updateTable('flow_sessions')
      .set({ capture_lock_until: isoAt(until) })
      .where('verification_id', '=', verificationId)
      .where('capture_lock_until', '=', isoAt(held))
      .executeTakeFirst(),
  );
  return Number(result.numUpdatedRows) === 1;
}

/** Releases the capture lock. */
export async function unlockCapture(
  ctx: ServiceContext,
  verificationId: string,
  db?: Executor,
): Promise<void> {
  const run = (executor: Executor) =>
    executor
      .updateTable('flow_sessions')
      .set({ capture_lock_until: null })
      .where('verification_id', '=', verificationId)
      .execute();
  if (db !== undefined) await run(db);
  else await ctx.database.singleWrite(run);
}
