import type { PortalActivityEntry, PortalActivityPage } from '@idv/contract';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';
import type { PageRequest } from '../lib/paging.js';
import { portalDb } from './schema.js';

/** The filters of the activity log screen. */
export interface ActivityFilter {
  /** Who acted: a person (`portal_members.id`) or the API client (`users.id`). */
  actor?: string | undefined;
  /** An exact action, or a prefix ending in `.` (`portal.member.` matches every team change). */
  action?: string | undefined;
}

/** What the activity log screen shows of the company's log: one page and the filters' choices. */
export type ActivityView = PortalActivityPage;

/** A `LIKE` pattern matching `prefix` literally at the start (`%`, `_` and `\` escaped). */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The activity log as the portal's administrators read it: the company's entries (and each link's
 * `link.created`, read from the link itself as `GET /users/me/logs` does), newest first, paged and
 * filtered on the server, with who acted (the person's e-mail, the API client, or the server),
 * from where and when. Every query is bound to one company.
 */
export class PortalActivity {
  constructor(private readonly database: DatabaseHandle) {}

  async page(companyId: string, filter: ActivityFilter, page: PageRequest): Promise<ActivityView> {
    const db = this.database.db;
    const entries = db
      .selectFrom('activity_logs')
      .select(['id', 'action', 'resource', 'resource_id', 'user_id', 'ip', 'created_at'])
      .where('company_id', '=', companyId)
      .unionAll(
        db
          .selectFrom('links')
          .select([
            'id',
            sql<string>`${sql.lit('link.created')}`.as('action'),
            sql<string>`${sql.lit('link')}`.as('resource'),
            'id as resource_id',
            'created_by as user_id',
            'created_ip as ip',
            'created_at',
          ])
          .where('company_id', '=', companyId),
      );
    const filtered = db.selectFrom(entries.as('entries')).where((eb) => {
      const conditions = [];
      if (filter.actor !== undefined) conditions.push(eb('entries.user_id', '=', filter.actor));
      if (filter.action !== undefined)
        conditions.push(
          filter.action.endsWith('.')
            ? // An explicit escape character: SQLite's LIKE has none by default.
              sql<boolean>`entries.action like ${likePrefix(filter.action)} escape '\\'`
            : eb('entries.action', '=', filter.action),
        );
      return eb.and(conditions);
    });
    const [count, rows, people, client, actions] = await Promise.all([
      filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      filtered
        .selectAll('entries')
        .orderBy('entries.created_at', 'desc')
        .orderBy('entries.id', 'desc')
        .limit(page.size)
        .offset(page.offset)
        .execute(),
      portalDb(this.database)
        .selectFrom('portal_members')
        .select(['id', 'email'])
        .where('company_id', '=', companyId)
        .orderBy('email')
        .execute(),
      db
        .selectFrom('users')
        .select('id')
        .where('company_id', '=', companyId)
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('activity_logs')
        .select('action')
        .distinct()
        .where('company_id', '=', companyId)
        .orderBy('action')
        .execute(),
    ]);
    const emails = new Map(people.map((person) => [person.id, person.email]));
    const clients = new Set(client.map((user) => user.id));
    const actorOf = (userId: string | null): PortalActivityEntry['actor'] => {
      if (userId === null) return { kind: 'system', id: null, email: null };
      if (clients.has(userId)) return { kind: 'api', id: userId, email: null };
      // A person of the company, or one since removed (their e-mail is gone with them).
      return { kind: 'person', id: userId, email: emails.get(userId) ?? null };
    };
    const knownActions = new Set(actions.map((row) => row.action));
    knownActions.add('link.created');
    return {
      total: Number(count.total),
      page: page.page,
      size: page.size,
      data: rows.map((row) => ({
        _id: row.id,
        action: row.action,
        resource: row.resource,
        resourceId: row.resource_id,
        actor: actorOf(row.user_id),
        ip: row.ip,
        createdAt: row.created_at,
      })),
      actors: [
        ...people.map((person) => ({ id: person.id, label: person.email })),
        ...client.map((user) => ({ id: user.id, label: 'API client' })),
      ],
      actions: [...knownActions].sort(),
    };
  }
}
