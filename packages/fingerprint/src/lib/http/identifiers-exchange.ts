import type { IdentifierIssuer } from '../identity/identifiers.js';

/** Name and lifetime of the persistent identifier cookie (spec: `fp`, one year). */
export const FP_COOKIE = 'fp';
export const FP_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The `fp` value the client sent back, when it is one this service issued. */
export function presentedCookie(
  cookieHeader: string | undefined,
  issuer: IdentifierIssuer,
): string | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== FP_COOKIE) continue;
    const value = pair.slice(separator + 1).trim();
    if (issuer.recognises('cookie', value)) return value;
  }
  return undefined;
}

/** `Set-Cookie` for a new identifier: one year, HttpOnly, Secure, SameSite=None. */
export function fpSetCookie(value: string, now = new Date()): string {
  const expires = new Date(now.getTime() + FP_COOKIE_MAX_AGE_SECONDS * 1000).toUTCString();
  return `${FP_COOKIE}=${value}; Max-Age=${FP_COOKIE_MAX_AGE_SECONDS}; Expires=${expires}; Path=/; HttpOnly; Secure; SameSite=None`;
}

/** The first entity tag in `If-None-Match` that is an ETag identifier this service issued. */
export function presentedEtag(
  ifNoneMatch: string | undefined,
  issuer: IdentifierIssuer,
): string | undefined {
  if (!ifNoneMatch) return undefined;
  for (const match of ifNoneMatch.matchAll(/(?:W\/)?"([^"]*)"/g)) {
    if (issuer.recognises('etag', match[1])) return match[1];
  }
  return undefined;
}

/**
 * Whether the request asks that a stored copy not be reused without a fresh answer: request
 * `Cache-Control: no-cache` / `max-age=0` or `Pragma: no-cache`. Browsers send `max-age=0` with
 * `fetch(url, {cache: 'no-cache'})` (Fetch standard, HTTP-network-or-cache fetch) while still
 * sending `If-None-Match`, which is how the element obtains a fresh signed fingerprint and keeps
 * its cache identifier. A plain revalidation (no such directive) is answered 304.
 */
export function wantsFreshCopy(
  cacheControl: string | undefined,
  pragma: string | undefined,
): boolean {
  const directives = (cacheControl ?? '')
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  return (
    directives.includes('no-cache') ||
    directives.some((d) => /^max-age\s*=\s*"?0"?$/.test(d)) ||
    /(^|,)\s*no-cache\s*(,|$)/i.test(pragma ?? '')
  );
}
