/** The account holder's read of webhook deliveries and their attempts. */
import type * as contract from '@idv/contract';
import { Errors } from '../../lib/errors.js';
import type { PageRequest } from '../../lib/paging.js';
import type { Executor, ServiceContext } from '../context.js';

/** One attempt as the holder reads it. */
export type AttemptView = contract.WebhookDelivery['attempts'][number];

/** One delivery (one event to one endpoint) as `GET /webhook-endpoints/{id}/deliveries` answers it. */
export type DeliveryView = contract.WebhookDelivery;

/** `{total, page, size, data}` of the deliveries list. */
export type DeliveryPage = contract.WebhookDeliveryPage;

/**
 * The attempts of each of `deliveryIds`, oldest first, keyed by delivery (a delivery not yet
 * attempted has no key). One read for every delivery of a page: the deliveries list shows them
 * all, the portal's verification review the last of each.
 */
export async function deliveryAttempts(
  db: Executor,
  deliveryIds: readonly string[],
): Promise<Map<string, AttemptView[]>> {
  const byDelivery = new Map<string, AttemptView[]>();
  if (deliveryIds.length === 0) return byDelivery;
  const attempts = await db
    .selectFrom('webhook_attempts')
    .select([
      'delivery_id',
      'attempt',
      'started_at',
      'duration_ms',
      'status_code',
      'error',
      'success',
    ])
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('attempt')
    .execute();
  for (const attempt of attempts) {
    const list = byDelivery.get(attempt.delivery_id) ?? [];
    list.push({
      attempt: attempt.attempt,
      startedAt: attempt.started_at,
      durationMs: attempt.duration_ms,
      statusCode: attempt.status_code,
      error: attempt.error,
      success: attempt.success === 1,
    });
    byDelivery.set(attempt.delivery_id, list);
  }
  return byDelivery;
}

/**
 * `GET /webhook-endpoints/{id}/deliveries`: the holder's read of an endpoint's deliveries with
 * their attempts, newest first; 404 for another company's endpoint.
 */
export async function readDeliveryPage(
  ctx: ServiceContext,
  companyId: string,
  endpointId: string,
  page: PageRequest,
): Promise<DeliveryPage> {
  const db = ctx.database.db;
  const endpoint = await db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('id', '=', endpointId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (endpoint === undefined) throw Errors.notFound('webhook endpoint');
  const [count, rows] = await Promise.all([
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('endpoint_id', '=', endpointId)
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
      .select([
        'webhook_deliveries.id',
        'webhook_deliveries.seq',
        'webhook_deliveries.event_id',
        'webhook_deliveries.verification_id',
        'webhook_deliveries.status',
        'webhook_deliveries.created_at',
        'webhook_deliveries.updated_at',
        'webhook_events.type',
        'webhook_events.payload',
      ])
      .where('webhook_deliveries.endpoint_id', '=', endpointId)
      .where('webhook_deliveries.company_id', '=', companyId)
      .orderBy('webhook_deliveries.seq', 'desc')
      .limit(page.size)
      .offset(page.offset)
      .execute(),
  ]);
  const byDelivery = await deliveryAttempts(
    db,
    rows.map((row) => row.id),
  );
  return {
    total: Number(count.total),
    page: page.page,
    size: page.size,
    data: rows.map((row) => ({
      _id: row.id,
      endpointId,
      eventId: row.event_id,
      type: row.type,
      verificationId: row.verification_id,
      status: row.status,
      attempts: byDelivery.get(row.id) ?? [],
      payload: JSON.parse(row.payload) as unknown,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    })),
  };
}
