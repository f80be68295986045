import { randomUUID } from 'node:crypto';
import type { WebhookTestEvent } from '@idv/contract';
import { isoAt } from '../lib/clock.js';
import { Errors } from '../lib/errors.js';
import type { AppServices } from '../services/index.js';
import type { Executor } from '../services/context.js';

/** The type of the event "send a test event" delivers (the contract's `WebhookTestEvent`). */
export const TEST_EVENT_TYPE: WebhookTestEvent['type'] = 'webhook.test';

/** Who asks for a send, and from where (the activity log). */
export interface SendActor {
  companyId: string;
  userId: string;
  ip: string;
}

/** A delivery just queued: the worker signs and sends it like any other. */
export interface QueuedDelivery {
  deliveryId: string;
  eventId: string;
}

/**
 * The Developers screen's sends through the webhook outbox: a signed test event to one endpoint,
 * and the resend of a finished delivery. Both only queue a `pending` delivery (with the
 * PostgreSQL notification the outbox uses) and wake the local worker; signing, the three
 * attempts, the circuit and the attempt log are the delivery worker's, as for a verification
 * event. A resend is a new delivery of the same event: the same body and the same `webhook-id`
 * header, so a receiver that deduplicates on it sees the same event again.
 */
export class WebhookSends {
  constructor(private readonly services: AppServices) {}

  /** Queues a test event to one of the company's endpoints; 404 for any other. */
  async sendTest(actor: SendActor, endpointId: string): Promise<QueuedDelivery> {
    const queued = await this.services.context.database.writeTransaction(async (trx) => {
      await this.assertEndpoint(trx, actor.companyId, endpointId);
      const eventId = randomUUID();
      // Not a verification: a fresh id keeps its delivery out of every verification's ordering.
      const subjectId = randomUUID();
      const payload: WebhookTestEvent = {
        type: TEST_EVENT_TYPE,
        data: {
          _endpointId: endpointId,
          message: 'A test event sent from the IDV portal; no verification is involved.',
        },
      };
      const at = isoAt(this.services.context.clock.now());
      await trx
        .insertInto('webhook_events')
        .values({
          id: eventId,
          company_id: actor.companyId,
          verification_id: subjectId,
          type: TEST_EVENT_TYPE,
          payload: JSON.stringify(payload),
          created_at: at,
        })
        .execute();
      const deliveryId = await this.queue(trx, actor.companyId, endpointId, eventId, subjectId);
      await this.services.activity.record(
        {
          ...actor,
          action: 'webhook_endpoint.test_sent',
          resource: 'webhook-endpoint',
          resourceId: endpointId,
        },
        trx,
      );
      return { deliveryId, eventId };
    });
    this.services.deliveryWorker.wake();
    return queued;
  }

  /**
   * Queues the event of a finished delivery again to the same endpoint; 404 for a delivery that
   * is not the company's or not the endpoint's, 409 while the delivery is still pending.
   */
  async resend(actor: SendActor, endpointId: string, deliveryId: string): Promise<QueuedDelivery> {
    const queued = await this.services.context.database.writeTransaction(async (trx) => {
      await this.assertEndpoint(trx, actor.companyId, endpointId);
      const delivery = await trx
        .selectFrom('webhook_deliveries')
        .select(['event_id', 'verification_id', 'status'])
        .where('id', '=', deliveryId)
        .where('endpoint_id', '=', endpointId)
        .where('company_id', '=', actor.companyId)
        .executeTakeFirst();
      if (delivery === undefined) throw Errors.notFound('webhook delivery');
      if (delivery.status === 'pending')
        throw Errors.conflict('this delivery is still being attempted');
      const id = await this.queue(
        trx,
        actor.companyId,
        endpointId,
        delivery.event_id,
        delivery.verification_id,
      );
      await this.services.activity.record(
        {
          ...actor,
          action: 'webhook_delivery.resent',
          resource: 'webhook-delivery',
          resourceId: deliveryId,
        },
        trx,
      );
      return { deliveryId: id, eventId: delivery.event_id };
    });
    this.services.deliveryWorker.wake();
    return queued;
  }

  private async assertEndpoint(trx: Executor, companyId: string, endpointId: string) {
    const endpoint = await trx
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('id', '=', endpointId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (endpoint === undefined) throw Errors.notFound('webhook endpoint');
  }

  /** Inserts a pending delivery, due at once, and tells every process's worker at the commit. */
  private async queue(
    trx: Executor,
    companyId: string,
    endpointId: string,
    eventId: string,
    verificationId: string,
  ): Promise<string> {
    const id = randomUUID();
    const at = isoAt(this.services.context.clock.now());
    await trx
      .insertInto('webhook_deliveries')
      .values({
        id,
        event_id: eventId,
        endpoint_id: endpointId,
        company_id: companyId,
        verification_id: verificationId,
        status: 'pending',
        attempts: 0,
        next_attempt_at: 0,
        lease_until: null,
        lease_owner: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await this.services.context.database.notify(trx, 'webhooks');
    return id;
  }
}
