import type * as contract from '@idv/contract';
import { sql } from 'kysely';
import { preparedQuery } from '../db/prepared.js';
import { timeOrderedUuid } from '../lib/ids.js';
import { isoAt } from '../lib/clock.js';
import type { PageRequest } from '../lib/paging.js';
import type { Executor, ServiceContext } from './context.js';

/** One entry of `GET /users/me/logs`. */
export type ActivityEntry = contract.ActivityPage['data'][number];

/** What happened, to what, by whom, from where. */
export interface ActivityInput {
  companyId: string;
  userId?: string | null;
  action: string;
  resource: string;
  resourceId?: string | null;
  ip?: string | null;
}

/** The per-company activity log. */
export class ActivityLogService {
  readonly #insert;

  constructor(private readonly ctx: ServiceContext) {
    const db = ctx.database.db;
    this.#insert = preparedQuery(
      db,
      ['id', 'companyId', 'userId', 'action', 'resource', 'resourceId', 'ip', 'createdAt'],
      (p) =>
        db.insertInto('activity_logs').values({
          id: p.id,
          company_id: p.companyId,
          user_id: p.userId,
          action: p.action,
          resource: p.resource,
          resource_id: p.resourceId,
          ip: p.ip,
          created_at: p.createdAt,
        }),
    );
  }

  /** Appends an entry; pass a transaction to log atomically with the change it records. */
  async record(input: ActivityInput, db?: Executor): Promise<void> {
    await this.#insert(
      {
        id: timeOrderedUuid(),
        companyId: input.companyId,
        userId: input.userId ?? null,
        action: input.action,
        resource: input.resource,
        resourceId: input.resourceId ?? null,
        ip: input.ip ?? null,
        createdAt: isoAt(this.ctx.clock.now()),
      },
      db,
    );
  }

  /**
   * A page of the company's log, newest first. Link creations are read from the links
   * themselves (migration 0004): each link is its own `link.created` entry, `_id` its id.
   */
  async page(
    companyId: string,
    page: PageRequest,
  ): Promise<{ total: number; page: number; data: ActivityEntry[] }> {
    const db = this.ctx.database.db;
    const [logged, links, rows] = await Promise.all([
      db
        .selectFrom('activity_logs')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('links')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('activity_logs')
        .select(['id', 'action', 'resource', 'resource_id', 'created_at', 'ip'])
        .where('company_id', '=', companyId)
        .unionAll(
          db
            .selectFrom('links')
            .select([
              'id',
              sql.lit('link.created').as('action'),
              sql.lit('link').as('resource'),
              'id as resource_id',
              'created_at',
              'created_ip as ip',
            ])
            .where('company_id', '=', companyId),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.size)
        .offset(page.offset)
        .execute(),
    ]);
    return {
      total: Number(logged.total) + Number(links.total),
      page: page.page,
      data: rows.map((r) => ({
        _id: r.id,
        action: r.action,
        resource: r.resource,
        resourceId: r.resource_id,
        createdAt: r.created_at,
        ip: r.ip,
      })),
    };
  }
}
