import type { PortalInboxItem, PortalInboxPage, PortalInboxQuery } from '@idv/contract';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { isoAt, type Clock } from '../lib/clock.js';
import type { Kysely } from 'kysely';

/** Rows per page when the query names none. */
export const DEFAULT_INBOX_SIZE = 25;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The verifications inbox: one company's readable verifications (inside their data window, as the
 * REST API lists them), newest first, filtered by status and searched by id or `externalUserId`.
 * A read model only: every change goes through the services. Callers expire overdue ones first
 * (`VerificationService.expireOverdue`) so no stale open status is listed.
 */
export class Inbox {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
  ) {}

  /** One page of the inbox. */
  async page(companyId: string, query: PortalInboxQuery): Promise<PortalInboxPage> {
    const size = query.size ?? DEFAULT_INBOX_SIZE;
    const page = query.page ?? 1;
    const db: Kysely<Database> = this.database.db;
    let base = db
      .selectFrom('verifications')
      .innerJoin('links', 'links.id', 'verifications.link_id')
      .where('verifications.company_id', '=', companyId)
      .where('verifications.expires_at', '>', isoAt(this.clock.now()));
    if (query.status !== undefined) base = base.where('verifications.status', '=', query.status);
    const search = query.q?.trim();
    if (search !== undefined && search !== '') {
      base = UUID.test(search)
        ? base.where((eb) =>
            eb.or([
              eb('verifications.id', '=', search.toLowerCase()),
              eb('links.external_user_id', '=', search),
            ]),
          )
        : base.where('links.external_user_id', '=', search);
    }
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      base
        .select([
          'verifications.id',
          'verifications.status',
          'verifications.method',
          'verifications.created_at',
          'verifications.finished_at',
          'links.type',
          'links.external_user_id',
        ])
        .orderBy('verifications.created_at', 'desc')
        .orderBy('verifications.id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
    ]);
    return {
      total: Number(count.total),
      page,
      size,
      data: rows.map((row): PortalInboxItem => ({
        _id: row.id,
        status: row.status,
        type: row.type,
        method: row.method,
        externalUserId: row.external_user_id,
        createdAt: row.created_at,
        finishedAt: row.finished_at,
      })),
    };
  }
}
