import type { CallOptions, Transport } from '../http.js';
import { paginate, pageSizeOf, type PageOptions } from '../paging.js';
import type {
  FeedbackBody,
  FeedbackReason,
  FeedbackView,
  ImageInfo,
  RelatedVerification,
  StatusWithOperation,
  VerificationPage,
  VerificationRecord,
  VerificationStatus,
} from '../wire-types.js';

/** `/verifications`: results, images and manual feedback. */
export class Verifications {
  constructor(private readonly http: Transport) {}

  private read<T>(path: string, options: CallOptions, responseType?: 'bytes'): Promise<T> {
    return this.http.request({
      method: 'GET',
      path,
      auth: 'bearer',
      idempotent: true,
      ...(responseType ? { responseType } : {}),
      ...options,
    });
  }

  /**
   * Reads one verification (`GET /verifications/{id}`). Past `expiresAt` the API answers 410
   * (an `IdvApiError` with `status` 410).
   */
  get(verificationId: string, options: CallOptions = {}): Promise<VerificationRecord> {
    return this.read(`/verifications/${encodeURIComponent(verificationId)}`, options);
  }

  /** The last 100 verifications still readable, newest first (`GET /verifications`). */
  latest(options: CallOptions = {}): Promise<VerificationPage> {
    return this.read('/verifications', options);
  }

  /** Verifications created in the last hour (`GET /verifications/last-hour`; at most 100 in `data`). */
  lastHour(options: CallOptions = {}): Promise<VerificationPage> {
    return this.read('/verifications/last-hour', options);
  }

  /** One page (`GET /verifications/{size}/{page}`), `page` from 1, `pageSize` 1–100. */
  listPage(page = 1, options: CallOptions & { pageSize?: number } = {}): Promise<VerificationPage> {
    const size = pageSizeOf(options);
    return this.read(`/verifications/${size}/${page}`, { signal: options.signal });
  }

  /**
   * Every readable verification, newest first, a page at a time.
   *
   * @example
   * ```ts
   * for await (const v of idv.verifications.list()) {
   *   if (v.status === 'success') console.log(v._id, v.data.firstNames);
   * }
   * ```
   */
  list(options: PageOptions = {}): AsyncGenerator<VerificationRecord, void, undefined> {
    return paginate(async (page, pageSize, signal) => {
      const answer = await this.listPage(page, { pageSize, signal });
      return { items: answer.data, total: answer.total };
    }, options);
  }

  /**
   * Other verifications of the same company and `externalUserId`, newest first
   * (`GET /verifications/{id}/related`); empty when the link had no `externalUserId`.
   */
  related(verificationId: string, options: CallOptions = {}): Promise<RelatedVerification[]> {
    return this.read(`/verifications/${encodeURIComponent(verificationId)}/related`, options);
  }

  /** The images of a verification (`GET /verifications/{id}/images`). */
  images(verificationId: string, options: CallOptions = {}): Promise<ImageInfo[]> {
    return this.read(`/verifications/${encodeURIComponent(verificationId)}/images`, options);
  }

  /**
   * The bytes of one image (`GET /verifications/images/{id}`, JPEG). Ids come from
   * `images.addFront`, `images.addBack`, `images.register` of the record or from
   * {@link Verifications.images}. 404 past `expiresAt`.
   */
  image(imageId: string, options: CallOptions = {}): Promise<Uint8Array> {
    return this.read(`/verifications/images/${encodeURIComponent(imageId)}`, options, 'bytes');
  }

  /**
   * Overrides the automated result (`POST /verifications/feedback`). Not retried on a 429 or
   * 5xx (each call records one feedback).
   */
  feedback(body: FeedbackBody, options: CallOptions = {}): Promise<FeedbackView> {
    return this.http.request({
      method: 'POST',
      path: '/verifications/feedback',
      json: body,
      auth: 'bearer',
      idempotent: false,
      ...options,
    });
  }

  /** The reasons `feedback` accepts (`GET /verification-feedback/reasons`). */
  feedbackReasons(options: CallOptions = {}): Promise<FeedbackReason[]> {
    return this.read('/verification-feedback/reasons', options);
  }

  /**
   * The public status poll (`GET /verifications/{id}/status?linkId=…`, no token): the status
   * alone, or with `includeOperation` the status, `operationGuid` and `method`. Handy to reconcile
   * after a missed webhook.
   */
  status(
    verificationId: string,
    linkId: string,
    options?: CallOptions & { includeOperation?: false },
  ): Promise<VerificationStatus>;
  status(
    verificationId: string,
    linkId: string,
    options: CallOptions & { includeOperation: true },
  ): Promise<StatusWithOperation>;
  status(
    verificationId: string,
    linkId: string,
    options: CallOptions & { includeOperation?: boolean } = {},
  ): Promise<VerificationStatus | StatusWithOperation> {
    return this.http.request({
      method: 'GET',
      path: `/verifications/${encodeURIComponent(verificationId)}/status`,
      query: { linkId, include: options.includeOperation ? 'operationGuid' : undefined },
      auth: 'none',
      idempotent: true,
      signal: options.signal,
    });
  }
}
