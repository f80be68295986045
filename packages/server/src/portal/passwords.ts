import { hash, verify } from '@node-rs/argon2';

/** Shortest password the portal accepts (NIST SP 800-63B asks at least 8; we ask 12). */
export const MIN_PASSWORD_LENGTH = 12;
/** Longest: argon2 takes any length, but a huge body costs hashing time for nothing. */
export const MAX_PASSWORD_LENGTH = 256;

/**
 * argon2id with OWASP's second recommended setting (19 MiB, 2 passes, 1 lane); `@node-rs/argon2`
 * defaults to argon2id. The PHC string carries its parameters, so they can rise later.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password into an argon2id PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * A hash of a random password: checked when the e-mail is unknown or has no password yet, so the
 * answer takes as long as for a known person (timing tells nothing about who has an account).
 */
let decoy: Promise<string> | undefined;
function decoyHash(): Promise<string> {
  decoy ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
  return decoy;
}

/** Checks a password against a stored hash (or against the decoy when there is none). */
export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    await verify(await decoyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
