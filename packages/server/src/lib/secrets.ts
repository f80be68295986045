import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/** SHA-256 of a UTF-8 string, hex. Used to store tokens and keys that must never be stored in clear. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/**
 * Constant-time equality of two strings. Equal-length inputs are compared byte by byte in constant
 * time; inputs of different lengths are unequal (after a comparison of the same cost), so timing
 * reveals at most the length, which is fixed for every secret we issue.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

/** A random secret of `bytes` bytes, base64url. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** The 256-bit webhook signing secret, hex (64 characters). */
export function randomWebhookSecret(): string {
  return randomBytes(32).toString('hex');
}

const SEALED_PREFIX = 'v1';

/**
 * Authenticated encryption (AES-256-GCM) of secrets stored at rest. The context string (table,
 * column, row id) is bound as associated data, so a sealed value copied to another row or column
 * does not open.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
    this.#key = key;
  }

  /** Encrypts `plaintext` for `context`; the result is `v1.<iv>.<tag>.<ciphertext>` (base64url). */
  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [
      SEALED_PREFIX,
      iv.toString('base64url'),
      tag.toString('base64url'),
      body.toString('base64url'),
    ].join('.');
  }

  /**
   * Decrypts a value sealed for `context`.
   * @throws when the value was altered, sealed under another key, or for another context.
   */
  open(sealed: string, context: string): string {
    const [prefix, iv, tag, body] = sealed.split('.');
    if (prefix !== SEALED_PREFIX || iv === undefined || tag === undefined || body === undefined) {
      throw new Error('sealed value has an unknown format');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}
