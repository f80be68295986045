import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock.js';
import { ActivityLogService } from '../../services/activity-log.js';
import type { ServiceContext } from '../../services/context.js';
import { createScratchDatabase, type ScratchDatabase } from '../../testing/harness.js';
import { openDatabase, type DatabaseHandle } from '../database.js';
import { migrateToLatest, migrateUpTo } from '../migrator.js';

describe('migration 0004-link-created-on-link', () => {
  let scratch: ScratchDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    handle = openDatabase(scratch);
  });
  afterAll(async () => {
    await handle.close();
    await scratch.drop();
  });

  const company = '00000000-0000-4000-8000-00000000c004';
  const user = '00000000-0000-4000-8000-00000000d004';
  const link = '00000000-0000-4000-8000-0000000004a1';
  const unlogged = '00000000-0000-4000-8000-0000000004a2';

  it('moves the link.created entries an older server logged onto their links, losing none', async () => {
    expect(await migrateUpTo(handle, '0003-status-poll')).toEqual([
      '0001-initial',
      '0002-flow',
      '0003-status-poll',
    ]);
    const db = handle.db;
    const at = (second: number) => `2026-01-01T00:00:0${second}.000Z`;
    await sql`insert into companies (id, name, plan, monthly_quota, color, anti_spoofing, handoff_mode,
      location_permission, link_expiration_hours, data_expiration_hours, adaptive_flow, callback_url,
      onboarding_business_id, gate_rules, created_at, updated_at)
      values (${company}, 'Old Co', 'pro', 100, '#000000', 1, 'qr', 'optional', 24, 720, 0, null,
      ${company}, null, ${at(0)}, ${at(0)})`.execute(db);
    for (const [id, second] of [
      [link, 2],
      [unlogged, 3],
    ] as const) {
      await sql`insert into links (id, company_id, verification_id, type, callback_url, external_user_id,
        external_user_id_source, adaptive_flow_requested, adaptive_flow, metadata, active, expires_at,
        consumed_at, created_at)
        values (${id}, ${company}, ${id.replace('4a', '4b')}, 'FULL FLOW', null, null, null, null, 0, '{}',
        1, '2026-01-02T00:00:00.000Z', null, ${at(second)})`.execute(db);
    }
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

    expect(await migrateToLatest(handle)).toEqual(['0004-link-created-on-link']);
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
      database: handle,
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
