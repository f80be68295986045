/** Request headers a preflight may ask for (a token list), and how long its answer is cached. */
const TOKEN_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:\s*,\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * The CORS allowlist: exact origins (scheme, host, port) registered by the operator. Allowed
 * origins get `access-control-allow-origin: <origin>` with credentials; any other origin gets no
 * CORS header at all, so browsers withhold the answer.
 */
export class CorsPolicy {
  readonly #origins: ReadonlySet<string>;

  /** @throws on an entry that is not an absolute http(s) origin. */
  constructor(origins: readonly string[]) {
    this.#origins = new Set(origins.map(canonicalOrigin));
  }

  /** The allowed origins in canonical form. */
  get origins(): string[] {
    return [...this.#origins];
  }

  /** Headers for an actual (non-preflight) response to a request from `origin`. */
  responseHeaders(origin: string | undefined): Record<string, string> {
    if (!this.#allows(origin)) return {};
    return {
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': 'ETag',
    };
  }

  /** Headers for a preflight (`OPTIONS` with `Access-Control-Request-Method`). */
  preflightHeaders(
    origin: string | undefined,
    requestMethod: string | undefined,
    requestHeaders: string | undefined,
  ): Record<string, string> {
    if (!this.#allows(origin) || requestMethod !== 'GET') return {};
    const headers: Record<string, string> = {
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, OPTIONS',
      'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
    };
    const asked = requestHeaders?.trim();
    if (asked && asked.length <= 1024 && TOKEN_LIST.test(asked)) {
      headers['access-control-allow-headers'] = asked;
    }
    return headers;
  }

  #allows(origin: string | undefined): origin is string {
    return origin !== undefined && this.#origins.has(origin);
  }
}

/** `https://Example.com:443/` → `https://example.com`; refuses paths, credentials and non-http schemes. */
export function canonicalOrigin(entry: string): string {
  let url: URL;
  try {
    url = new URL(entry.trim());
  } catch {
    throw new Error(`Invalid allowed origin "${entry}": expected scheme://host[:port]`);
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !bare) {
    throw new Error(`Invalid allowed origin "${entry}": expected scheme://host[:port]`);
  }
  return url.origin;
}
