import type { Socket } from 'node:net';
import { parseProxyHeader, type ProxiedSource } from './proxy-protocol.js';

/**
 * Reads the PROXY protocol header that opens `socket`, then puts back every byte after it, so the
 * TLS handshake that follows reads an untouched stream. Rejects when the header is missing or
 * malformed, or the socket closes first.
 */
export function readProxyHeader(socket: Socket): Promise<ProxiedSource | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const cleanup = (): void => {
      socket.off('data', onData);
      socket.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      chunks.push(chunk);
      length += chunk.length;
      const bytes = Buffer.concat(chunks, length);
      const parsed = parseProxyHeader(bytes);
      if (parsed.state === 'incomplete') return;
      cleanup();
      socket.pause();
      if (parsed.state === 'invalid') {
        reject(new Error(`PROXY protocol: ${parsed.reason}`));
        return;
      }
      const rest = bytes.subarray(parsed.headerLength);
      if (rest.length > 0) socket.unshift(rest);
      resolve(parsed.source);
    };
    const onClose = (): void => {
      cleanup();
      reject(new Error('PROXY protocol: connection closed before the header'));
    };
    socket.on('data', onData);
    socket.once('close', onClose);
  });
}
