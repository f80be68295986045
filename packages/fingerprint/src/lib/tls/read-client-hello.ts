import type { Socket } from 'node:net';
import type { TlsClientHelloMessage } from 'read-tls-client-hello';
import { readSocketPrefix } from '../net/socket-prefix.js';
import { scanClientHello } from './client-hello.js';

/** What opened the connection. */
export type ConnectionOpening =
  | { kind: 'client-hello'; hello: TlsClientHelloMessage }
  | { kind: 'not-tls'; firstBytes: Buffer }
  | { kind: 'invalid'; reason: string };

/**
 * Waits for the client's ClientHello and parses it, leaving every byte on the socket for the TLS
 * handshake that follows. Rejects only when the socket closes first.
 */
export function readClientHello(socket: Socket): Promise<ConnectionOpening> {
  return readSocketPrefix<ConnectionOpening>(socket, (bytes) => {
    const scan = scanClientHello(bytes);
    switch (scan.state) {
      case 'incomplete':
        return { done: false };
      case 'complete':
        return { done: true, value: { kind: 'client-hello', hello: scan.hello }, consumed: 0 };
      case 'not-tls':
        return { done: true, value: { kind: 'not-tls', firstBytes: bytes }, consumed: 0 };
      default:
        return { done: true, value: { kind: 'invalid', reason: scan.reason }, consumed: 0 };
    }
  });
}
