import type { CallOptions, Transport } from '../http.js';
import { paginate, pageSizeOf, type PageOptions } from '../paging.js';
import type { CreatedLink, LinkRecord, NewLinkBody } from '../wire-types.js';

/** `/links`: single-use verification links. */
export class Links {
  constructor(private readonly http: Transport) {}

  /**
   * Creates a link (`POST /links`); consumes one verification of the monthly quota
   * (`IdvQuotaError` when it is used up). Never retried on a 429 or 5xx: a retry could create a
   * second link.
   *
   * @example
   * ```ts
   * const { linkUrl, verificationId } = await idv.links.create({
   *   type: 'FULL FLOW',
   *   externalUserId: user.id,
   *   metadata: { orderId: 'A-1001' },
   * });
   * ```
   */
  create(body: NewLinkBody, options: CallOptions = {}): Promise<CreatedLink> {
    return this.http.request({
      method: 'POST',
      path: '/links',
      json: body,
      auth: 'bearer',
      idempotent: false,
      consumesQuota: true,
      ...options,
    });
  }

  /** Reads one link (`GET /links/{id}`). */
  get(linkId: string, options: CallOptions = {}): Promise<LinkRecord> {
    return this.http.request({
      method: 'GET',
      path: `/links/${encodeURIComponent(linkId)}`,
      auth: 'bearer',
      idempotent: true,
      ...options,
    });
  }

  /** One page of links, newest first (`GET /links?page&size`). */
  listPage(page = 1, options: CallOptions & { pageSize?: number } = {}): Promise<LinkRecord[]> {
    return this.http.request({
      method: 'GET',
      path: '/links',
      query: { page, size: pageSizeOf(options) },
      auth: 'bearer',
      idempotent: true,
      signal: options.signal,
    });
  }

  /**
   * Every link, newest first, fetched a page at a time.
   *
   * @example
   * ```ts
   * for await (const link of idv.links.list()) if (link.active) console.log(link._id);
   * ```
   */
  list(options: PageOptions = {}): AsyncGenerator<LinkRecord, void, undefined> {
    return paginate(
      async (page, pageSize, signal) => ({
        items: await this.listPage(page, { pageSize, signal }),
      }),
      options,
    );
  }
}
