import { extensionParsers, type TlsClientHelloMessage } from 'read-tls-client-hello';

/** Result of reading the first bytes of a connection as a TLS ClientHello. */
export type ClientHelloScan =
  | { state: 'incomplete' }
  | { state: 'not-tls' }
  | { state: 'invalid'; reason: string }
  | { state: 'complete'; hello: TlsClientHelloMessage };

const HANDSHAKE_RECORD = 0x16;
const CLIENT_HELLO = 0x01;
const RECORD_HEADER = 5;
/** TLSPlaintext fragments are at most 2^14 bytes (RFC 8446 §5.1). */
const MAX_RECORD_LENGTH = 1 << 14;
/** Refuse ClientHellos larger than this (real ones are < 2 KiB; fragmented ones rarely > 16 KiB). */
export const MAX_CLIENT_HELLO_LENGTH = 64 * 1024;

type ExtensionParser = (data: Buffer) => Record<string, unknown> | null;
const parsers = extensionParsers as Record<number, ExtensionParser | undefined>;

/**
 * Parses a ClientHello from the raw bytes a client sent, synchronously: TLS records are
 * reassembled (a ClientHello may span several), then the handshake message is decoded into
 * read-tls-client-hello's `TlsClientHelloMessage` shape, extension data decoded by that library's
 * own extension parsers. Every length is bounds-checked; nothing is consumed.
 */
export function scanClientHello(bytes: Buffer): ClientHelloScan {
  if (bytes.length === 0) return { state: 'incomplete' };
  if (bytes[0] !== HANDSHAKE_RECORD) return { state: 'not-tls' };
  const fragments: Buffer[] = [];
  let handshakeLength = 0;
  let messageLength = -1;
  for (let offset = 0; ;) {
    if (offset + RECORD_HEADER > bytes.length) return { state: 'incomplete' };
    if (bytes[offset] !== HANDSHAKE_RECORD) return invalid('unexpected record type');
    const recordLength = bytes.readUInt16BE(offset + 3);
    if (recordLength === 0 || recordLength > MAX_RECORD_LENGTH) return invalid('bad record length');
    if (offset + RECORD_HEADER + recordLength > bytes.length) return { state: 'incomplete' };
    const fragment = bytes.subarray(offset + RECORD_HEADER, offset + RECORD_HEADER + recordLength);
    fragments.push(fragment);
    handshakeLength += fragment.length;
    offset += RECORD_HEADER + recordLength;
    if (messageLength < 0 && handshakeLength >= 4) {
      const head = fragments.length === 1 ? fragment : Buffer.concat(fragments);
      if (head[0] !== CLIENT_HELLO) return invalid('not a ClientHello');
      messageLength = head.readUIntBE(1, 3);
      if (messageLength > MAX_CLIENT_HELLO_LENGTH) return invalid('ClientHello too large');
    }
    if (messageLength >= 0 && handshakeLength >= 4 + messageLength) {
      const handshake = fragments.length === 1 ? fragment : Buffer.concat(fragments);
      return parseClientHelloBody(handshake.subarray(4, 4 + messageLength));
    }
  }
}

/** Decodes the body of a ClientHello handshake message (RFC 8446 §4.1.2). */
function parseClientHelloBody(body: Buffer): ClientHelloScan {
  const reader = new BoundedReader(body);
  try {
    const version = reader.uint16();
    const random = reader.bytes(32);
    const sessionId = reader.bytes(reader.uint8());
    const cipherBytes = reader.bytes(reader.uint16());
    if (cipherBytes.length % 2 !== 0) return invalid('odd cipher suite list');
    const cipherSuites: number[] = [];
    for (let i = 0; i < cipherBytes.length; i += 2) cipherSuites.push(cipherBytes.readUInt16BE(i));
    const compressionMethods = Array.from(reader.bytes(reader.uint8()));
    const extensions: TlsClientHelloMessage['extensions'] = [];
    if (reader.remaining > 0) {
      const extensionReader = new BoundedReader(reader.bytes(reader.uint16()));
      while (extensionReader.remaining > 0) {
        const id = extensionReader.uint16();
        const data = extensionReader.bytes(extensionReader.uint16());
        extensions.push({ id, data: parseExtension(id, data) });
      }
    }
    return {
      state: 'complete',
      hello: { version, random, sessionId, cipherSuites, compressionMethods, extensions },
    };
  } catch {
    return invalid('truncated ClientHello');
  }
}

function parseExtension(id: number, data: Buffer): Record<string, unknown> | null {
  const parser = parsers[id];
  if (!parser) return null;
  try {
    return parser(data);
  } catch {
    return null; // malformed extension data: the id still counts, its content does not
  }
}

function invalid(reason: string): ClientHelloScan {
  return { state: 'invalid', reason };
}

/** Sequential reads that throw instead of running past the end of the buffer. */
class BoundedReader {
  #offset = 0;
  readonly #buffer: Buffer;

  constructor(buffer: Buffer) {
    this.#buffer = buffer;
  }

  get remaining(): number {
    return this.#buffer.length - this.#offset;
  }

  uint8(): number {
    return this.bytes(1)[0]!;
  }

  uint16(): number {
    return this.bytes(2).readUInt16BE(0);
  }

  bytes(length: number): Buffer {
    if (length > this.remaining) throw new RangeError('out of bounds');
    const slice = this.#buffer.subarray(this.#offset, this.#offset + length);
    this.#offset += length;
    return slice;
  }
}
