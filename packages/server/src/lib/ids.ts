import { randomBytes } from 'node:crypto';

/**
 * A time-ordered UUID (version 7, RFC 9562): 48-bit millisecond timestamp, then 74 random bits.
 * Rows keyed by it are inserted at the end of their indexes, so a busy table touches few pages.
 * Used for records whose id is not a capability (verifications, images, log entries); link ids,
 * which open the flow, stay fully random (`randomUUID`).
 */
export function timeOrderedUuid(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
