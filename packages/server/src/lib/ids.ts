import { randomFillSync } from 'node:crypto';

/** Random bytes drawn from the CSPRNG in one call and handed out 16 at a time (as `randomUUID` does). */
const POOL_SIZE = 16 * 256;
const pool = Buffer.alloc(POOL_SIZE);
let poolOffset = POOL_SIZE;

/** 16 fresh random bytes (a copy: the pool is refilled, never reused). */
function random16(): Buffer {
  if (poolOffset === POOL_SIZE) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolOffset, poolOffset + 16));
  poolOffset += 16;
  return bytes;
}

/**
 * A time-ordered UUID (version 7, RFC 9562): 48-bit millisecond timestamp, then 74 random bits.
 * Rows keyed by it are inserted at the end of their indexes, so a busy table touches few pages.
 *
 * Also the link id, a capability (whoever holds it opens the flow): its 74 random bits come from
 * the CSPRNG, above the 64 bits of entropy OWASP asks of a session identifier, and a link is
 * single-use, expires within hours or days (the company's link window) and its pages are rate
 * limited per address. The timestamp part is no secret (the link's `createdAt` is the same
 * instant): even a guesser who knew the exact millisecond a live link was made faces 2^74
 * candidates, about 600 million years at a million guesses a second. A fully
 * random id put one page write per index at a random place of the links and verifications
 * indexes: about a fifth of the cost of creating a link.
 *
 * The random bits come from a pool filled by one CSPRNG call per 256 ids: one system call per id
 * was a visible share of link creation.
 */
export function timeOrderedUuid(now: number = Date.now()): string {
  const bytes = random16();
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
