import type { CallOptions, Transport } from '../http.js';
import { paginate, pageSizeOf, type PageOptions } from '../paging.js';
import type {
  ActivityEntry,
  ActivityPage,
  CompanyPatchBody,
  CompanyView,
  UsageStats,
  UserView,
} from '../wire-types.js';

/** A logo to upload: its bytes and media type (JPEG, PNG or WebP, at most 2 MB). */
export interface LogoUpload {
  bytes: Uint8Array | ArrayBuffer | Blob;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  /** File name sent with the part (default `logo`). */
  filename?: string;
}

/** `/users/me…`: the account, its company settings, usage and activity. */
export class Users {
  constructor(private readonly http: Transport) {}

  private read<T>(path: string, options: CallOptions): Promise<T> {
    return this.http.request({ method: 'GET', path, auth: 'bearer', idempotent: true, ...options });
  }

  /** The account with its credentials (`GET /users/me`): keep them in a backend secret store. */
  me(options: CallOptions = {}): Promise<UserView> {
    return this.read('/users/me', options);
  }

  /** Company settings (`GET /users/me/company`). */
  company(options: CallOptions = {}): Promise<CompanyView> {
    return this.read('/users/me/company', options);
  }

  /**
   * Updates company settings (`PATCH /users/me/company`); windows are in hours, capped by the plan.
   * `gateRules` is never accepted.
   */
  updateCompany(body: CompanyPatchBody, options: CallOptions = {}): Promise<CompanyView> {
    return this.http.request({
      method: 'PATCH',
      path: '/users/me/company',
      json: body,
      auth: 'bearer',
      // Setting the same values twice leaves the same settings.
      idempotent: true,
      ...options,
    });
  }

  /** Uploads the company logo (`POST /users/me/company/logo`, multipart); answers the company. */
  uploadLogo(logo: LogoUpload, options: CallOptions = {}): Promise<CompanyView> {
    const form = new FormData();
    const blob =
      logo.bytes instanceof Blob
        ? logo.bytes
        : new Blob([logo.bytes as BlobPart], { type: logo.contentType });
    form.set('logo', blob, logo.filename ?? 'logo');
    return this.http.request({
      method: 'POST',
      path: '/users/me/company/logo',
      multipart: form,
      auth: 'bearer',
      // Uploading the same logo again stores the same logo.
      idempotent: true,
      ...options,
    });
  }

  /**
   * Rotates the webhook signing secret (`PATCH /users/me/webhook-secret`); the new one signs every
   * delivery from now on. Not retried on a 429 or 5xx: a retry would rotate it again.
   */
  rotateWebhookSecret(options: CallOptions = {}): Promise<{ webhookSecret: string }> {
    return this.http.request({
      method: 'PATCH',
      path: '/users/me/webhook-secret',
      auth: 'bearer',
      idempotent: false,
      ...options,
    });
  }

  /**
   * Rotates the client secret (`POST /users/me/client-secret`); the old secret and every token of
   * the client stop working at once. This client switches to the new secret by itself; store the
   * answered secret for your next process. Not retried on a 429 or 5xx.
   */
  async rotateClientSecret(
    options: CallOptions = {},
  ): Promise<{ clientId: string; clientSecret: string }> {
    const rotated = await this.http.request<{ clientId: string; clientSecret: string }>({
      method: 'POST',
      path: '/users/me/client-secret',
      auth: 'bearer',
      idempotent: false,
      ...options,
    });
    this.http.setCredentials(rotated);
    return rotated;
  }

  /** Usage of the current calendar month, UTC (`GET /users/me/stats`). */
  stats(options: CallOptions = {}): Promise<UsageStats> {
    return this.read('/users/me/stats', options);
  }

  /** One page of the activity log, newest first (`GET /users/me/logs?page&size`). */
  logsPage(page = 1, options: CallOptions & { pageSize?: number } = {}): Promise<ActivityPage> {
    return this.http.request({
      method: 'GET',
      path: '/users/me/logs',
      query: { page, size: pageSizeOf(options) },
      auth: 'bearer',
      idempotent: true,
      signal: options.signal,
    });
  }

  /** The whole activity log, newest first, a page at a time. */
  logs(options: PageOptions = {}): AsyncGenerator<ActivityEntry, void, undefined> {
    return paginate(async (page, pageSize, signal) => {
      const answer = await this.logsPage(page, { pageSize, signal });
      return { items: answer.data, total: answer.total };
    }, options);
  }
}
