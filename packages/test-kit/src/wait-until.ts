/**
 * Waiting for something recorded by a listener (an element event, a webhook delivery): checked at
 * once, then again each time the recorder wakes its waiters, until found or timed out.
 */

/** The waiters a recorder wakes whenever it records something. */
export type Waiters = Set<() => void>;

/**
 * Resolves with the first defined answer of `find`, checked now and whenever `waiters` are woken;
 * rejects after `timeoutMs` with `failure()` as the message (what was recorded instead).
 */
export function waitUntil<T>(
  waiters: Waiters,
  find: () => T | undefined,
  timeoutMs: number,
  failure: () => string,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = find();
      if (found === undefined) return;
      cleanup();
      resolve(found);
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(failure()));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      waiters.delete(check);
    };
    waiters.add(check);
    check();
  });
}
