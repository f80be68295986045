import type * as contract from '@idv/contract';
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { WebhookEndpointsTable } from '../db/schema.js';
import { isoAt } from '../lib/clock.js';
import { Errors } from '../lib/errors.js';
import { checkWebhookUrl } from '../lib/ssrf.js';
import type { ActivityLogService } from './activity-log.js';
import type { ServiceContext } from './context.js';

/** The webhook endpoint record (spec); it carries no secret. */
export type WebhookEndpointView = contract.WebhookEndpoint;

/** Most endpoints one company may register. */
export const MAX_WEBHOOK_ENDPOINTS = 25;

function view(
  row: Omit<Selectable<WebhookEndpointsTable>, 'failure_streak' | 'circuit_open_until'>,
): WebhookEndpointView {
  return {
    _id: row.id,
    userId: row.user_id,
    description: row.description,
    url: row.url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Caller context of a change: who, from where. */
interface Actor {
  companyId: string;
  userId: string;
  ip: string;
}

/** Webhook endpoint registrations, checked against SSRF. */
export class WebhookEndpointService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly activity: ActivityLogService,
  ) {}

  private async assertUsableUrl(url: string): Promise<void> {
    const refusal = await checkWebhookUrl(url, this.ctx.config.webhookAllowPrivate);
    if (refusal !== undefined) throw Errors.badRequest(refusal);
  }

  private async find(companyId: string, id: string): Promise<Selectable<WebhookEndpointsTable>> {
    const row = await this.ctx.database.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (row === undefined) throw Errors.notFound('webhook endpoint');
    return row;
  }

  async create(
    actor: Actor,
    input: { url: string; description?: string },
  ): Promise<WebhookEndpointView> {
    await this.assertUsableUrl(input.url);
    const db = this.ctx.database.db;
    const count = await db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('company_id', '=', actor.companyId)
      .executeTakeFirstOrThrow();
    if (Number(count.count) >= MAX_WEBHOOK_ENDPOINTS) {
      throw Errors.unprocessable(`at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints per account`);
    }
    const now = isoAt(this.ctx.clock.now());
    const row = {
      id: randomUUID(),
      company_id: actor.companyId,
      user_id: actor.userId,
      url: input.url,
      description: input.description ?? '',
      created_at: now,
      updated_at: now,
    };
    await db.insertInto('webhook_endpoints').values(row).execute();
    await this.activity.record({
      ...actor,
      action: 'webhook_endpoint.created',
      resource: 'webhook_endpoint',
      resourceId: row.id,
    });
    return view(row);
  }

  async list(companyId: string): Promise<WebhookEndpointView[]> {
    const rows = await this.ctx.database.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('company_id', '=', companyId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(view);
  }

  async get(companyId: string, id: string): Promise<WebhookEndpointView> {
    return view(await this.find(companyId, id));
  }

  async update(
    actor: Actor,
    id: string,
    input: { url?: string; description?: string },
  ): Promise<WebhookEndpointView> {
    const existing = await this.find(actor.companyId, id);
    if (input.url !== undefined) await this.assertUsableUrl(input.url);
    const changes = {
      url: input.url ?? existing.url,
      description: input.description ?? existing.description,
      updated_at: isoAt(this.ctx.clock.now()),
    };
    await this.ctx.database.db
      .updateTable('webhook_endpoints')
      .set(changes)
      .where('id', '=', id)
      .where('company_id', '=', actor.companyId)
      .execute();
    await this.activity.record({
      ...actor,
      action: 'webhook_endpoint.updated',
      resource: 'webhook_endpoint',
      resourceId: id,
    });
    return view({ ...existing, ...changes });
  }

  async delete(actor: Actor, id: string): Promise<{ _id: string; deleted: true }> {
    await this.find(actor.companyId, id);
    await this.ctx.database.db
      .deleteFrom('webhook_endpoints')
      .where('id', '=', id)
      .where('company_id', '=', actor.companyId)
      .execute();
    await this.activity.record({
      ...actor,
      action: 'webhook_endpoint.deleted',
      resource: 'webhook_endpoint',
      resourceId: id,
    });
    return { _id: id, deleted: true };
  }

  /** Every endpoint of a company, for delivery (URLs are checked again at send time). */
  async targets(companyId: string): Promise<{ id: string; url: string }[]> {
    return this.ctx.database.db
      .selectFrom('webhook_endpoints')
      .select(['id', 'url'])
      .where('company_id', '=', companyId)
      .execute();
  }
}
