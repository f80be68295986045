import type * as contract from '@idv/contract';
import { randomBytes, randomUUID } from 'node:crypto';
import { MINUTE_MS, isoAt } from '../lib/clock.js';
import { ApiError, Errors, HandoffTokenRefused, LinkError } from '../lib/errors.js';
import { constantTimeEqual, sha256Hex } from '../lib/secrets.js';
import type { CompanyService } from './companies.js';
import { effectiveDocumentType, parseDocumentTypes } from './document-types.js';
import { completedCaptures } from './capture-plan.js';
import { lockCapture, renewCaptureLock, unlockCapture } from './flow-capture-lock.js';
import { PostgresFlowOpening } from './flow-opening-postgres.js';
import { flowSessionOf, readFlowSession, type FlowSession } from './flow-session-view.js';
import type { DocumentTypeChoice } from '@idv/contract';
import type { Executor, ServiceContext } from './context.js';
import type { VerificationJoinRow } from './verification-views.js';
import type { VerificationService } from './verifications.js';
import { methodWithoutReference } from './verifications/transitions.js';
import type { WebhookEventService } from './webhooks/events.js';

/** Life of a hand-off token (DESIGN §5: 10 minutes), never past the link window. */
export const HANDOFF_TTL_MS = 10 * MINUTE_MS;

export type { FlowCompany, FlowSession } from './flow-session-view.js';

/** `POST /flow/handoff` answer. */
export type HandoffTicket = contract.HandoffTicket;

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether a database error is a unique-constraint violation (a concurrent bind won the race). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * Device sessions of the flow API (DESIGN §5). The first session binds the link to one device;
 * another device gets 409 `LinkAlreadyUsed` unless it brings the one-time hand-off token, which
 * moves the binding (the old device's token stops working). Tokens are stored as SHA-256 hashes.
 */
export class FlowSessionService {
  /** PostgreSQL: the first opening of a link in two round trips (`PostgresFlowOpening`). */
  readonly #postgresOpening: PostgresFlowOpening | undefined;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly verifications: VerificationService,
    private readonly companies: CompanyService,
    private readonly events: WebhookEventService,
  ) {
    if (ctx.database.dialect === 'postgres')
      this.#postgresOpening = new PostgresFlowOpening(ctx.database.db, verifications, events);
  }

  private now(): number {
    return this.ctx.clock.now();
  }

  /**
   * `POST /flow/sessions`: opens the link on this device (`pending` → `started`, event
   * `verification.started`, `operationGuid`), or moves an open session here with a hand-off token.
   * @throws {HandoffTokenRefused} a hand-off token that is not the bound session's current one.
   * @throws {LinkError} 409 otherwise refused (spent, expired, bound to another device).
   */
  async open(
    linkId: string,
    handoffToken: string | undefined,
  ): Promise<{ sessionToken: string; session: FlowSession }> {
    if (this.#postgresOpening !== undefined && handoffToken === undefined) {
      const opened = await this.#openOnPostgres(this.#postgresOpening, linkId);
      if (opened !== undefined) return opened;
    }
    const link = await this.ctx.database.db
      .selectFrom('links')
      .select(['id', 'verification_id'])
      .where('id', '=', linkId)
      .executeTakeFirst();
    if (link === undefined) throw Errors.notFound('link');
    // Applies link expiry (outside the transaction: a refused open must still record `expired`).
    const current = await this.verifications.load(link.verification_id);
    if (current === undefined) throw Errors.notFound('link');
    if (current.status === 'expired' || Date.parse(current.link_expires_at) <= this.now())
      throw LinkError.expired(linkId);
    const sessionToken = newToken();
    try {
      await this.events.transaction(async (trx, emit) => {
        const row = await this.verifications.loadRow(link.verification_id, trx);
        if (row === undefined) throw Errors.notFound('link');
        const bound = await trx
          .selectFrom('flow_sessions')
          .selectAll()
          .where('verification_id', '=', row.id)
          .executeTakeFirst();
        if (row.status === 'success' || row.status === 'failed' || row.link_active !== 1) {
          throw bound === undefined ? LinkError.inactive(linkId) : LinkError.alreadyUsed(linkId);
        }
        if (row.status === 'expired') throw LinkError.expired(linkId);
        const at = isoAt(this.now());
        if (bound !== undefined) {
          const handoff = this.checkHandoff(bound, handoffToken);
          if (handoff === 'wrong') throw new HandoffTokenRefused(linkId);
          if (handoff !== 'valid') throw LinkError.alreadyUsed(linkId);
          // One-time: the hash must still be there (a concurrent take-over clears it first).
          const moved = await trx
            .updateTable('flow_sessions')
            .set({
              token_hash: sha256Hex(sessionToken),
              handoff_token_hash: null,
              handoff_expires_at: null,
              updated_at: at,
            })
            .where('verification_id', '=', row.id)
            .where('handoff_token_hash', '=', bound.handoff_token_hash)
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) throw LinkError.alreadyUsed(linkId);
          return;
        }
        await trx
          .insertInto('flow_sessions')
          .values({
            verification_id: row.id,
            company_id: row.company_id,
            link_id: row.link_id,
            token_hash: sha256Hex(sessionToken),
            handoff_token_hash: null,
            handoff_expires_at: null,
            capture_lock_until: null,
            created_at: at,
            updated_at: at,
          })
          .execute();
        if (row.status === 'pending') {
          // `row` was read in this transaction, which changed nothing of it since.
          await this.verifications.start(row.id, trx, row);
          await emit(row, 'verification.started');
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw LinkError.alreadyUsed(linkId);
      throw error;
    }
    return { sessionToken, session: await this.view(link.verification_id) };
  }

  /**
   * The first opening of a pending link on PostgreSQL (`PostgresFlowOpening`): one read, one
   * statement, and the session built from the row in hand. Undefined (nothing written) for every
   * other case, which the transactional path decides as before: a bound link (hand-off or 409),
   * an expired, finished, inactive or already started verification, and an adaptive link whose
   * method needs the person's earlier verifications.
   * @throws {ApiError} 404 for an unknown link; {LinkError} 409 when a concurrent opening won.
   */
  async #openOnPostgres(
    opening: PostgresFlowOpening,
    linkId: string,
  ): Promise<{ sessionToken: string; session: FlowSession } | undefined> {
    const row = await opening.read(linkId);
    if (row === undefined) throw Errors.notFound('link');
    const now = this.now();
    if (
      row.bound_session !== null ||
      row.status !== 'pending' ||
      row.link_active !== 1 ||
      Date.parse(row.link_expires_at) <= now
    )
      return undefined;
    const method = row.method ?? methodWithoutReference(row);
    if (method === undefined) return undefined;
    const sessionToken = newToken();
    const at = isoAt(now);
    const operationGuid = row.operation_guid ?? randomUUID();
    let started;
    try {
      started = await opening.open(row, {
        tokenHash: sha256Hex(sessionToken),
        method,
        operationGuid,
        at,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw LinkError.alreadyUsed(linkId);
      throw error;
    }
    // Started: the row as the statement left it; else (it left `pending` meanwhile) read anew.
    const session = started
      ? await flowSessionOf(this.ctx, this.companies, {
          ...row,
          status: 'started',
          method,
          operation_guid: operationGuid,
          updated_at: at,
        })
      : await this.view(row.id);
    return { sessionToken, session };
  }

  /**
   * What a presented hand-off token is worth against the bound session: `valid`; `missing` (none
   * presented); `expired` (the current token, past its life: stale, not a guess); `wrong` (any
   * other value, counted as a failed authentication by the route).
   */
  private checkHandoff(
    bound: { handoff_token_hash: string | null; handoff_expires_at: string | null },
    presented: string | undefined,
  ): 'valid' | 'missing' | 'expired' | 'wrong' {
    if (presented === undefined) return 'missing';
    if (
      bound.handoff_token_hash === null ||
      !constantTimeEqual(bound.handoff_token_hash, sha256Hex(presented))
    )
      return 'wrong';
    if (bound.handoff_expires_at === null || Date.parse(bound.handoff_expires_at) <= this.now())
      return 'expired';
    return 'valid';
  }

  /**
   * The verification of an `X-Flow-Session` token: 401 when missing or unknown (a token moved away
   * by a hand-off is unknown).
   */
  async authenticate(token: string | undefined): Promise<string> {
    if (token === undefined || token === '' || token.length > 200)
      throw new ApiError(401, 'IDV_ERR_FLOW_SESSION', 'missing or unknown X-Flow-Session');
    const row = await this.ctx.database.db
      .selectFrom('flow_sessions')
      .select('verification_id')
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirst();
    if (row === undefined)
      throw new ApiError(401, 'IDV_ERR_FLOW_SESSION', 'missing or unknown X-Flow-Session');
    return row.verification_id;
  }

  /** The session as the device reads it; 410 once the verification is past its readable window. */
  view(verificationId: string, db?: Executor): Promise<FlowSession> {
    return readFlowSession(this.ctx, this.verifications, this.companies, verificationId, db);
  }

  /**
   * The verification of a device call that changes it: 410 past its link window (expired), 409
   * once finished.
   */
  async openVerification(verificationId: string): Promise<VerificationJoinRow> {
    const row = await this.verifications.load(verificationId);
    if (row === undefined) throw Errors.notFound('verification');
    if (row.status === 'expired' || Date.parse(row.expires_at) <= this.now())
      throw Errors.gone('verification expired');
    if (row.status !== 'started') throw Errors.statusForbidsOperation(row.status);
    return row;
  }

  /** `POST /flow/terms`: records the acceptance. */
  async acceptTerms(verificationId: string): Promise<FlowSession> {
    const row = await this.openVerification(verificationId);
    if (row.terms_and_conditions !== 1) {
      const result = await this.ctx.database.singleWrite((db) =>
        db
          .updateTable('verifications')
          .set({ terms_and_conditions: 1, updated_at: isoAt(this.now()) })
          .where('id', '=', verificationId)
          .where('status', '=', 'started')
          .executeTakeFirst(),
      );
      if (Number(result.numUpdatedRows) === 0) throw Errors.statusForbidsOperation('final');
    }
    return this.view(verificationId);
  }

  /**
   * `POST /flow/document-type`: records the document the person shows. 409 once the first capture
   * was accepted (the type is fixed from then on) and for a type the link does not allow; choosing
   * the type already in force changes nothing.
   */
  async chooseDocumentType(
    verificationId: string,
    documentType: DocumentTypeChoice,
  ): Promise<FlowSession> {
    const row = await this.openVerification(verificationId);
    const allowed = parseDocumentTypes(row.link_document_types);
    if (!allowed.includes(documentType))
      throw Errors.conflict(
        `document type ${documentType} is not allowed for this link (allowed: ${allowed.join(', ')})`,
      );
    if (completedCaptures(row).length > 0) {
      if (effectiveDocumentType(row) === documentType) return this.view(verificationId);
      throw Errors.conflict('the document type cannot change after the first capture');
    }
    const result = await this.ctx.database.singleWrite((db) =>
      db
        .updateTable('verifications')
        .set({ document_type: documentType, updated_at: isoAt(this.now()) })
        .where('id', '=', verificationId)
        .where('status', '=', 'started')
        // Not once a capture was accepted (a concurrent capture may have won the race).
        .where('images', '=', row.images)
        .executeTakeFirst(),
    );
    if (Number(result.numUpdatedRows) === 0)
      throw Errors.conflict('the document type cannot change after the first capture');
    return this.view(verificationId);
  }

  /** `POST /flow/handoff`: a new one-time token (replacing any earlier one) for another device. */
  async handoff(verificationId: string): Promise<HandoffTicket> {
    const row = await this.openVerification(verificationId);
    const handoffToken = newToken();
    const expiresAt = isoAt(Math.min(this.now() + HANDOFF_TTL_MS, Date.parse(row.link_expires_at)));
    await this.ctx.database.singleWrite((db) =>
      db
        .updateTable('flow_sessions')
        .set({
          handoff_token_hash: sha256Hex(handoffToken),
          handoff_expires_at: expiresAt,
          updated_at: isoAt(this.now()),
        })
        .where('verification_id', '=', verificationId)
        .execute(),
    );
    const query = new URLSearchParams({ handoff: handoffToken });
    return {
      handoffUrl: `${this.ctx.config.publicAppUrl}/v/${row.link_id}?${query}`,
      handoffToken,
      expiresAt,
    };
  }

  /** Takes the capture lock of a session until `until` (ms); see {@link lockCapture}. */
  lockCapture(verificationId: string, until: number): Promise<boolean> {
    return lockCapture(this.ctx, verificationId, until);
  }

  /** Extends a capture lock from `held` to `until`; see {@link renewCaptureLock}. */
  renewCaptureLock(verificationId: string, held: number, until: number): Promise<boolean> {
    return renewCaptureLock(this.ctx, verificationId, held, until);
  }

  /** Releases the capture lock. */
  unlockCapture(verificationId: string, db?: Executor): Promise<void> {
    return unlockCapture(this.ctx, verificationId, db);
  }
}
