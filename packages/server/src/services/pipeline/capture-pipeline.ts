import type * as contract from '@idv/contract';
import type { BackAnalysis, FrontAnalysis } from '@idv/contract';
import type { Updateable } from 'kysely';
import type { VerificationsTable } from '../../db/schema.js';
import { isoAt } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import type { CaptureKind, VerificationEventType } from '@idv/contract';
import type { ServiceContext, Executor } from '../context.js';
import { nextCapture } from '../capture-plan.js';
import type { FlowSessionService } from '../flow-sessions.js';
import type { ImageInfo, ImageService } from '../images.js';
import type { VerificationJoinRow } from '../verification-views.js';
import type { VerificationService } from '../verifications.js';
import type { Emit, WebhookEventService } from '../webhooks/events.js';
import { effectiveDocumentType } from '../document-types.js';
import type { AnalysisProvider } from './analysis-engine.js';
import { documentData, userNameOf } from './capture-decisions.js';
import { CaptureAnalyzer, type CaptureUpload, type Outcome } from './capture-analysis.js';

/** `CaptureResult` of DESIGN §5. */
export type CaptureResult = contract.CaptureResult;

/**
 * The capture lock is a lease: taken for `CAPTURE_LOCK_MS` and renewed every
 * `CAPTURE_LOCK_RENEW_MS` while the capture runs, so a server process killed mid-capture holds
 * the session for at most `CAPTURE_LOCK_MS` (its device then retries on another process), while a
 * slow capture (a large upload, a slow analysis) keeps it as long as it runs.
 */
export const CAPTURE_LOCK_MS = 15_000;
const CAPTURE_LOCK_RENEW_MS = 5_000;

/** The event prefix and step of each capture (spec: Events; DESIGN §5 steps). */
const STEPS = {
  front: { event: 'verification.addfront', step: 'ADD_FRONT' },
  back: { event: 'verification.addback', step: 'ADD_BACK' },
  selfie: { event: 'verification.register', step: 'END_OPERATION' },
} as const;

const RETRY_COLUMN = {
  front: 'remaining_retries_front',
  back: 'remaining_retries_back',
  selfie: 'remaining_retries_selfie',
} as const;

/**
 * Turns captures into steps, statuses and extracted data (DESIGN §5 pipeline). One attempt:
 * checks that the flow expects this capture, takes the session's capture lock, emits
 * `verification.<step>.started`, stores the images, runs the analyses, then in one transaction
 * applies the outcome with its events: accepted (step, data, `…successful`, and `success` with
 * `verification.successful` when it was the last required capture), refused with retries left
 * (`remainingRetries` down, no event), or refused for the last time (`…failed`,
 * `verification.failed`, link consumed).
 */
export class CapturePipeline {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly verifications: VerificationService,
    private readonly flowSessions: FlowSessionService,
    private readonly images: ImageService,
    private readonly events: WebhookEventService,
    analysis: AnalysisProvider,
  ) {
    this.analyzer = new CaptureAnalyzer(ctx, verifications, analysis);
  }

  /** Runs the analyses of a capture and keeps their results. */
  private readonly analyzer: CaptureAnalyzer;

  /**
   * Checks, before anything is read or stored, that the verification is open (410 expired, 409
   * finished), the terms accepted (409) and `kind` the capture the flow expects now (409). An
   * adaptive link whose person never identified runs the document flow.
   */
  async expect(verificationId: string, kind: CaptureKind): Promise<void> {
    let row = await this.flowSessions.openVerification(verificationId);
    if (row.terms_and_conditions !== 1)
      throw Errors.conflict('accept the terms first (POST /flow/terms)');
    if (row.method === null && kind === 'front') {
      await this.ctx.database.singleWrite((db) =>
        db
          .updateTable('verifications')
          .set({ method: 'DOCUMENT', updated_at: isoAt(this.ctx.clock.now()) })
          .where('id', '=', verificationId)
          .where('method', 'is', null)
          .execute(),
      );
      row = { ...row, method: 'DOCUMENT' };
    }
    if (kind === 'front' && row.document_type === null) {
      // The type is fixed by the first front: the person's choice, the link's only type, or (a
      // device that never chose) a card.
      const documentType = effectiveDocumentType(row) ?? 'ID_CARD';
      await this.ctx.database.singleWrite((db) =>
        db
          .updateTable('verifications')
          .set({ document_type: documentType, updated_at: isoAt(this.ctx.clock.now()) })
          .where('id', '=', verificationId)
          .where('document_type', 'is', null)
          .execute(),
      );
      row = { ...row, document_type: documentType };
    }
    const expected = nextCapture(row);
    if (expected !== kind)
      throw Errors.conflict(
        expected === 'done'
          ? `no capture is expected now`
          : `capture ${kind} is not expected now; the flow expects ${expected}`,
      );
  }

  /**
   * Checks the capture is expected (see `expect`) and takes the session's capture lock, before a
   * byte of the upload is read: a second upload to the same session is refused at once (409).
   * @returns the release of the lock (pass `{lockHeld: true}` to `submit` meanwhile).
   */
  async lock(verificationId: string, kind: CaptureKind): Promise<() => Promise<void>> {
    await this.expect(verificationId, kind);
    let until = this.ctx.clock.now() + CAPTURE_LOCK_MS;
    if (!(await this.flowSessions.lockCapture(verificationId, until)))
      throw Errors.conflict('another capture of this session is being processed');
    let renewing: Promise<unknown> = Promise.resolve();
    const renewal = setInterval(() => {
      renewing = renewing
        .then(async () => {
          const next = this.ctx.clock.now() + CAPTURE_LOCK_MS;
          // Only while the lease is still the one this capture set (never over another's).
          if (await this.flowSessions.renewCaptureLock(verificationId, until, next)) until = next;
        })
        .catch(() => undefined);
    }, CAPTURE_LOCK_RENEW_MS);
    renewal.unref();
    return async () => {
      clearInterval(renewal);
      await renewing;
      await this.flowSessions.unlockCapture(verificationId);
    };
  }

  /**
   * Runs one capture attempt (after `expect` and the upload checks). Takes the capture lock for
   * its duration unless the caller holds it already (`lockHeld`, from `lock`).
   */
  async submit(
    verificationId: string,
    upload: CaptureUpload,
    options: { lockHeld?: boolean } = {},
  ): Promise<CaptureResult> {
    // Under a lock held since before the upload was read: check again what the flow expects.
    if (options.lockHeld) await this.expect(verificationId, upload.kind);
    const release = options.lockHeld ? undefined : await this.lock(verificationId, upload.kind);
    try {
      const { event } = STEPS[upload.kind];
      await this.events.transaction(async (trx, emit) => {
        const row = await this.openRow(verificationId, trx);
        await emit(row, `${event}.started` as VerificationEventType);
      });
      const stored: ImageInfo[] = [];
      for (const image of upload.images)
        stored.push(await this.images.store(verificationId, upload.kind, image, 'image/jpeg'));
      const outcome = await this.analyzer.analyze(verificationId, upload);
      return await this.events.transaction((trx, emit) =>
        this.apply(
          trx,
          emit,
          verificationId,
          upload.kind,
          stored.map((image) => image._id),
          outcome,
        ),
      );
    } finally {
      await release?.();
    }
  }

  private async openRow(verificationId: string, trx: Executor): Promise<VerificationJoinRow> {
    const row = await this.verifications.loadRow(verificationId, trx);
    if (row === undefined) throw Errors.notFound('verification');
    if (row.status === 'expired' || Date.parse(row.link_expires_at) <= this.ctx.clock.now())
      throw Errors.gone('verification expired');
    if (row.status !== 'started') throw Errors.statusForbidsOperation(row.status);
    return row;
  }

  private async apply(
    trx: Executor,
    emit: Emit,
    verificationId: string,
    kind: CaptureKind,
    imageIds: string[],
    outcome: Outcome,
  ): Promise<CaptureResult> {
    const row = await this.openRow(verificationId, trx);
    const { event, step } = STEPS[kind];
    const now = isoAt(this.ctx.clock.now());
    const remaining = row[RETRY_COLUMN[kind]];
    if (outcome.rejection === undefined) {
      for (const imageId of imageIds)
        await this.verifications.recordAcceptedImage(verificationId, kind, imageId, trx);
      await this.analyzer.keep(trx, verificationId, outcome);
      const changes: Updateable<VerificationsTable> = { step, updated_at: now };
      if (kind !== 'selfie') {
        const kept = await trx
          .selectFrom('capture_analyses')
          .select(['front', 'back'])
          .where('verification_id', '=', verificationId)
          .executeTakeFirstOrThrow();
        const front = kept.front ? (JSON.parse(kept.front) as FrontAnalysis) : undefined;
        const back = kept.back ? (JSON.parse(kept.back) as BackAnalysis) : undefined;
        const data = documentData(front, back);
        changes.data = JSON.stringify(data);
        changes.user_name = userNameOf(data) ?? null;
        changes.detected_document_country = back?.country ?? front?.country ?? null;
      }
      await trx
        .updateTable('verifications')
        .set(changes)
        .where('id', '=', verificationId)
        .execute();
      await emit(row, `${event}.successful` as VerificationEventType);
      const after = await this.verifications.loadRow(verificationId, trx);
      const next = nextCapture(after!);
      if (next === 'done') {
        await this.verifications.finish(verificationId, 'success', trx);
        await emit(row, 'verification.successful');
      }
      return {
        accepted: true,
        status: next === 'done' ? 'success' : 'started',
        step: next === 'done' ? 'END_OPERATION' : step,
        remainingRetries: remaining,
        next,
      };
    }
    // A refused selfie's analysis is kept for the review (its score, challenge and verdict).
    if (outcome.selfie !== undefined)
      await this.analyzer.keep(trx, verificationId, {
        rejection: outcome.rejection,
        selfie: outcome.selfie,
      });
    const left = remaining - 1;
    await trx
      .updateTable('verifications')
      .set({ [RETRY_COLUMN[kind]]: left, updated_at: now })
      .where('id', '=', verificationId)
      .execute();
    if (left > 0) {
      return {
        accepted: false,
        status: 'started',
        step: row.step,
        remainingRetries: left,
        error: outcome.rejection,
        next: kind,
      };
    }
    await trx
      .updateTable('verifications')
      .set({ error_code: outcome.rejection.code })
      .where('id', '=', verificationId)
      .execute();
    await this.verifications.finish(verificationId, 'failed', trx, outcome.rejection.message);
    const failed = { ...row, status: 'failed' as const };
    await emit(failed, `${event}.failed` as VerificationEventType);
    await emit(failed, 'verification.failed');
    return {
      accepted: false,
      status: 'failed',
      step: 'END_OPERATION',
      remainingRetries: 0,
      error: outcome.rejection,
      next: 'done',
    };
  }
}
