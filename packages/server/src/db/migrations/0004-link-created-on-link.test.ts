import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock.js';
import { ActivityLogService } from '../../services/activity-log.js';
import type { ServiceContext } from '../../services/context.js';
import { useMigrationSuite } from '../../testing/migration-suite.js';
import { insertOlderCompanyWithLinks } from '../../testing/older-rows.js';

describe('migration 0004-link-created-on-link', () => {
  const migration = useMigrationSuite('0004-link-created-on-link');

  const company = '00000000-0000-4000-8000-00000000c004';
  const user = '00000000-0000-4000-8000-00000000d004';
  const link = '00000000-0000-4000-8000-0000000004a1';
  const unlogged = '00000000-0000-4000-8000-0000000004a2';

  it('moves the link.created entries an older server logged onto their links, losing none', async () => {
    expect(await migration.before()).toEqual(['0001-initial', '0002-flow', '0003-status-poll']);
    const db = migration.db();
    const at = (second: number) => `2026-01-01T00:00:0${second}.000Z`;
    await insertOlderCompanyWithLinks(
      db,
      company,
      at(0),
      (
        [
          [link, 2],
          [unlogged, 3],
        ] as const
      ).map(([id, second]) => ({
        id,
        verificationId: id.replace('4a', '4b'),
        expiresAt: '2026-01-02T00:00:00.000Z',
        createdAt: at(second),
      })),
    );
    const logged = [
      ['00000000-0000-4000-8000-0000000004e1', 'token.issued', 'token', null, null, 1],
      ['00000000-0000-4000-8000-0000000004e2', 'link.created', 'link', link, '203.0.113.7', 2],
    ] as const;
    for (const [id, action, resource, resourceId, ip, second] of logged) {
      await sql`insert into activity_logs (id, company_id, user_id, action, resource, resource_id, ip, created_at)
        values (${id}, ${company}, ${user}, ${action}, ${resource}, ${resourceId}, ${ip}, ${at(second)})`.execute(
        db,
      );
    }

    // Up to 0004 exactly: later migrations (0005…) are not this test's subject.
    expect(await migration.apply()).toEqual(['0004-link-created-on-link']);
    expect(
      await db
        .selectFrom('links')
        .select(['id', 'created_by', 'created_ip'])
        .where('company_id', '=', company)
        .orderBy('id')
        .execute(),
    ).toEqual([
      { id: link, created_by: user, created_ip: '203.0.113.7' },
      // A link without a logged entry (none is lost: it simply has no creator on record).
      { id: unlogged, created_by: null, created_ip: null },
    ]);
    expect(
      await db
        .selectFrom('activity_logs')
        .select('action')
        .where('company_id', '=', company)
        .execute(),
    ).toEqual([{ action: 'token.issued' }]);

    // The log still shows every entry, newest first; a link's entry now has the link's id.
    const log = new ActivityLogService({
      database: migration.handle(),
      clock: systemClock,
    } as ServiceContext);
    expect(await log.page(company, { page: 1, size: 100, offset: 0 })).toEqual({
      total: 3,
      page: 1,
      data: [
        {
          _id: unlogged,
          action: 'link.created',
          resource: 'link',
          resourceId: unlogged,
          createdAt: at(3),
          ip: null,
        },
        {
          _id: link,
          action: 'link.created',
          resource: 'link',
          resourceId: link,
          createdAt: at(2),
          ip: '203.0.113.7',
        },
        {
          _id: logged[0][0],
          action: 'token.issued',
          resource: 'token',
          resourceId: null,
          createdAt: at(1),
          ip: null,
        },
      ],
    });
  });
});
