import type { CallOptions, Transport } from '../http.js';
import { paginate, pageSizeOf, type PageOptions } from '../paging.js';
import type {
  Deleted,
  NewWebhookEndpointBody,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointPatchBody,
} from '../wire-types.js';

/** `/webhook-endpoints`: the URLs that receive signed events, and their deliveries. */
export class WebhookEndpoints {
  constructor(private readonly http: Transport) {}

  /**
   * Registers an endpoint (`POST /webhook-endpoints`): exactly `url` and an optional
   * `description`. Every endpoint of the account receives every event, signed with the account's
   * `webhookSecret` (`users.me()`). Not retried on a 429 or 5xx (a retry could register it twice).
   */
  create(body: NewWebhookEndpointBody, options: CallOptions = {}): Promise<WebhookEndpoint> {
    return this.http.request({
      method: 'POST',
      path: '/webhook-endpoints',
      json: body,
      auth: 'bearer',
      idempotent: false,
      ...options,
    });
  }

  /** Every endpoint (`GET /webhook-endpoints`). */
  list(options: CallOptions = {}): Promise<WebhookEndpoint[]> {
    return this.http.request({
      method: 'GET',
      path: '/webhook-endpoints',
      auth: 'bearer',
      idempotent: true,
      ...options,
    });
  }

  /** One endpoint (`GET /webhook-endpoints/{id}`). */
  get(endpointId: string, options: CallOptions = {}): Promise<WebhookEndpoint> {
    return this.http.request({
      method: 'GET',
      path: `/webhook-endpoints/${encodeURIComponent(endpointId)}`,
      auth: 'bearer',
      idempotent: true,
      ...options,
    });
  }

  /** Changes `url` and/or `description` (`PATCH /webhook-endpoints/{id}`). */
  update(
    endpointId: string,
    body: WebhookEndpointPatchBody,
    options: CallOptions = {},
  ): Promise<WebhookEndpoint> {
    return this.http.request({
      method: 'PATCH',
      path: `/webhook-endpoints/${encodeURIComponent(endpointId)}`,
      json: body,
      auth: 'bearer',
      // Setting the same fields twice leaves the same record.
      idempotent: true,
      ...options,
    });
  }

  /** Deletes an endpoint (`DELETE /webhook-endpoints/{id}`). */
  delete(endpointId: string, options: CallOptions = {}): Promise<Deleted> {
    return this.http.request({
      method: 'DELETE',
      path: `/webhook-endpoints/${encodeURIComponent(endpointId)}`,
      auth: 'bearer',
      idempotent: true,
      ...options,
    });
  }

  /** One page of an endpoint's deliveries, newest first (`GET /webhook-endpoints/{id}/deliveries`). */
  deliveriesPage(
    endpointId: string,
    page = 1,
    options: CallOptions & { pageSize?: number } = {},
  ): Promise<WebhookDeliveryPage> {
    return this.http.request({
      method: 'GET',
      path: `/webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries`,
      query: { page, size: pageSizeOf(options) },
      auth: 'bearer',
      idempotent: true,
      signal: options.signal,
    });
  }

  /**
   * Every delivery to an endpoint, newest first, with each attempt (time, duration, status code
   * or error): `pending`, `succeeded` or `failed` (dropped after three attempts).
   */
  deliveries(
    endpointId: string,
    options: PageOptions = {},
  ): AsyncGenerator<WebhookDelivery, void, undefined> {
    return paginate(async (page, pageSize, signal) => {
      const answer = await this.deliveriesPage(endpointId, page, { pageSize, signal });
      return { items: answer.data, total: answer.total };
    }, options);
  }
}
