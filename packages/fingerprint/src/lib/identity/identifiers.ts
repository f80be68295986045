import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The two identifiers the service hands out. */
export type IdentifierKind = 'cookie' | 'etag';

const FORMAT = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

/**
 * Mints and recognises the service's own identifiers: 128 random bits plus a truncated
 * HMAC-SHA-256 tag (keyed with a secret from the data directory, bound to the identifier's kind),
 * so a value a client invents or alters is treated as absent rather than adopted.
 */
export class IdentifierIssuer {
  readonly #secret: Buffer;

  constructor(secret: Buffer) {
    if (secret.length < 32) throw new Error('The identifier secret must be at least 32 bytes');
    this.#secret = secret;
  }

  /** A new identifier of `kind`: `<random>.<tag>`, both base64url. */
  mint(kind: IdentifierKind): string {
    const id = randomBytes(16).toString('base64url');
    return `${id}.${this.#tag(kind, id)}`;
  }

  /** Whether `value` is an identifier of `kind` that this service issued (constant-time tag check). */
  recognises(kind: IdentifierKind, value: string | undefined): value is string {
    const match = value === undefined ? null : FORMAT.exec(value);
    if (!match?.[1] || !match[2]) return false;
    const expected = Buffer.from(this.#tag(kind, match[1]), 'base64url');
    const given = Buffer.from(match[2], 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  #tag(kind: IdentifierKind, id: string): string {
    return createHmac('sha256', this.#secret)
      .update(`${kind}:${id}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }
}
