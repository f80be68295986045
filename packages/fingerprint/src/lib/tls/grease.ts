/**
 * True for the GREASE values of RFC 8701 (`0x0a0a`, `0x1a1a`, … `0xfafa`): both bytes equal and
 * each of the form `0x?a`. Exactly this test, no looser one: `0x0a1a` is not GREASE.
 */
export function isGrease(value: number): boolean {
  return (value & 0x0f0f) === 0x0a0a && value >> 8 === (value & 0xff);
}
