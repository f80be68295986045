/** The 24 octets every HTTP/2 client sends first (RFC 9113 §3.4). */
export const HTTP2_CLIENT_PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1');

const FRAME_HEADER_LENGTH = 9;
const FRAME_TYPE_HEADERS = 0x1;
const FRAME_TYPE_PRIORITY = 0x2;
const FRAME_TYPE_SETTINGS = 0x4;
const FRAME_TYPE_WINDOW_UPDATE = 0x8;
const FLAG_ACK = 0x1;

/** One PRIORITY frame as the Akamai format records it. */
export interface PriorityFrame {
  streamId: number;
  exclusive: 0 | 1;
  dependsOn: number;
  /** The weight as RFC 9113 defines it (wire byte + 1, 1…256). */
  weight: number;
}

/** What the client sent on stream 0 before its first request. */
export interface ClientPrefaceFrames {
  /** SETTINGS parameters `[id, value]` in wire order (every non-ACK SETTINGS frame before the first HEADERS). */
  settings: Array<[number, number]>;
  /** Increment of the first connection-level WINDOW_UPDATE, or null when none came first. */
  windowUpdate: number | null;
  /** PRIORITY frames before the first HEADERS, in wire order. */
  priorities: PriorityFrame[];
}

/** Result of reading the start of a client's HTTP/2 byte stream. */
export type PrefaceScan =
  | { state: 'incomplete'; frames: ClientPrefaceFrames }
  | { state: 'not-http2' }
  | { state: 'complete'; frames: ClientPrefaceFrames };

/**
 * Scans the first bytes of a decrypted HTTP/2 connection: the client preface, then frames up to
 * and including the first HEADERS frame. `incomplete` means more bytes are needed (with the
 * frames complete so far); `complete` is reached at the first HEADERS frame header (its payload
 * is not needed).
 */
export function scanClientPreface(bytes: Buffer): PrefaceScan {
  const prefaceBytes = Math.min(bytes.length, HTTP2_CLIENT_PREFACE.length);
  if (!bytes.subarray(0, prefaceBytes).equals(HTTP2_CLIENT_PREFACE.subarray(0, prefaceBytes))) {
    return { state: 'not-http2' };
  }
  const frames: ClientPrefaceFrames = { settings: [], windowUpdate: null, priorities: [] };
  let offset = HTTP2_CLIENT_PREFACE.length;
  while (offset + FRAME_HEADER_LENGTH <= bytes.length) {
    const length = bytes.readUIntBE(offset, 3);
    const type = bytes[offset + 3];
    const flags = bytes[offset + 4] ?? 0;
    const streamId = bytes.readUInt32BE(offset + 5) & 0x7fffffff;
    if (type === FRAME_TYPE_HEADERS) return { state: 'complete', frames };
    const payloadStart = offset + FRAME_HEADER_LENGTH;
    if (payloadStart + length > bytes.length) break;
    const payload = bytes.subarray(payloadStart, payloadStart + length);
    if (type === FRAME_TYPE_SETTINGS && (flags & FLAG_ACK) === 0) {
      for (let i = 0; i + 6 <= payload.length; i += 6) {
        frames.settings.push([payload.readUInt16BE(i), payload.readUInt32BE(i + 2)]);
      }
    } else if (
      type === FRAME_TYPE_WINDOW_UPDATE &&
      streamId === 0 &&
      frames.windowUpdate === null &&
      payload.length === 4
    ) {
      frames.windowUpdate = payload.readUInt32BE(0) & 0x7fffffff;
    } else if (type === FRAME_TYPE_PRIORITY && payload.length === 5) {
      const dependency = payload.readUInt32BE(0);
      frames.priorities.push({
        streamId,
        exclusive: dependency & 0x80000000 ? 1 : 0,
        dependsOn: dependency & 0x7fffffff,
        weight: (payload[4] ?? 0) + 1,
      });
    }
    offset = payloadStart + length;
  }
  return { state: 'incomplete', frames };
}

/**
 * Formats the Akamai HTTP/2 fingerprint `SETTINGS|WINDOW_UPDATE|PRIORITY|PSEUDO_HEADER_ORDER`:
 * `id:value` pairs joined by `;`, the window increment (`00` when none was sent), PRIORITY frames
 * as `stream:exclusive:dependsOn:weight` joined by `,` (`0` when none), and the pseudo-header
 * initials (`m,a,s,p`) of the request.
 */
export function formatAkamaiFingerprint(
  frames: ClientPrefaceFrames,
  pseudoHeaderOrder: string[],
): string {
  const settings = frames.settings.map(([id, value]) => `${id}:${value}`).join(';');
  const windowUpdate = frames.windowUpdate === null ? '00' : String(frames.windowUpdate);
  const priorities =
    frames.priorities.length === 0
      ? '0'
      : frames.priorities
          .map((p) => `${p.streamId}:${p.exclusive}:${p.dependsOn}:${p.weight}`)
          .join(',');
  const pseudo = pseudoHeaderOrder.map((name) => name.charAt(1)).join(',');
  return `${settings}|${windowUpdate}|${priorities}|${pseudo}`;
}
