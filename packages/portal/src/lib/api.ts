import type { ErrorResponse } from '@idv/contract';

/** Base of the portal's API (same origin; the session cookie is scoped to `/app`). */
export const API_BASE = '/app/api';

/** A failed API call: the status and the server's message (the spec's general error format). */
export class ApiFailure extends Error {
  override name = 'ApiFailure';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The server's message of a failed call (an `ApiFailure`), else `fallback` (the network, a bug). */
export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof ApiFailure ? error.message : fallback;

let csrfToken: string | undefined;

/** Remembers the session's CSRF token (from the session answer), sent on every change. */
export function useCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

/** Listeners told when a call answers 401 (the session ended): the app shows the sign-in. */
const signedOutListeners = new Set<() => void>();
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/**
 * Calls the portal API: JSON in and out (a `FormData` body goes as `multipart/form-data`, for
 * uploads), the CSRF token on changes, an `AbortSignal` (a `@lit/task` cancels the calls of a
 * screen that moved on). Throws `ApiFailure` for an error.
 */
export async function api<T>(
  path: string,
  options: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  const form = options.body instanceof FormData ? options.body : undefined;
  // The browser writes a FormData body's content type itself (with its boundary).
  if (options.body !== undefined && form === undefined)
    headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken !== undefined) headers['x-csrf-token'] = csrfToken;
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: form ?? (options.body === undefined ? null : JSON.stringify(options.body)),
    signal: options.signal ?? null,
  });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const body: unknown = text === '' ? undefined : JSON.parse(text);
  if (!response.ok) {
    if (response.status === 401 && !path.startsWith('/session'))
      for (const listener of signedOutListeners) listener();
    const message =
      (body as Partial<ErrorResponse> | undefined)?.message ??
      `request failed (${response.status})`;
    throw new ApiFailure(response.status, message);
  }
  return body as T;
}

/**
 * A conditional read (polling with ETag): sends `If-None-Match` with the last ETag; answers
 * `body: undefined` for a 304 (nothing changed), else the new body and its ETag.
 */
export async function pollPage<T>(
  path: string,
  etag: string | undefined,
  signal?: AbortSignal,
): Promise<{ body: T | undefined; etag: string | undefined }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (etag !== undefined) headers['if-none-match'] = etag;
  const response = await fetch(`${API_BASE}${path}`, {
    headers,
    credentials: 'same-origin',
    // The ETag is handled here: the HTTP cache must not answer a 304 with its stored copy.
    cache: 'no-store',
    signal: signal ?? null,
  });
  if (response.status === 304) return { body: undefined, etag };
  if (!response.ok) {
    if (response.status === 401) for (const listener of signedOutListeners) listener();
    const failure = (await response.json().catch(() => undefined)) as
      Partial<ErrorResponse> | undefined;
    throw new ApiFailure(
      response.status,
      failure?.message ?? `request failed (${response.status})`,
    );
  }
  return { body: (await response.json()) as T, etag: response.headers.get('etag') ?? undefined };
}
