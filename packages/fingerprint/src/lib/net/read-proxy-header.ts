import type { Socket } from 'node:net';
import { parseProxyHeader, type ProxiedSource } from './proxy-protocol.js';
import { readSocketPrefix } from './socket-prefix.js';

/**
 * Reads the PROXY protocol header that opens `socket`, then puts back every byte after it, so the
 * TLS handshake that follows reads an untouched stream. Rejects when the header is missing or
 * malformed, or the socket closes first.
 */
export function readProxyHeader(socket: Socket): Promise<ProxiedSource | null> {
  return readSocketPrefix<ProxiedSource | null>(socket, (bytes) => {
    const parsed = parseProxyHeader(bytes);
    if (parsed.state === 'incomplete') return { done: false };
    if (parsed.state === 'invalid') throw new Error(`PROXY protocol: ${parsed.reason}`);
    return { done: true, value: parsed.source, consumed: parsed.headerLength };
  });
}
