/**
 * Finds the end of the JSON value that starts at `start` in `bytes` (an object or array), without
 * decoding it: returns the offset just past its closing bracket, or -1 when the value is not
 * closed. Strings and escapes are honoured, so brackets inside strings do not count.
 */
export function endOfJsonContainer(bytes: Uint8Array, start: number): number {
  const open = bytes[start];
  if (open !== 0x7b && open !== 0x5b) return -1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === 0x5c) i++;
      else if (byte === 0x22) inString = false;
      continue;
    }
    if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) depth++;
    else if (byte === 0x7d || byte === 0x5d) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}
