import type {
  PortalInboxItem,
  PortalInboxPage,
  PortalInboxQuery,
  PortalInboxSort,
} from '@idv/contract';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { DAY_MS, isoAt, type Clock } from '../lib/clock.js';
import type { Kysely } from 'kysely';

/** Rows per page when the query names none. */
export const DEFAULT_INBOX_SIZE = 25;

/** The column of each sort key. */
const SORT_COLUMNS: Record<
  PortalInboxSort,
  'verifications.created_at' | 'verifications.finished_at'
> = { createdAt: 'verifications.created_at', finishedAt: 'verifications.finished_at' };

/** The instant after a UTC day (`YYYY-MM-DD`), for an inclusive upper bound. */
function nextDay(day: string): string {
  return isoAt(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The verifications inbox: one company's readable verifications (inside their data window, as the
 * REST API lists them), newest first unless sorted otherwise, filtered by status, link type,
 * method, creation day range and failure reason, and searched by id or `externalUserId`.
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
    const order = query.order ?? 'desc';
    const page = query.page ?? 1;
    const db: Kysely<Database> = this.database.db;
    // The filters on the link are subqueries, so the count reads the links only for them: with
    // 100 000 verifications, joining every row of the company to count it is what cost
    // (bench/inbox.ts). The page's 25 rows are joined to their links afterwards.
    const linksWhere = (column: 'links.external_user_id', value: string) =>
      db
        .selectFrom('links')
        .select('links.id')
        .where('links.company_id', '=', companyId)
        .where(column, '=', value);
    let base = db
      .selectFrom('verifications')
      .where('verifications.company_id', '=', companyId)
      .where('verifications.expires_at', '>', isoAt(this.clock.now()));
    if (query.status !== undefined) base = base.where('verifications.status', '=', query.status);
    // The type is copied onto the verification (migration 0014): one range of its index.
    if (query.type !== undefined) base = base.where('verifications.type', '=', query.type);
    if (query.method !== undefined) base = base.where('verifications.method', '=', query.method);
    if (query.reason !== undefined)
      base = base.where('verifications.error_code', '=', query.reason);
    // Days are UTC; ISO-8601 text compares in time order on SQLite and PostgreSQL alike.
    if (query.from !== undefined)
      base = base.where('verifications.created_at', '>=', `${query.from}T00:00:00.000Z`);
    if (query.to !== undefined)
      base = base.where('verifications.created_at', '<', nextDay(query.to));
    const search = query.q?.trim();
    if (search !== undefined && search !== '') {
      // An id is looked up through its link (one link per verification), so both searches are
      // one indexed subquery: an OR across the two tables would scan the company's rows.
      base = base.where(
        'verifications.link_id',
        'in',
        UUID.test(search)
          ? db
              .selectFrom('links')
              .select('links.id')
              .where('links.company_id', '=', companyId)
              .where((eb) =>
                eb.or([
                  eb('links.external_user_id', '=', search),
                  eb('links.verification_id', '=', search.toLowerCase()),
                ]),
              )
          : linksWhere('links.external_user_id', search),
      );
    }
    const sort = SORT_COLUMNS[query.sort ?? 'createdAt'];
    // A deferred join: the page's ids are picked from the filter's index alone (it holds the
    // sort column, the id and the readable window), skipping the OFFSET's rows there; only the
    // page's rows are then read and joined to their links. Joined first, a deep page (page 200:
    // OFFSET 4975) read and joined every row it skipped.
    const pageIds = base
      .select('verifications.id')
      .orderBy(sort, order)
      .orderBy('verifications.id', order)
      .limit(size)
      .offset((page - 1) * size);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      db
        .selectFrom('verifications')
        .innerJoin('links', 'links.id', 'verifications.link_id')
        .select([
          'verifications.id',
          'verifications.status',
          'verifications.type',
          'verifications.method',
          'verifications.created_at',
          'verifications.finished_at',
          'verifications.error_code',
          'links.external_user_id',
        ])
        .where('verifications.id', 'in', pageIds)
        .orderBy(sort, order)
        .orderBy('verifications.id', order)
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
        errorCode: row.error_code,
      })),
    };
  }
}
