import type { Server as HttpServer } from 'node:http';
import type { Http2Server } from 'node:http2';
import type { Socket } from 'node:net';
import type { TLSSocket, Server as TlsServer } from 'node:tls';
import { peekClientPreface } from '../http2/peek-preface.js';
import { buildTlsFingerprint, type TlsFingerprint } from '../tls/ja3.js';
import { readClientHello } from '../tls/read-client-hello.js';
import { attachConnectionFacts } from './connection-facts.js';
import { normalizeAddress } from './client-address.js';
import { refusalFor } from './plain-http-refusal.js';
import { readProxyHeader } from './read-proxy-header.js';

/** Tunables of {@link ConnectionPipeline}. */
export interface PipelineOptions {
  /** Expect a PROXY protocol v1/v2 header before the TLS handshake on every connection. */
  proxyProtocol: boolean;
  /** Time allowed for the PROXY header, ClientHello and TLS handshake together. */
  handshakeTimeoutMs: number;
  /** Time allowed for an HTTP/2 client to send its first HEADERS frame before we stop peeking. */
  http2PeekTimeoutMs: number;
}

interface PendingHandshake {
  tls: TlsFingerprint;
  peerAddress: string;
}

const HTTP2_PEEK_MAX_BYTES = 64 * 1024;

/**
 * Carries each accepted TCP connection through the stages that make a fingerprint:
 * optional PROXY protocol header → ClientHello parsed (bytes put back) → TLS handshake by `tls` →
 * for `h2`, a peek at the decrypted preface frames (bytes put back) → the HTTP/2 or HTTP/1.1
 * server. Anything malformed on the way closes that connection only.
 */
export class ConnectionPipeline {
  readonly #tls: TlsServer;
  readonly #http1: HttpServer;
  readonly #http2: Http2Server;
  readonly #options: PipelineOptions;
  /** Handshakes in flight, keyed by the TCP 4-tuple seen on both the raw and the TLS socket. */
  readonly #pending = new Map<string, PendingHandshake>();
  readonly #sockets = new Set<Socket>();

  constructor(tls: TlsServer, http1: HttpServer, http2: Http2Server, options: PipelineOptions) {
    this.#tls = tls;
    this.#http1 = http1;
    this.#http2 = http2;
    this.#options = options;
    tls.on('secureConnection', (socket: TLSSocket) => this.#onSecure(socket));
    tls.on('tlsClientError', (_error: Error, socket: TLSSocket) => socket.destroy());
  }

  /** Entry point: the `connection` listener of the listening TCP server. */
  accept(raw: Socket): void {
    const key = tupleKey(raw);
    this.#sockets.add(raw);
    raw.once('close', () => {
      this.#sockets.delete(raw);
      this.#pending.delete(key);
    });
    raw.on('error', () => raw.destroy());
    raw.setTimeout(this.#options.handshakeTimeoutMs, () => raw.destroy());
    this.#prepare(raw, key).catch(() => raw.destroy());
  }

  /** Destroys every open connection (used on close). */
  destroyAll(): void {
    for (const socket of this.#sockets) socket.destroy();
  }

  async #prepare(raw: Socket, key: string): Promise<void> {
    let peerAddress = normalizeAddress(raw.remoteAddress ?? '');
    if (this.#options.proxyProtocol) {
      const source = await readProxyHeader(raw);
      if (source) peerAddress = normalizeAddress(source.address);
    }
    const opening = await readClientHello(raw);
    if (raw.destroyed) return;
    if (opening.kind === 'not-tls') {
      const answer = refusalFor(opening.firstBytes);
      if (answer) raw.end(answer);
      else raw.destroy();
      return;
    }
    if (opening.kind === 'invalid') {
      raw.destroy();
      return;
    }
    this.#pending.set(key, { tls: buildTlsFingerprint(opening.hello), peerAddress });
    raw.setTimeout(0);
    this.#tls.emit('connection', raw);
  }

  #onSecure(socket: TLSSocket): void {
    const key = tupleKey(socket);
    const pending = this.#pending.get(key);
    this.#pending.delete(key);
    if (!pending) {
      socket.destroy();
      return;
    }
    if (socket.alpnProtocol !== 'h2') {
      attachConnectionFacts(socket, { ...pending, http2: null });
      this.#http1.emit('connection', socket);
      return;
    }
    const limits = { timeoutMs: this.#options.http2PeekTimeoutMs, maxBytes: HTTP2_PEEK_MAX_BYTES };
    peekClientPreface(socket, limits)
      .then((frames) => {
        if (socket.destroyed) return;
        // Not an HTTP/2 client preface: nothing to serve on this connection.
        if (!frames) {
          socket.destroy();
          return;
        }
        attachConnectionFacts(socket, { ...pending, http2: frames });
        this.#http2.emit('connection', socket);
      })
      .catch(() => socket.destroy());
  }
}

/** Same key for a raw socket and the TLS socket wrapping it. */
function tupleKey(socket: Socket): string {
  return `${socket.remoteAddress}|${socket.remotePort}|${socket.localAddress}|${socket.localPort}`;
}
