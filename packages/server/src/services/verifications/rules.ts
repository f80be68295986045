import type * as contract from '@idv/contract';
import type { Updateable } from 'kysely';
import type { VerificationsTable } from '../../db/schema.js';
import { HOUR_MS, isoAt } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import type { Executor, ServiceContext } from '../context.js';

// The rules every job on a verification shares: its statuses, the shapes the jobs answer, and the
// guarded update that only changes an open verification.

/** Largest distance of `capturedAt` from the server clock (spec: 24 hours either side). */
export const CAPTURED_AT_TOLERANCE_MS = 24 * HOUR_MS;
/** Corrections `PATCH /verifications/identify` accepts per verification after its first identifier. */
export const MAX_IDENTIFY_CORRECTIONS = 5;
/** The unpaged list holds the last 100 verifications. */
export const UNPAGED_LIMIT = 100;

/** Status of a verification: the contract's. */
export type VerificationStatus = contract.VerificationStatus;
/** Step of a verification: the contract's. */
export type VerificationStep = contract.VerificationStep;

/** Statuses in which the person's device may still act. */
export const OPEN_STATUSES: readonly VerificationStatus[] = ['pending', 'started'];
/** Statuses after which PATCHes answer 409. */
export const FINAL_STATUSES: readonly VerificationStatus[] = ['success', 'failed'];

/** `{total, page, data}` of the list endpoints. */
export type VerificationPage = contract.VerificationPage;

/** One item of `GET /verifications/{id}/related`. */
export type RelatedVerification = contract.RelatedVerification;

/** The status poll answer with `include=operationGuid`. */
export type StatusWithOperation = contract.StatusWithOperation;

/** A feedback override as `POST /verifications/feedback` answers it. */
export type FeedbackView = contract.FeedbackView;

/** What a new verification starts with (created together with its link). */
export interface NewVerification {
  id: string;
  companyId: string;
  linkId: string;
  /** The link's type (copied onto the verification, migration 0014). */
  type: VerificationsTable['type'];
  /** End of the readable window. */
  expiresAt: string;
  /** End of the link window (the link's `expiresAt`). */
  linkExpiresAt: string;
  createdAt: string;
}

/**
 * Changes an open verification only while it is still open: the status guard sits in the UPDATE
 * itself, so a concurrent finish makes this answer 409 instead of overwriting a final status.
 */
export async function updateOpen(
  ctx: ServiceContext,
  verificationId: string,
  changes: Updateable<VerificationsTable>,
  db?: Executor,
): Promise<void> {
  const result = await (db ?? ctx.database.db)
    .updateTable('verifications')
    .set({ ...changes, updated_at: isoAt(ctx.clock.now()) })
    .where('id', '=', verificationId)
    .where('status', 'in', OPEN_STATUSES)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw Errors.statusForbidsOperation('final');
}
