import type { PageRequest } from '../lib/paging.js';
import type { ActivityLogService } from './activity-log.js';
import type { CompanyService } from './companies.js';
import type { Executor, ServiceContext } from './context.js';
import type {
  PublicVerificationView,
  ReportedGeolocation,
  VerificationJoinRow,
  VerificationRecord,
} from './verification-views.js';
import { VerificationDeviceReports } from './verifications/device-reports.js';
import { VerificationFeedback } from './verifications/feedback.js';
import { VerificationReads } from './verifications/reads.js';
import type {
  FeedbackView,
  NewVerification,
  RelatedVerification,
  StatusWithOperation,
  VerificationPage,
  VerificationStatus,
} from './verifications/rules.js';
import { VerificationTransitions } from './verifications/transitions.js';
import type { WebhookEventService } from './webhooks/events.js';

export {
  CAPTURED_AT_TOLERANCE_MS,
  MAX_IDENTIFY_CORRECTIONS,
  type FeedbackView,
  type NewVerification,
  type RelatedVerification,
  type StatusWithOperation,
  type VerificationPage,
  type VerificationStatus,
  type VerificationStep,
} from './verifications/rules.js';

/**
 * Every change of a verification's state lives behind this one service (status, step, method,
 * retries, reported data), so the REST routes and the capture pipeline share one set of rules.
 * Time comes from the injected clock. Each job has its own module under `verifications/`: reads
 * and listing (`reads.ts`), status transitions (`transitions.ts`), device reports
 * (`device-reports.ts`), feedback (`feedback.ts`); the rules they share are in `rules.ts`. This
 * class only hands each call to its job.
 */
export class VerificationService {
  readonly #reads: VerificationReads;
  readonly #transitions: VerificationTransitions;
  readonly #reports: VerificationDeviceReports;
  readonly #feedback: VerificationFeedback;

  constructor(
    ctx: ServiceContext,
    companies: CompanyService,
    activity: ActivityLogService,
    events: WebhookEventService,
  ) {
    this.#reads = new VerificationReads(ctx);
    this.#transitions = new VerificationTransitions(ctx, this.#reads, events);
    this.#reports = new VerificationDeviceReports(ctx, this.#reads, companies);
    this.#feedback = new VerificationFeedback(ctx, this.#reads, activity, events);
  }

  // Reads and listing (`verifications/reads.ts`).

  /** Marks overdue open verifications `expired`; see `VerificationReads.expireOverdue`. */
  expireOverdue(companyId?: string): Promise<number> {
    return this.#reads.expireOverdue(companyId);
  }

  /** The query of verifications joined with their links (every view's row), for callers to extend. */
  joined(db?: Executor) {
    return this.#reads.joined(db);
  }

  /** Loads a verification with its link (expiry applied), or undefined. */
  load(verificationId: string, db?: Executor): Promise<VerificationJoinRow | undefined> {
    return this.#reads.load(verificationId, db);
  }

  /** A verification with its link, read with `db` as is (no expiry applied: safe inside a transaction). */
  loadRow(verificationId: string, db: Executor): Promise<VerificationJoinRow | undefined> {
    return this.#reads.loadRow(verificationId, db);
  }

  /** A verification of the caller's company; another company's answers exactly like an unknown one. */
  loadForCompany(companyId: string, verificationId: string): Promise<VerificationJoinRow> {
    return this.#reads.loadForCompany(companyId, verificationId);
  }

  /** A verification a device-facing call may act on; see `VerificationReads.loadOpenForDevice`. */
  loadOpenForDevice(verificationId: string): Promise<VerificationJoinRow> {
    return this.#reads.loadOpenForDevice(verificationId);
  }

  /** `GET /verifications/{id}`: 404 unknown, 410 after the readable window. */
  record(companyId: string, verificationId: string): Promise<VerificationRecord> {
    return this.#reads.record(companyId, verificationId);
  }

  /** `GET /verifications/{size}/{page}` (and the unpaged list as its first page of 100). */
  page(companyId: string, page: PageRequest): Promise<VerificationPage> {
    return this.#reads.page(companyId, page);
  }

  /** `GET /verifications`: the last 100. */
  latest(companyId: string): Promise<VerificationPage> {
    return this.#reads.latest(companyId);
  }

  /** `GET /verifications/last-hour`: created in the last hour, newest first (at most 100 listed). */
  lastHour(companyId: string): Promise<VerificationPage> {
    return this.#reads.lastHour(companyId);
  }

  /** Other verifications of the company with the same `externalUserId`, newest first. */
  related(companyId: string, verificationId: string): Promise<RelatedVerification[]> {
    return this.#reads.related(companyId, verificationId);
  }

  /** The public status poll (403 alike for unknown ids and wrong `linkId`). */
  pollStatus(verificationId: string, linkId: string | undefined): Promise<StatusWithOperation> {
    return this.#reads.pollStatus(verificationId, linkId);
  }

  // Status transitions (`verifications/transitions.ts`).

  /** Inserts the `pending` verification of a new link (inside the link's transaction). */
  createPending(trx: Executor, input: NewVerification): Promise<void> {
    return this.#transitions.createPending(trx, input);
  }

  /** Decides the branch (`FACE`, `DOCUMENT`, or `null` while unresolved); see `VerificationTransitions.resolveMethod`. */
  resolveMethod(verificationId: string, db?: Executor): Promise<'FACE' | 'DOCUMENT' | null> {
    return this.#transitions.resolveMethod(verificationId, db);
  }

  /** The reference verification of the adaptive `FACE` branch; see `VerificationTransitions.faceReference`. */
  faceReference(
    companyId: string,
    externalUserId: string,
    excludeId: string,
    db?: Executor,
  ): Promise<{ verificationId: string; portrait: Buffer } | undefined> {
    return this.#transitions.faceReference(companyId, externalUserId, excludeId, db);
  }

  /**
   * Opens the flow: `pending` → `started` (idempotent once started). `loaded`: the row as `db`
   * (a transaction) just read it, which saves reading it again.
   */
  start(
    verificationId: string,
    db?: Executor,
    loaded?: VerificationJoinRow,
  ): Promise<StatusWithOperation> {
    return this.#transitions.start(verificationId, db, loaded);
  }

  /** Ends an open verification with a final status and consumes its link; answers the status it had. */
  finish(
    verificationId: string,
    status: 'success' | 'failed',
    db: Executor,
    errorMessage?: string,
  ): Promise<VerificationStatus> {
    return this.#transitions.finish(verificationId, status, db, errorMessage);
  }

  /** `PATCH /verifications/identify`; see `VerificationTransitions.identify`. */
  identify(verificationId: string, rawEmail: string): Promise<StatusWithOperation> {
    return this.#transitions.identify(verificationId, rawEmail);
  }

  /** Records an accepted capture in `images` (only while the verification is open). */
  recordAcceptedImage(
    verificationId: string,
    kind: 'front' | 'back' | 'selfie',
    imageId: string,
    db?: Executor,
  ): Promise<void> {
    return this.#transitions.recordAcceptedImage(verificationId, kind, imageId, db);
  }

  // Device reports (`verifications/device-reports.ts`).

  /** `PATCH /verifications`: a reported location, checked and stored with the server-derived fields. */
  reportGeolocation(
    verificationId: string,
    reported: ReportedGeolocation,
    serverIp: string,
  ): Promise<PublicVerificationView> {
    return this.#reports.reportGeolocation(verificationId, reported, serverIp);
  }

  /** `PATCH /verifications/error`: records a client-side error; the status does not change. */
  reportClientError(
    verificationId: string,
    errorCode: string,
    errorMessage: string,
  ): Promise<PublicVerificationView> {
    return this.#reports.reportClientError(verificationId, errorCode, errorMessage);
  }

  // Feedback (`verifications/feedback.ts`).

  /** `POST /verifications/feedback`: overrides the automated result with a reason from the list. */
  applyFeedback(
    companyId: string,
    userId: string,
    input: { verificationId: string; overrideStatus: 'success' | 'failed'; reasonId: string },
    ip: string,
  ): Promise<FeedbackView> {
    return this.#feedback.applyFeedback(companyId, userId, input, ip);
  }

  /** `GET /verification-feedback/reasons`. */
  feedbackReasons(): Promise<{ _id: string; reason: string }[]> {
    return this.#feedback.feedbackReasons();
  }
}
