import type { CallOptions, Transport } from '../http.js';
import type { AnalysisService, CloudKey, CloudKeyWithSecret, Deleted } from '../wire-types.js';

/** `/cloud-services/keys`: self-service keys of the analysis APIs (Premium and Pro). */
export class CloudKeys {
  constructor(private readonly http: Transport) {}

  private path(keyId?: string, action = ''): string {
    return `/cloud-services/keys${keyId === undefined ? '' : `/${encodeURIComponent(keyId)}`}${action}`;
  }

  /** Every key with its usage (`GET /cloud-services/keys`). */
  list(options: CallOptions = {}): Promise<CloudKey[]> {
    return this.http.request({
      method: 'GET',
      path: this.path(),
      auth: 'bearer',
      idempotent: true,
      ...options,
    });
  }

  /**
   * Creates a key (`POST /cloud-services/keys`): at most 5 per service (422 beyond). The secret
   * is in this answer only. Not retried on a 429 or 5xx.
   */
  create(
    body: { service: AnalysisService; name?: string },
    options: CallOptions = {},
  ): Promise<CloudKeyWithSecret> {
    return this.http.request({
      method: 'POST',
      path: this.path(),
      json: body,
      auth: 'bearer',
      idempotent: false,
      ...options,
    });
  }

  /** One key and its usage (`GET /cloud-services/keys/{id}`). */
  get(keyId: string, options: CallOptions = {}): Promise<CloudKey> {
    return this.http.request({
      method: 'GET',
      path: this.path(keyId),
      auth: 'bearer',
      idempotent: true,
      ...options,
    });
  }

  /**
   * Rotates a key (`POST /cloud-services/keys/{id}/rotate`): the new secret is in this answer
   * only, the old one stops working. Not retried on a 429 or 5xx.
   */
  rotate(keyId: string, options: CallOptions = {}): Promise<CloudKeyWithSecret> {
    return this.http.request({
      method: 'POST',
      path: this.path(keyId, '/rotate'),
      auth: 'bearer',
      idempotent: false,
      ...options,
    });
  }

  /** Pauses (`true`) or resumes (`false`) a key (`PATCH /cloud-services/keys/{id}`). */
  setPaused(keyId: string, paused: boolean, options: CallOptions = {}): Promise<CloudKey> {
    return this.http.request({
      method: 'PATCH',
      path: this.path(keyId),
      json: { paused },
      auth: 'bearer',
      idempotent: true,
      ...options,
    });
  }

  /** Revokes a key (`DELETE /cloud-services/keys/{id}`). */
  revoke(keyId: string, options: CallOptions = {}): Promise<Deleted> {
    return this.http.request({
      method: 'DELETE',
      path: this.path(keyId),
      auth: 'bearer',
      idempotent: true,
      ...options,
    });
  }
}
