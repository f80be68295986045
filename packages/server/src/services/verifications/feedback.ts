import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { isoAt } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import type { ActivityLogService } from '../activity-log.js';
import type { ServiceContext } from '../context.js';
import type { WebhookEventService } from '../webhooks/events.js';
import type { VerificationReads } from './reads.js';
import type { FeedbackView } from './rules.js';

/**
 * Feedback of the account holder: the list of reasons, and an override of the automated result
 * (the verification ends with the chosen status, the link is consumed, the activity log records it,
 * and the final event of the new status, `verification.successful` or `verification.failed`, is
 * sent to the account's webhook endpoints, as a manual decision is the verification's result).
 */
export class VerificationFeedback {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly reads: VerificationReads,
    private readonly activity: ActivityLogService,
    private readonly events: WebhookEventService,
  ) {}

  private now(): number {
    return this.ctx.clock.now();
  }
  /** `POST /verifications/feedback`: overrides the automated result with a reason from the list. */
  async applyFeedback(
    companyId: string,
    userId: string,
    input: { verificationId: string; overrideStatus: 'success' | 'failed'; reasonId: string },
    ip: string,
  ): Promise<FeedbackView> {
    const db = this.ctx.database.db;
    const reason = await db
      .selectFrom('feedback_reasons')
      .select('id')
      .where('id', '=', input.reasonId)
      .executeTakeFirst();
    if (reason === undefined)
      throw Errors.badRequest('reasonId is not one of /verification-feedback/reasons');
    const row = await this.reads.loadForCompany(companyId, input.verificationId);
    const now = isoAt(this.now());
    const feedbackId = randomUUID();
    await this.events.transaction(async (trx, emit) => {
      await trx
        .updateTable('verifications')
        .set({
          status: input.overrideStatus,
          step: 'END_OPERATION',
          finished_at: now,
          updated_at: now,
        })
        .where('id', '=', row.id)
        .execute();
      await trx
        .updateTable('links')
        .set({ active: 0, consumed_at: sql`coalesce(consumed_at, ${now})` })
        .where('id', '=', row.link_id)
        .execute();
      await trx
        .insertInto('verification_feedback')
        .values({
          id: feedbackId,
          verification_id: row.id,
          company_id: companyId,
          user_id: userId,
          reason_id: input.reasonId,
          override_status: input.overrideStatus,
          previous_status: row.status,
          created_at: now,
        })
        .execute();
      await this.activity.record(
        {
          companyId,
          userId,
          action: 'verification.feedback',
          resource: 'verification',
          resourceId: row.id,
          ip,
        },
        trx,
      );
      // The override is the verification's new final result: its webhook says so (issue 16).
      await emit(
        row,
        input.overrideStatus === 'success' ? 'verification.successful' : 'verification.failed',
      );
    });
    return {
      _id: feedbackId,
      verificationId: row.id,
      reasonId: input.reasonId,
      overrideStatus: input.overrideStatus,
      previousStatus: row.status,
      status: input.overrideStatus,
      createdAt: now,
    };
  }

  /** `GET /verification-feedback/reasons`. */
  async feedbackReasons(): Promise<{ _id: string; reason: string }[]> {
    const rows = await this.ctx.database.db
      .selectFrom('feedback_reasons')
      .select(['id', 'reason'])
      .orderBy('position')
      .execute();
    return rows.map((r) => ({ _id: r.id, reason: r.reason }));
  }
}
