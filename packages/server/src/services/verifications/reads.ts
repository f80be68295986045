import { sql } from 'kysely';
import { preparedQuery } from '../../db/prepared.js';
import { batchedReads } from '../../db/read-batcher.js';
import { RowCache } from '../../db/row-cache.js';
import type { VerificationsTable } from '../../db/schema.js';
import { HOUR_MS, isoAt } from '../../lib/clock.js';
import { Errors } from '../../lib/errors.js';
import type { PageRequest } from '../../lib/paging.js';
import { constantTimeEqual } from '../../lib/secrets.js';
import type { Executor, ServiceContext } from '../context.js';
import {
  verificationRecord,
  type VerificationJoinRow,
  type VerificationRecord,
} from '../verification-views.js';
import {
  FINAL_STATUSES,
  OPEN_STATUSES,
  UNPAGED_LIMIT,
  type RelatedVerification,
  type StatusWithOperation,
  type VerificationPage,
} from './rules.js';

/** What the status poll reads of a verification. */
type PollRow = Pick<
  VerificationsTable,
  'status' | 'link_id' | 'operation_guid' | 'method' | 'link_expires_at'
>;

/**
 * Reads and listings of verifications: one with its link (link expiry applied on the way), the
 * pages and the last hour of a company, related verifications, and the public status poll.
 */
export class VerificationReads {
  /** The status poll's narrow query, compiled once (the poll is the hottest public path). */
  readonly #pollQuery;
  /**
   * The status poll's row of a verification. SQLite: kept while no verification changes
   * (`RowCache`): a verification is polled every second or two for minutes while its row changes
   * a few times. PostgreSQL: read, the polls of one event-loop turn together (`batchedReads`).
   */
  readonly #pollRow: (id: string) => Promise<PollRow | undefined>;
  /** One verification with its link (every read), compiled once. */
  readonly #loadQuery;

  constructor(private readonly ctx: ServiceContext) {
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
    if (ctx.database.dialect === 'sqlite') {
      const pollRows = new RowCache(ctx.database, ['verifications'], async (id) => {
        const [row] = await this.#pollQuery({ id });
        return row;
      });
      this.#pollRow = (id) => pollRows.get(id);
    } else {
      // PostgreSQL cannot keep rows (no change tracking): the polls of one event-loop turn share
      // one indexed read (`= any` over the primary key).
      const pollMany = preparedQuery(db, ['ids'], (p) =>
        db
          .selectFrom('verifications')
          .select([...pollColumns, 'id'])
          .where('id', '=', sql<string>`any(${p.ids}::text[])`),
      );
      this.#pollRow = batchedReads(
        (ids) => pollMany({ ids }),
        (row) => row.id,
      );
    }
    this.#loadQuery = preparedQuery(db, ['id'], (p) =>
      this.joined(db).where('verifications.id', '=', p.id),
    );
  }

  private now(): number {
    return this.ctx.clock.now();
  }

  /** The verification joined with its link, as every view needs it. */
  joined(db: Executor = this.ctx.database.db) {
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

  /**
   * Marks `pending`/`started` verifications whose link window has ended as `expired` (all of them,
   * or one company's). Reads call it first, so they never show a stale open status.
   */
  async expireOverdue(companyId?: string): Promise<number> {
    const now = isoAt(this.now());
    // The verification's own copy of the link window (migration 0003) decides, so the open rows
    // are found by index without reading the links; rows older than that copy ask their link.
    let query = this.ctx.database.db
      .updateTable('verifications')
      .set({ status: 'expired', updated_at: now })
      .where('status', 'in', OPEN_STATUSES)
      .where((eb) =>
        eb.or([
          eb('link_expires_at', '<=', now),
          eb.and([
            eb('link_expires_at', 'is', null),
            eb('link_id', 'in', (sub) => {
              let links = sub
                .selectFrom('links')
                .select('links.id')
                .where('links.expires_at', '<=', now);
              if (companyId !== undefined) links = links.where('links.company_id', '=', companyId);
              return links;
            }),
          ]),
        ]),
      );
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
    const row = linkId === undefined ? undefined : await this.#pollRow(verificationId);
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

  /** A verification with its link, read with `db` as is (no expiry applied: safe inside a transaction). */
  async loadRow(verificationId: string, db: Executor): Promise<VerificationJoinRow | undefined> {
    const [row] = (await this.#loadQuery({ id: verificationId }, db)) as VerificationJoinRow[];
    return row;
  }
}
