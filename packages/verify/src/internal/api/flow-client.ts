/**
 * The element's client of the flow API (DESIGN §5) and of the spec's public endpoints. Follows the
 * spec's client guidance: 429 is retried after its `Retry-After` (capped at a minute) and 500/503
 * with exponential backoff (1, 2, 4, 8 s), at most 5 attempts in all; other errors are thrown as
 * `FlowApiError`. Uploads are retried on 429 only (the server refused them before reading them);
 * a 503 of an upload (analysis unavailable, no attempt consumed) goes back to the person.
 */
import { FlowApiError } from './flow-api-error.js';
import type {
  CaptureKind,
  CaptureResult,
  CreatedFlowSession,
  DocumentCaptureMeta,
  DocumentType,
  FingerprintAnswer,
  FlowSession,
  GeolocationReport,
  HandoffTicket,
  IdentifyResult,
  SelfieCaptureMeta,
  StatusPollResult,
} from '../../api/types.js';

/** Options of `FlowClient`. */
export interface FlowClientOptions {
  /** Base address ending in `/api/v1`. */
  apiBase: string;
  /** Backoff waits in milliseconds between attempts (default 1000, 2000, 4000, 8000). */
  backoffMs?: number[];
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
  /**
   * Told when a request waits before it is sent again after a 429 (`waitMs`), and with `null` once
   * that request is over: the element shows the wait.
   */
  onRateLimitWait?: (waitMs: number | null) => void;
}

const retriable = new Set([429, 500, 503]);
/** Longest wait a `Retry-After` may impose (ms): the server's rate-limit window. */
const maxRetryAfterMs = 60_000;

/** Talks to the verification service for one device session. */
export class FlowClient {
  /** The device's session token once a session is open. */
  sessionToken: string | undefined;
  private readonly apiBase: string;
  private readonly backoffMs: number[];
  private readonly fetchImpl: typeof fetch;
  private readonly onRateLimitWait: ((waitMs: number | null) => void) | undefined;

  constructor(options: FlowClientOptions) {
    this.apiBase = options.apiBase.replace(/\/+$/, '');
    this.backoffMs = options.backoffMs ?? [1000, 2000, 4000, 8000];
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.onRateLimitWait = options.onRateLimitWait;
  }

  /** Opens (or, with a hand-off token, takes over) the session of a link. */
  async openSession(linkId: string, handoffToken?: string): Promise<CreatedFlowSession> {
    const session = await this.request<CreatedFlowSession>('POST', '/flow/sessions', {
      json: handoffToken ? { linkId, handoffToken } : { linkId },
      authorized: false,
    });
    this.sessionToken = session.sessionToken;
    return session;
  }

  /** Reads the current session (resume after a reload). */
  getSession(): Promise<FlowSession> {
    return this.request<FlowSession>('GET', '/flow/session');
  }

  /** Records the acceptance of the terms. */
  acceptTerms(): Promise<FlowSession> {
    return this.request<FlowSession>('POST', '/flow/terms', { json: { accepted: true } });
  }

  /** Records the document the person shows (`POST /flow/document-type`), before the first capture. */
  chooseDocumentType(documentType: DocumentType): Promise<FlowSession> {
    return this.request<FlowSession>('POST', '/flow/document-type', { json: { documentType } });
  }

  /** Asks for a one-time hand-off URL to continue on another device. */
  createHandoff(): Promise<HandoffTicket> {
    return this.request<HandoffTicket>('POST', '/flow/handoff');
  }

  /** Uploads one side of the document. */
  uploadDocument(
    kind: Exclude<CaptureKind, 'selfie'>,
    image: Blob,
    meta: DocumentCaptureMeta,
  ): Promise<CaptureResult> {
    const form = new FormData();
    form.append('image', image, `${kind}.${extensionOf(image.type)}`);
    form.append('meta', JSON.stringify(meta));
    return this.request<CaptureResult>('POST', `/flow/captures/${kind}`, {
      form,
      retry: 'rate-limit',
    });
  }

  /** Uploads 1–5 selfie frames with the liveness signals. */
  uploadSelfie(frames: Blob[], meta: SelfieCaptureMeta): Promise<CaptureResult> {
    const form = new FormData();
    frames.forEach((frame, index) => form.append('frames', frame, `selfie-${index}.jpg`));
    form.append('meta', JSON.stringify(meta));
    return this.request<CaptureResult>('POST', '/flow/captures/selfie', {
      form,
      retry: 'rate-limit',
    });
  }

  /**
   * Forwards the fingerprint service's raw answer, unchanged. Signals only: a 503 (the server has
   * no fingerprint service) is not waited out.
   */
  async forwardFingerprint(answer: FingerprintAnswer): Promise<void> {
    await this.request<void>('POST', '/flow/fingerprint', { raw: answer.raw, retry: 'rate-limit' });
  }

  /** Public status poll (`include=operationGuid`). */
  pollStatus(verificationId: string, linkId: string): Promise<StatusPollResult> {
    const query = new URLSearchParams({ linkId, include: 'operationGuid' });
    return this.request<StatusPollResult>(
      'GET',
      `/verifications/${encodeURIComponent(verificationId)}/status?${query}`,
      { authorized: false },
    );
  }

  /** `PATCH /verifications`: reports the location. */
  reportGeolocation(verificationId: string, geolocation: GeolocationReport): Promise<unknown> {
    return this.request('PATCH', '/verifications', {
      json: { verificationId, geolocation },
      authorized: false,
    });
  }

  /** `PATCH /verifications/error`: reports a client-side error. */
  reportError(verificationId: string, errorCode: string, errorMessage: string): Promise<unknown> {
    return this.request('PATCH', '/verifications/error', {
      json: { verificationId, errorCode, errorMessage },
      authorized: false,
    });
  }

  /** `PATCH /verifications/identify`: identifies the person of an adaptive link by e-mail. */
  identify(verificationId: string, email: string): Promise<IdentifyResult> {
    return this.request<IdentifyResult>('PATCH', '/verifications/identify', {
      json: { verificationId, email },
      authorized: false,
    });
  }

  private async request<T>(
    method: string,
    path: string,
    options: {
      json?: unknown;
      form?: FormData;
      raw?: string;
      authorized?: boolean;
      /** Which answers are retried: all retriable ones (default), 429 only, or none. */
      retry?: boolean | 'rate-limit';
    } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.raw !== undefined) {
      headers['content-type'] = 'application/json';
      body = options.raw;
    } else if (options.form) {
      body = options.form;
    }
    if (options.authorized !== false && this.sessionToken)
      headers['x-flow-session'] = this.sessionToken;

    const retry = options.retry ?? true;
    const attempts = retry === false ? 1 : this.backoffMs.length + 1;
    let waited = false;
    try {
      for (let attempt = 0; ; attempt += 1) {
        const last = attempt + 1 >= attempts;
        let response: Response;
        try {
          response = await this.fetchImpl(`${this.apiBase}${path}`, {
            method,
            headers,
            body,
            credentials: 'omit',
          });
        } catch (error) {
          if (retry === true && !last) {
            await sleep(this.backoffMs[attempt] ?? 0);
            continue;
          }
          throw new FlowApiError(0, error instanceof Error ? error.message : 'Network error');
        }
        if (response.status === 429 && !last) {
          const waitMs = retryAfterMs(response) ?? this.backoffMs[attempt] ?? 0;
          waited = true;
          this.onRateLimitWait?.(waitMs);
          await sleep(waitMs);
          continue;
        }
        if (retry === true && retriable.has(response.status) && !last) {
          await sleep(this.backoffMs[attempt] ?? 0);
          continue;
        }
        return await this.read<T>(response);
      }
    } finally {
      if (waited) this.onRateLimitWait?.(null);
    }
  }

  /** The parsed answer, or a `FlowApiError` for an error status. */
  private async read<T>(response: Response): Promise<T> {
    const text = await response.text();
    const parsed: unknown = text ? safeJson(text) : undefined;
    if (!response.ok) {
      throw new FlowApiError(
        response.status,
        errorMessageOf(parsed) ?? `HTTP ${response.status}`,
        parsed,
      );
    }
    return parsed as T;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorMessageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object') {
    const { message, description } = body as { message?: unknown; description?: unknown };
    if (typeof message === 'string') return message;
    if (typeof description === 'string') return description;
  }
  return undefined;
}

/** The wait a `Retry-After` asks for (seconds: the server's form), capped at a minute. */
function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after') || NaN);
  return seconds >= 0 ? Math.min(seconds * 1000, maxRetryAfterMs) : undefined;
}

function extensionOf(type: string): string {
  if (type === 'image/png') return 'png';
  if (type === 'image/webp') return 'webp';
  return 'jpg';
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
