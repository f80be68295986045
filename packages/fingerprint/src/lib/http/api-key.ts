import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Constant-time comparison of a presented API key with the configured one: both are hashed to
 * fixed-length digests first, so neither content nor length leaks through timing. No configured
 * key means no presented key is ever accepted.
 */
export function apiKeyMatches(
  presented: string | undefined,
  configured: string | undefined,
): boolean {
  if (!configured || presented === undefined) return false;
  const a = createHash('sha256').update(presented, 'utf8').digest();
  const b = createHash('sha256').update(configured, 'utf8').digest();
  return timingSafeEqual(a, b);
}
