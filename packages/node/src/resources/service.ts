import type { CallOptions, Transport } from '../http.js';
import type { ContactRequest, HealthStatus } from '../wire-types.js';

/** `/service/contact-request` and `/health/status`. */
export class Service {
  constructor(private readonly http: Transport) {}

  /**
   * Asks sales to get in touch (`POST /service/contact-request`). Idempotent per company (the
   * spec: a repeat answers the existing request), so it is retried like a read, including after
   * its rate limit (5 a minute per company) answers 429 with `Retry-After`.
   */
  contactRequest(
    body: { message?: string; phone?: string } = {},
    options: CallOptions = {},
  ): Promise<ContactRequest> {
    return this.http.request({
      method: 'POST',
      path: '/service/contact-request',
      json: body,
      auth: 'bearer',
      idempotent: true,
      ...options,
    });
  }

  /** `GET /health/status` (no token): 200 while the service and its database answer. */
  health(options: CallOptions = {}): Promise<HealthStatus> {
    return this.http.request({
      method: 'GET',
      path: '/health/status',
      auth: 'none',
      idempotent: true,
      ...options,
    });
  }
}
