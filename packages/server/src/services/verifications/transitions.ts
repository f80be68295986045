import { RETRIES_PER_STEP } from '@idv/contract/limits';
import { randomUUID } from 'node:crypto';
import { sql, type Updateable } from 'kysely';
import { preparedQuery } from '../../db/prepared.js';
import type { VerificationsTable } from '../../db/schema.js';
import { isoAt } from '../../lib/clock.js';
import { ApiError, Errors } from '../../lib/errors.js';
import type { Executor, ServiceContext } from '../context.js';
import type { VerificationImages, VerificationJoinRow } from '../verification-views.js';
import type { WebhookEventService } from '../webhooks/events.js';
import type { VerificationReads } from './reads.js';
import {
  MAX_IDENTIFY_CORRECTIONS,
  updateOpen,
  type NewVerification,
  type StatusWithOperation,
  type VerificationStatus,
} from './rules.js';

/** Whether the person already sent a capture (the branch is then fixed). */
function captureAttempted(row: VerificationJoinRow): boolean {
  return (
    row.step !== 'NEW_OPERATION' ||
    row.remaining_retries_front < RETRIES_PER_STEP ||
    row.remaining_retries_back < RETRIES_PER_STEP ||
    row.remaining_retries_selfie < RETRIES_PER_STEP
  );
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The method of a verification as far as its link decides it (`resolveMethod`): `DOCUMENT` for a
 * link without the adaptive flow; `null` (unresolved) for an adaptive link without an identifier;
 * undefined when only the person's earlier verifications can tell (a database read).
 */
export function methodWithoutReference(
  row: Pick<VerificationJoinRow, 'link_adaptive_flow' | 'link_external_user_id'>,
): 'DOCUMENT' | null | undefined {
  if (row.link_adaptive_flow !== 1) return 'DOCUMENT';
  if (row.link_external_user_id === null) return null;
  return undefined;
}

/**
 * Status transitions of a verification: created `pending` with its link, `started` with its
 * method, the branch resolved (and re-resolved by `identify`), accepted captures recorded, and
 * `success`/`failed` at the end (the link consumed).
 */
export class VerificationTransitions {
  /** The insert of link creation, compiled once. */
  readonly #insertPending;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly reads: VerificationReads,
    private readonly events: WebhookEventService,
  ) {
    const db = ctx.database.db;
    this.#insertPending = preparedQuery(
      db,
      ['id', 'companyId', 'linkId', 'type', 'expiresAt', 'linkExpiresAt', 'createdAt', 'updatedAt'],
      (p) =>
        // The fixed values of a new verification are part of the statement (not bound on every
        // call); the columns left out start NULL.
        db.insertInto('verifications').values({
          id: p.id,
          company_id: p.companyId,
          link_id: p.linkId,
          type: p.type as VerificationsTable['type'],
          status: sql.lit('pending'),
          step: sql.lit('NEW_OPERATION'),
          terms_and_conditions: sql.lit(0),
          remaining_retries_front: sql.lit(RETRIES_PER_STEP),
          remaining_retries_back: sql.lit(RETRIES_PER_STEP),
          remaining_retries_selfie: sql.lit(RETRIES_PER_STEP),
          identify_changes: sql.lit(0),
          images: sql.lit(JSON.stringify({ register: [] })),
          data: sql.lit('{}'),
          expires_at: p.expiresAt,
          link_expires_at: p.linkExpiresAt,
          data_expired: sql.lit(0),
          created_at: p.createdAt,
          updated_at: p.updatedAt,
        }),
    );
  }

  private now(): number {
    return this.ctx.clock.now();
  }
  /** Inserts the `pending` verification of a new link (inside the link's transaction). */
  async createPending(trx: Executor, input: NewVerification): Promise<void> {
    await this.#insertPending(
      {
        id: input.id,
        companyId: input.companyId,
        linkId: input.linkId,
        type: input.type,
        expiresAt: input.expiresAt,
        linkExpiresAt: input.linkExpiresAt,
        createdAt: input.createdAt,
        updatedAt: input.createdAt,
      },
      trx,
    );
  }

  /**
   * Decides the branch of a verification: `FACE` (selfie only) when the link is adaptive, has an
   * `externalUserId`, and the same company has an earlier successful verification of that person
   * whose document portrait is still held; `DOCUMENT` otherwise; `null` (unresolved) for an adaptive
   * link without an identifier, until `PATCH /verifications/identify` gives one.
   */
  async resolveMethod(
    verificationId: string,
    db: Executor = this.ctx.database.db,
  ): Promise<'FACE' | 'DOCUMENT' | null> {
    const row = await this.reads
      .joined(db)
      .where('verifications.id', '=', verificationId)
      .executeTakeFirst();
    return row === undefined ? 'DOCUMENT' : this.methodOf(row, db);
  }

  /** `resolveMethod` of a row already read with `db` (saves reading it again). */
  private async methodOf(
    row: VerificationJoinRow,
    db: Executor,
  ): Promise<'FACE' | 'DOCUMENT' | null> {
    const known = methodWithoutReference(row);
    if (known !== undefined || row.link_external_user_id === null) return known ?? null;
    const reference = await this.faceReference(
      row.company_id,
      row.link_external_user_id,
      row.id,
      db,
    );
    return reference === undefined ? 'DOCUMENT' : 'FACE';
  }

  /**
   * The latest successful verification of a person (company + `externalUserId`, other than
   * `excludeId`) whose document portrait is still held and whose identifier came from the account
   * holder (`api`), never from `PATCH /verifications/identify`: the reference of the adaptive
   * `FACE` branch.
   */
  async faceReference(
    companyId: string,
    externalUserId: string,
    excludeId: string,
    db: Executor = this.ctx.database.db,
  ): Promise<{ verificationId: string; portrait: Buffer } | undefined> {
    const row = await db
      .selectFrom('verifications')
      .innerJoin('links', 'links.id', 'verifications.link_id')
      .innerJoin('capture_analyses', 'capture_analyses.verification_id', 'verifications.id')
      .select(['verifications.id', 'capture_analyses.portrait'])
      .where('links.company_id', '=', companyId)
      .where('links.external_user_id', '=', externalUserId)
      // Only an identifier the account holder gave (API or portal), never one a person typed.
      .where('links.external_user_id_source', '=', 'api')
      .where('verifications.id', '<>', excludeId)
      .where('verifications.status', '=', 'success')
      .where('verifications.data_expired', '=', 0)
      .where('capture_analyses.portrait', 'is not', null)
      .orderBy('verifications.created_at', 'desc')
      .orderBy('verifications.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row === undefined || row.portrait === null
      ? undefined
      : { verificationId: row.id, portrait: Buffer.from(row.portrait) };
  }

  /**
   * Opens the flow: `pending` → `started`, assigns the `operationGuid` and resolves the method once.
   * Idempotent for a verification already started. Emitting `verification.started` belongs to the caller's
   * transaction (the flow API's outbox). `loaded`: the row as `db` just read it (only with `db`).
   */
  async start(
    verificationId: string,
    db?: Executor,
    loaded?: VerificationJoinRow,
  ): Promise<StatusWithOperation> {
    const run = async (trx: Executor) => {
      const row =
        (db !== undefined ? loaded : undefined) ??
        (await this.reads
          .joined(trx)
          .where('verifications.id', '=', verificationId)
          .executeTakeFirst());
      if (row === undefined) throw Errors.notFound('verification');
      if (row.status === 'started')
        return { status: row.status, operationGuid: row.operation_guid, method: row.method };
      if (row.status !== 'pending') throw Errors.statusForbidsOperation(row.status);
      const method = row.method ?? (await this.methodOf(row, trx));
      const operationGuid = row.operation_guid ?? randomUUID();
      await trx
        .updateTable('verifications')
        .set({
          status: 'started',
          method,
          operation_guid: operationGuid,
          updated_at: isoAt(this.now()),
        })
        .where('id', '=', verificationId)
        .where('status', '=', 'pending')
        .execute();
      return { status: 'started' as const, operationGuid, method };
    };
    return db !== undefined ? run(db) : this.ctx.database.writeTransaction(run);
  }

  /**
   * Ends a verification with a final status and consumes its link (single use). Only an open
   * verification can finish; answers the status it had.
   */
  async finish(
    verificationId: string,
    status: 'success' | 'failed',
    db: Executor,
    errorMessage?: string,
  ): Promise<VerificationStatus> {
    const now = isoAt(this.now());
    const row = await db
      .selectFrom('verifications')
      .select(['status', 'link_id'])
      .where('id', '=', verificationId)
      .executeTakeFirst();
    if (row === undefined) throw Errors.notFound('verification');
    const changes: Updateable<VerificationsTable> = {
      status,
      step: 'END_OPERATION',
      finished_at: now,
    };
    if (errorMessage !== undefined) changes.error_message = errorMessage;
    await updateOpen(this.ctx, verificationId, changes, db);
    await db
      .updateTable('links')
      .set({ active: 0, consumed_at: now })
      .where('id', '=', row.link_id)
      .execute();
    return row.status;
  }

  /**
   * `PATCH /verifications/identify`: backfills the link's `externalUserId` from an e-mail and
   * re-resolves the branch (while no capture was taken). Only an adaptive link has a branch to
   * resolve: any other link answers 409 `identifyNotApplicable` and nothing changes. The same
   * e-mail again is a no-op; an identifier given by the API at link creation is never overwritten
   * (409 `identifierAlreadyBound`); one set by this endpoint may be corrected, at most
   * `MAX_IDENTIFY_CORRECTIONS` times (then 409 `identifyCorrectionsExhausted`).
   */
  async identify(verificationId: string, rawEmail: string): Promise<StatusWithOperation> {
    const email = normalizeEmail(rawEmail);
    const row = await this.reads.loadOpenForDevice(verificationId);
    if (row.link_adaptive_flow !== 1)
      throw new ApiError(409, 'IDV_ERR_IDENTIFY_NOT_APPLICABLE', 'identifyNotApplicable');
    const current = row.link_external_user_id;
    if (current !== null && current === email) {
      return { status: row.status, operationGuid: row.operation_guid, method: row.method };
    }
    if (current !== null && row.link_external_user_id_source !== 'identify') {
      throw new ApiError(409, 'IDV_ERR_IDENTIFIER_BOUND', 'identifierAlreadyBound');
    }
    return this.events.transaction(async (trx, emit) => {
      // Counted and capped in one guarded statement, so concurrent calls cannot pass the cap.
      const counted = await trx
        .updateTable('verifications')
        .set({ identify_changes: sql`identify_changes + 1` })
        .where('id', '=', verificationId)
        .where('identify_changes', '<=', MAX_IDENTIFY_CORRECTIONS)
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) === 0)
        throw new ApiError(
          409,
          'IDV_ERR_IDENTIFY_CORRECTIONS_EXHAUSTED',
          'identifyCorrectionsExhausted',
        );
      await trx
        .updateTable('links')
        .set({ external_user_id: email, external_user_id_source: 'identify' })
        .where('id', '=', row.link_id)
        .execute();
      let method = row.method;
      if (row.status === 'started' && !captureAttempted(row)) {
        method = await this.resolveMethod(verificationId, trx);
        await updateOpen(this.ctx, verificationId, { method }, trx);
        // The flow starts again on the adaptive selfie-only branch: the spec re-emits `started`.
        if (method === 'FACE' && row.method !== 'FACE')
          await emit(
            { ...row, link_external_user_id: email, link_external_user_id_source: 'identify' },
            'verification.started',
          );
      }
      return { status: row.status, operationGuid: row.operation_guid, method };
    });
  }

  /**
   * Records an accepted capture in `images` (`addFront`, `addBack`, or appended to `register` for
   * selfie frames), for the capture pipeline. Only while the verification is open.
   */
  async recordAcceptedImage(
    verificationId: string,
    kind: 'front' | 'back' | 'selfie',
    imageId: string,
    db?: Executor,
  ): Promise<void> {
    const executor = db ?? this.ctx.database.db;
    const row = await executor
      .selectFrom('verifications')
      .select('images')
      .where('id', '=', verificationId)
      .executeTakeFirst();
    if (row === undefined) throw Errors.notFound('verification');
    const images = JSON.parse(row.images) as VerificationImages;
    if (kind === 'front') images.addFront = imageId;
    else if (kind === 'back') images.addBack = imageId;
    else images.register = [...images.register, imageId];
    await updateOpen(this.ctx, verificationId, { images: JSON.stringify(images) }, executor);
  }
}
