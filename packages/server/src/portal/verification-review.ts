import type {
  BackAnalysis,
  PortalVerificationReview,
  SelfieReview,
  TimelineEntry,
  VerificationDelivery,
} from '@idv/contract';
import type { DatabaseHandle } from '../db/database.js';
import type { VerificationService } from '../services/verifications.js';
import { deliveryAttempts } from '../services/webhooks/delivery-history.js';
import { documentReadings, type StoredFront } from './document-readings.js';

/** Deliveries listed (the newest). */
export const REVIEW_DELIVERIES = 50;
/** Activity-log actions already in the timeline through their own rows. */
const COVERED_ACTIONS = new Set(['verification.feedback']);

/**
 * The review of one verification on the portal's detail screen: its document read side by side,
 * its selfie analysis, its timeline (creation, webhook events, overrides, activity log, end), the
 * webhook deliveries of its events and the same person's other verifications. Every read is the
 * company's own: the verification is first read through the REST API's service (404 alike for an
 * unknown id and another company's), then each table is filtered by company.
 */
export class VerificationReview {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly verifications: VerificationService,
  ) {}

  /** The review of `verificationId` of `companyId`. */
  async of(companyId: string, verificationId: string): Promise<PortalVerificationReview> {
    const record = await this.verifications.record(companyId, verificationId);
    const db = this.database.db;
    const [analyses, events, feedback, activity, deliveries, related] = await Promise.all([
      db
        .selectFrom('capture_analyses')
        .innerJoin('verifications', 'verifications.id', 'capture_analyses.verification_id')
        .select(['capture_analyses.front', 'capture_analyses.back', 'capture_analyses.selfie'])
        .where('verifications.company_id', '=', companyId)
        .where('capture_analyses.verification_id', '=', verificationId)
        .executeTakeFirst(),
      db
        .selectFrom('webhook_events')
        .select(['type', 'created_at'])
        .where('company_id', '=', companyId)
        .where('verification_id', '=', verificationId)
        .execute(),
      db
        .selectFrom('verification_feedback')
        .innerJoin('feedback_reasons', 'feedback_reasons.id', 'verification_feedback.reason_id')
        .select([
          'verification_feedback.created_at',
          'verification_feedback.previous_status',
          'verification_feedback.override_status',
          'feedback_reasons.reason',
        ])
        .where('verification_feedback.company_id', '=', companyId)
        .where('verification_feedback.verification_id', '=', verificationId)
        .execute(),
      db
        .selectFrom('activity_logs')
        .select(['action', 'created_at'])
        .where('company_id', '=', companyId)
        .where('resource', '=', 'verification')
        .where('resource_id', '=', verificationId)
        .execute(),
      this.deliveries(companyId, verificationId),
      this.verifications.related(companyId, verificationId),
    ]);
    const timeline: TimelineEntry[] = [
      { at: record.createdAt, kind: 'created', detail: null },
      ...events.map((e) => ({ at: e.created_at, kind: e.type, detail: null })),
      ...feedback.map((f) => ({
        at: f.created_at,
        kind: 'override',
        detail: `${f.previous_status} → ${f.override_status}: ${f.reason}`,
      })),
      ...activity
        .filter((a) => !COVERED_ACTIONS.has(a.action))
        .map((a) => ({ at: a.created_at, kind: a.action, detail: null })),
    ];
    // Oldest first; at one instant the creation comes first (a stable sort keeps it there).
    timeline.sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
    return {
      readings: documentReadings(
        analyses?.front ? (JSON.parse(analyses.front) as StoredFront) : undefined,
        analyses?.back ? (JSON.parse(analyses.back) as BackAnalysis) : undefined,
      ),
      selfie: analyses?.selfie ? (JSON.parse(analyses.selfie) as SelfieReview) : null,
      timeline,
      deliveries,
      related,
    };
  }

  /** The webhook deliveries of the verification's events, newest first, with their last attempt. */
  private async deliveries(
    companyId: string,
    verificationId: string,
  ): Promise<VerificationDelivery[]> {
    const db = this.database.db;
    const rows = await db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
      .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
      .select([
        'webhook_deliveries.id',
        'webhook_deliveries.status',
        'webhook_deliveries.attempts',
        'webhook_deliveries.created_at',
        'webhook_deliveries.updated_at',
        'webhook_events.type',
        'webhook_endpoints.url',
      ])
      .where('webhook_deliveries.company_id', '=', companyId)
      .where('webhook_deliveries.verification_id', '=', verificationId)
      .orderBy('webhook_deliveries.seq', 'desc')
      .limit(REVIEW_DELIVERIES)
      .execute();
    const attempts = await deliveryAttempts(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const last = attempts.get(r.id)?.at(-1);
      return {
        _id: r.id,
        type: r.type,
        endpointUrl: r.url,
        status: r.status,
        attempts: r.attempts,
        lastStatusCode: last?.statusCode ?? null,
        lastError: last?.error ?? null,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      };
    });
  }
}
