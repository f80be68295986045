import { RETRIES_PER_STEP } from '@idv/contract/limits';
import { randomUUID } from 'node:crypto';
import { sql, type Updateable } from 'kysely';
import { preparedQuery } from '../db/prepared.js';
import { RowCache } from '../db/row-cache.js';
import type { VerificationsTable } from '../db/schema.js';
import { HOUR_MS, isoAt } from '../lib/clock.js';
import { ApiError, Errors } from '../lib/errors.js';
import { haversineKm, locationTier } from '../lib/geo.js';
import type { PageRequest } from '../lib/paging.js';
import { constantTimeEqual } from '../lib/secrets.js';
import type { ActivityLogService } from './activity-log.js';
import type { CompanyService } from './companies.js';
import type { Executor, ServiceContext } from './context.js';
import type { WebhookEventService } from './webhooks/events.js';
import {
  publicVerificationView,
  verificationRecord,
  type PublicVerificationView,
  type ReportedGeolocation,
  type StoredGeolocation,
  type VerificationImages,
  type VerificationJoinRow,
  type VerificationRecord,
} from './verification-views.js';

/** Largest distance of `capturedAt` from the server clock (spec: 24 hours either side). */
export const CAPTURED_AT_TOLERANCE_MS = 24 * HOUR_MS;
/** Corrections `PATCH /verifications/identify` accepts per verification after its first identifier. */
export const MAX_IDENTIFY_CORRECTIONS = 5;
/** The unpaged list holds the last 100 verifications. */
const UNPAGED_LIMIT = 100;

export type VerificationStatus = VerificationsTable['status'];
export type VerificationStep = VerificationsTable['step'];

/** Statuses in which the person's device may still act. */
const OPEN_STATUSES: readonly VerificationStatus[] = ['pending', 'started'];
/** Statuses after which PATCHes answer 409. */
const FINAL_STATUSES: readonly VerificationStatus[] = ['success', 'failed'];

/** `{total, page, data}` of the list endpoints. */
export interface VerificationPage {
  total: number;
  page: number;
  size: number;
  data: VerificationRecord[];
}

/** One item of `GET /verifications/{id}/related`. */
export interface RelatedVerification {
  _id: string;
  createdAt: string;
  status: VerificationStatus;
  dataExpired: boolean;
}

/** The status poll answer with `include=operationGuid`. */
export interface StatusWithOperation {
  status: VerificationStatus;
  operationGuid: string | null;
  method: VerificationsTable['method'];
}

/** A feedback override as `POST /verifications/feedback` answers it. */
export interface FeedbackView {
  _id: string;
  verificationId: string;
  reasonId: string;
  overrideStatus: 'success' | 'failed';
  previousStatus: string;
  status: VerificationStatus;
  createdAt: string;
}

/** What a new verification starts with (created together with its link). */
export interface NewVerification {
  id: string;
  companyId: string;
  linkId: string;
  /** End of the readable window. */
  expiresAt: string;
  /** End of the link window (the link's `expiresAt`). */
  linkExpiresAt: string;
  createdAt: string;
}

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
 * Every change of a verification's state lives here (status, step, method, retries, reported
 * data), so the REST routes and the capture pipeline share one set of rules. Time comes from the
 * injected clock.
 */
export class VerificationService {
  /** The status poll's narrow query, compiled once (the poll is the hottest public path). */
  readonly #pollQuery;
  /**
   * The rows the status poll read, kept while no verification changes (`RowCache`): a
   * verification is polled every second or two for minutes while its row changes a few times.
   */
  readonly #pollRows;
  /** The insert of link creation, compiled once. */
  readonly #insertPending;
  /** One verification with its link (every read), compiled once. */
  readonly #loadQuery;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly companies: CompanyService,
    private readonly activity: ActivityLogService,
    private readonly events: WebhookEventService,
  ) {
    const db = ctx.database.db;
    // Every column it reads is in `verifications_status_poll_idx` (migration 0003): one lookup.
    // SQLite's planner prefers the unique primary-key index for `id = ?` (then a table read), so
    // it is told which index to use.
    const pollColumns = [
      'status',
      'link_id',
      'operation_guid',
      'method',
      'link_expires_at',
    ] as const;
    this.#pollQuery = preparedQuery(db, ['id'], (p) =>
      ctx.database.dialect === 'sqlite'
        ? {
            compile: () =>
              sql<Pick<VerificationsTable, (typeof pollColumns)[number]>>`select ${sql.join(
                pollColumns.map((column) => sql.ref(column)),
              )} from verifications indexed by verifications_status_poll_idx where id = ${p.id}`.compile(
                db,
              ),
          }
        : db.selectFrom('verifications').select(pollColumns).where('id', '=', p.id),
    );
    this.#pollRows = new RowCache(ctx.database, ['verifications'], async (id) => {
      const [row] = await this.#pollQuery({ id });
      return row;
    });
    this.#loadQuery = preparedQuery(db, ['id'], (p) =>
      this.joined(db).where('verifications.id', '=', p.id),
    );
    this.#insertPending = preparedQuery(
      db,
      ['id', 'companyId', 'linkId', 'expiresAt', 'linkExpiresAt', 'createdAt', 'updatedAt'],
      (p) =>
        // The fixed values of a new verification are part of the statement (not bound on every
        // call); the columns left out start NULL.
        db.insertInto('verifications').values({
          id: p.id,
          company_id: p.companyId,
          link_id: p.linkId,
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

  /** The verification joined with its link, as every view needs it. */
  private joined(db: Executor = this.ctx.database.db) {
    return db
      .selectFrom('verifications')
      .innerJoin('links', 'links.id', 'verifications.link_id')
      .selectAll('verifications')
      .select([
        'links.type as link_type',
        'links.external_user_id as link_external_user_id',
        'links.external_user_id_source as link_external_user_id_source',
        'links.metadata as link_metadata',
        'links.adaptive_flow as link_adaptive_flow',
        'links.active as link_active',
        'links.expires_at as link_expires_at',
        'links.callback_url as link_callback_url',
        'links.document_types as link_document_types',
      ]);
  }

  /** Inserts the `pending` verification of a new link (inside the link's transaction). */
  async createPending(trx: Executor, input: NewVerification): Promise<void> {
    await this.#insertPending(
      {
        id: input.id,
        companyId: input.companyId,
        linkId: input.linkId,
        expiresAt: input.expiresAt,
        linkExpiresAt: input.linkExpiresAt,
        createdAt: input.createdAt,
        updatedAt: input.createdAt,
      },
      trx,
    );
  }

  /**
   * Marks `pending`/`started` verifications whose link window has ended as `expired` (all of them,
   * or one company's). Reads call it first, so they never show a stale open status.
   */
  async expireOverdue(companyId?: string): Promise<number> {
    const now = isoAt(this.now());
    let query = this.ctx.database.db
      .updateTable('verifications')
      .set({ status: 'expired', updated_at: now })
      .where('status', 'in', OPEN_STATUSES)
      .where('link_id', 'in', (eb) => {
        let links = eb.selectFrom('links').select('links.id').where('links.expires_at', '<=', now);
        if (companyId !== undefined) links = links.where('links.company_id', '=', companyId);
        return links;
      });
    if (companyId !== undefined) query = query.where('company_id', '=', companyId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Applies link expiry to one loaded row (and stores it), returning the row as it now stands. */
  private async expireIfOverdue(row: VerificationJoinRow): Promise<VerificationJoinRow> {
    const now = this.now();
    if (!OPEN_STATUSES.includes(row.status) || Date.parse(row.link_expires_at) > now) return row;
    await this.ctx.database.db
      .updateTable('verifications')
      .set({ status: 'expired', updated_at: isoAt(now) })
      .where('id', '=', row.id)
      .where('status', 'in', OPEN_STATUSES)
      .execute();
    return { ...row, status: 'expired', updated_at: isoAt(now) };
  }

  /** Loads a verification with its link (expiry applied), or undefined. */
  async load(verificationId: string, db?: Executor): Promise<VerificationJoinRow | undefined> {
    const [row] = (await this.#loadQuery({ id: verificationId }, db)) as VerificationJoinRow[];
    return row === undefined ? undefined : this.expireIfOverdue(row);
  }

  /** A verification of the caller's company; another company's answers exactly like an unknown one. */
  async loadForCompany(companyId: string, verificationId: string): Promise<VerificationJoinRow> {
    const row = await this.load(verificationId);
    if (row === undefined || row.company_id !== companyId) throw Errors.notFound('verification');
    return row;
  }

  /** `GET /verifications/{id}`: 404 unknown, 410 after the readable window. */
  async record(companyId: string, verificationId: string): Promise<VerificationRecord> {
    const row = await this.loadForCompany(companyId, verificationId);
    if (Date.parse(row.expires_at) <= this.now()) throw Errors.gone('verification expired');
    return verificationRecord(row);
  }

  /** Verifications still inside their readable window, newest first. */
  private readable(companyId: string) {
    return this.joined()
      .where('verifications.company_id', '=', companyId)
      .where('verifications.expires_at', '>', isoAt(this.now()));
  }

  private async countReadable(companyId: string, since?: string): Promise<number> {
    let query = this.ctx.database.db
      .selectFrom('verifications')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('company_id', '=', companyId)
      .where('expires_at', '>', isoAt(this.now()));
    if (since !== undefined) query = query.where('created_at', '>=', since);
    return Number((await query.executeTakeFirstOrThrow()).total);
  }

  /** `GET /verifications/{size}/{page}` (and the unpaged list as its first page of 100). */
  async page(companyId: string, page: PageRequest): Promise<VerificationPage> {
    await this.expireOverdue(companyId);
    const [total, rows] = await Promise.all([
      this.countReadable(companyId),
      this.readable(companyId)
        .orderBy('verifications.created_at', 'desc')
        .orderBy('verifications.id', 'desc')
        .limit(page.size)
        .offset(page.offset)
        .execute(),
    ]);
    return {
      total,
      page: page.page,
      size: page.size,
      data: (rows as VerificationJoinRow[]).map(verificationRecord),
    };
  }

  /** `GET /verifications`: the last 100. */
  async latest(companyId: string): Promise<VerificationPage> {
    return this.page(companyId, { size: UNPAGED_LIMIT, page: 1, offset: 0 });
  }

  /** `GET /verifications/last-hour`: created in the last hour, newest first (at most 100 listed). */
  async lastHour(companyId: string): Promise<VerificationPage> {
    await this.expireOverdue(companyId);
    const since = isoAt(this.now() - HOUR_MS);
    const [total, rows] = await Promise.all([
      this.countReadable(companyId, since),
      this.readable(companyId)
        .where('verifications.created_at', '>=', since)
        .orderBy('verifications.created_at', 'desc')
        .orderBy('verifications.id', 'desc')
        .limit(UNPAGED_LIMIT)
        .execute(),
    ]);
    return {
      total,
      page: 1,
      size: UNPAGED_LIMIT,
      data: (rows as VerificationJoinRow[]).map(verificationRecord),
    };
  }

  /** Other verifications of the company with the same `externalUserId`, newest first. */
  async related(companyId: string, verificationId: string): Promise<RelatedVerification[]> {
    const anchor = await this.loadForCompany(companyId, verificationId);
    if (anchor.link_external_user_id === null) return [];
    await this.expireOverdue(companyId);
    const rows = await this.ctx.database.db
      .selectFrom('verifications')
      .innerJoin('links', 'links.id', 'verifications.link_id')
      .select([
        'verifications.id',
        'verifications.created_at',
        'verifications.status',
        'verifications.data_expired',
      ])
      .where('links.company_id', '=', companyId)
      .where('links.external_user_id', '=', anchor.link_external_user_id)
      .where('verifications.id', '<>', anchor.id)
      .orderBy('verifications.created_at', 'desc')
      .orderBy('verifications.id', 'desc')
      .limit(UNPAGED_LIMIT)
      .execute();
    return rows.map((r) => ({
      _id: r.id,
      createdAt: r.created_at,
      status: r.status,
      dataExpired: r.data_expired === 1,
    }));
  }

  /**
   * The public status poll. A missing or mismatched `linkId` and an unknown verification all answer
   * the same 403, so the poll never confirms that an id exists.
   */
  async pollStatus(
    verificationId: string,
    linkId: string | undefined,
  ): Promise<StatusWithOperation> {
    const row = linkId === undefined ? undefined : await this.#pollRows.get(verificationId);
    if (row === undefined || linkId === undefined || !constantTimeEqual(row.link_id, linkId)) {
      throw Errors.forbidden('linkId missing or not matching the verification');
    }
    let status = row.status;
    if (
      OPEN_STATUSES.includes(status) &&
      (row.link_expires_at === null || Date.parse(row.link_expires_at) <= this.now())
    ) {
      status = (await this.load(verificationId))?.status ?? 'expired';
    }
    return { status, operationGuid: row.operation_guid, method: row.method };
  }

  /**
   * Loads a verification for one of the device-facing PATCH endpoints: 404 when unknown, expired,
   * past its window or its link is no longer usable; 409 once it is `success` or `failed`.
   */
  async loadOpenForDevice(verificationId: string): Promise<VerificationJoinRow> {
    const row = await this.load(verificationId);
    if (row === undefined) throw Errors.notFound('verification');
    if (FINAL_STATUSES.includes(row.status)) throw Errors.statusForbidsOperation(row.status);
    const now = this.now();
    if (
      !OPEN_STATUSES.includes(row.status) ||
      row.link_active !== 1 ||
      Date.parse(row.link_expires_at) <= now ||
      Date.parse(row.expires_at) <= now
    ) {
      throw Errors.notFound('verification');
    }
    return row;
  }

  /**
   * Changes an open verification only while it is still open: the status guard sits in the UPDATE
   * itself, so a concurrent finish makes this answer 409 instead of overwriting a final status.
   */
  private async updateOpen(
    verificationId: string,
    changes: Updateable<VerificationsTable>,
    db?: Executor,
  ): Promise<void> {
    const result = await (db ?? this.ctx.database.db)
      .updateTable('verifications')
      .set({ ...changes, updated_at: isoAt(this.now()) })
      .where('id', '=', verificationId)
      .where('status', 'in', OPEN_STATUSES)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw Errors.statusForbidsOperation('final');
  }

  /**
   * `PATCH /verifications`: validates a reported location and stores it with the server-derived
   * `tier`, `policy` (in force now), `ipDistanceKm` (haversine, device fix to IP position) and
   * `serverIp`. The caller validated the field types; the cross-field rules are checked here.
   */
  async reportGeolocation(
    verificationId: string,
    reported: ReportedGeolocation,
    serverIp: string,
  ): Promise<PublicVerificationView> {
    const hasDeviceFix =
      reported.deviceLatitude !== undefined && reported.deviceLongitude !== undefined;
    if ((reported.deviceLatitude === undefined) !== (reported.deviceLongitude === undefined)) {
      throw Errors.badRequest(
        'geolocation.deviceLatitude and geolocation.deviceLongitude must be sent together',
      );
    }
    if (
      (reported.source === 'gps' || reported.source === 'wifi' || reported.source === 'cell') &&
      !hasDeviceFix
    ) {
      throw Errors.badRequest(
        `geolocation.source ${reported.source} requires geolocation.deviceLatitude and geolocation.deviceLongitude`,
      );
    }
    if (reported.accuracy !== undefined && !hasDeviceFix) {
      throw Errors.badRequest(
        'geolocation.accuracy describes a device fix: send deviceLatitude and deviceLongitude',
      );
    }
    if ((reported.latitude === undefined) !== (reported.longitude === undefined)) {
      throw Errors.badRequest(
        'geolocation.latitude and geolocation.longitude must be sent together',
      );
    }
    if (reported.latitude !== undefined && Math.abs(Number(reported.latitude)) > 90) {
      throw Errors.badRequest('geolocation.latitude must be between -90 and 90');
    }
    if (reported.longitude !== undefined && Math.abs(Number(reported.longitude)) > 180) {
      throw Errors.badRequest('geolocation.longitude must be between -180 and 180');
    }
    if (reported.capturedAt !== undefined) {
      const captured = Date.parse(reported.capturedAt);
      if (Number.isNaN(captured) || Math.abs(captured - this.now()) > CAPTURED_AT_TOLERANCE_MS) {
        throw Errors.badRequest(
          'geolocation.capturedAt must be within 24 hours of the server clock',
        );
      }
    }
    const row = await this.loadOpenForDevice(verificationId);
    const company = await this.companies.get(row.company_id);
    const ipLatitude = reported.latitude === undefined ? undefined : Number(reported.latitude);
    const ipLongitude = reported.longitude === undefined ? undefined : Number(reported.longitude);
    const hasIpPosition = ipLatitude !== undefined && ipLongitude !== undefined;
    const ipDistanceKm =
      hasDeviceFix && hasIpPosition
        ? Math.round(
            haversineKm(
              reported.deviceLatitude!,
              reported.deviceLongitude!,
              ipLatitude,
              ipLongitude,
            ) * 1000,
          ) / 1000
        : null;
    const stored: StoredGeolocation = {
      ...reported,
      tier: locationTier(reported.accuracy, hasIpPosition),
      policy: this.companies.locationPermission(company),
      ipDistanceKm,
      serverIp,
    };
    const geolocation = JSON.stringify(stored);
    await this.updateOpen(verificationId, { geolocation });
    return publicVerificationView({ id: row.id, status: row.status, step: row.step, geolocation });
  }

  /** `PATCH /verifications/error`: records a client-side error; the status does not change. */
  async reportClientError(
    verificationId: string,
    errorCode: string,
    errorMessage: string,
  ): Promise<PublicVerificationView> {
    const row = await this.loadOpenForDevice(verificationId);
    await this.updateOpen(verificationId, { error_code: errorCode, error_message: errorMessage });
    return publicVerificationView(row);
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
    const row = await this.joined(db)
      .where('verifications.id', '=', verificationId)
      .executeTakeFirst();
    if (row === undefined || row.link_adaptive_flow !== 1) return 'DOCUMENT';
    if (row.link_external_user_id === null) return null;
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

  /** A verification with its link, read with `db` as is (no expiry applied: safe inside a transaction). */
  async loadRow(verificationId: string, db: Executor): Promise<VerificationJoinRow | undefined> {
    const [row] = (await this.#loadQuery({ id: verificationId }, db)) as VerificationJoinRow[];
    return row;
  }

  /**
   * Opens the flow: `pending` → `started`, assigns the `operationGuid` and resolves the method once.
   * Idempotent for a verification already started. Emitting `verification.started` belongs to the caller's
   * transaction (the flow API's outbox).
   */
  async start(verificationId: string, db?: Executor): Promise<StatusWithOperation> {
    const run = async (trx: Executor) => {
      const row = await this.joined(trx)
        .where('verifications.id', '=', verificationId)
        .executeTakeFirst();
      if (row === undefined) throw Errors.notFound('verification');
      if (row.status === 'started')
        return { status: row.status, operationGuid: row.operation_guid, method: row.method };
      if (row.status !== 'pending') throw Errors.statusForbidsOperation(row.status);
      const method = row.method ?? (await this.resolveMethod(verificationId, trx));
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
    await this.updateOpen(verificationId, changes, db);
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
    const row = await this.loadOpenForDevice(verificationId);
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
        await this.updateOpen(verificationId, { method }, trx);
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
    const row = await this.loadForCompany(companyId, input.verificationId);
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
    await this.updateOpen(verificationId, { images: JSON.stringify(images) }, executor);
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
