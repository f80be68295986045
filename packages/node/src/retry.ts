/**
 * When and how long to wait before retrying a call: exponential backoff with jitter, and the
 * server's `Retry-After` when it sends one.
 *
 * @packageDocumentation
 */

/** Retry settings of a client. */
export interface RetryOptions {
  /**
   * Retries after the first attempt (default 4: five attempts in all, as the spec advises).
   * 0 turns retries off.
   */
  maxRetries?: number;
  /** First backoff wait, ms (default 1000); it doubles at each retry (1, 2, 4, 8 s). */
  baseDelayMs?: number;
  /** Longest backoff wait, ms (default 8000). */
  maxDelayMs?: number;
  /**
   * Longest `Retry-After` the client waits for, seconds (default 60). A longer one is not waited
   * for: the call throws at once, with `retryAfterSeconds` on the error.
   */
  maxRetryAfterSeconds?: number;
}

/** {@link RetryOptions} with every default applied. */
export type RetryPolicy = Required<RetryOptions>;

/** The defaults of {@link RetryOptions}. */
export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  const policy = {
    maxRetries: options.maxRetries ?? 4,
    baseDelayMs: options.baseDelayMs ?? 1000,
    maxDelayMs: options.maxDelayMs ?? 8000,
    maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? 60,
  };
  for (const [key, value] of Object.entries(policy)) {
    if (!Number.isFinite(value) || value < 0)
      throw new TypeError(`retry.${key} must be a number ≥ 0`);
  }
  return policy;
}

/** Statuses worth retrying (idempotent calls only): rate limit and server faults. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599 && status !== 501);
}

/**
 * The wait before retry number `retry` (0 for the first retry): "equal jitter", a random wait
 * between half and all of `min(maxDelayMs, baseDelayMs · 2^retry)`, so that clients refused
 * together do not come back together.
 */
export function backoffDelayMs(
  policy: RetryPolicy,
  retry: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * Seconds of a `Retry-After` header (RFC 9110: delay-seconds or an HTTP date), undefined when
 * absent or unreadable.
 */
export function parseRetryAfter(
  value: string | null,
  nowMs: number = Date.now(),
): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/** Resolves after `ms`, or rejects when `signal` aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
