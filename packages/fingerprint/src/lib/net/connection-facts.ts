import type { ClientPrefaceFrames } from '../http2/client-preface.js';
import type { TlsFingerprint } from '../tls/ja3.js';

/** What the service learned about one connection before any request on it was read. */
export interface ConnectionFacts {
  /** JA3 fingerprint of the ClientHello. */
  tls: TlsFingerprint;
  /** Peer address: the TCP peer, or the client named by a PROXY protocol header. */
  peerAddress: string;
  /** The client's HTTP/2 connection preface frames; null on HTTP/1.1. */
  http2: ClientPrefaceFrames | null;
}

/**
 * Facts ride on the TLS socket under a symbol: HTTP/1.1 requests see that socket directly and
 * HTTP/2 sessions see it through Node's socket proxy, which forwards property reads.
 */
const kConnectionFacts = Symbol('idv.fingerprint.connectionFacts');

type WithFacts = { [kConnectionFacts]?: ConnectionFacts };

/** Records `facts` on `socket`. */
export function attachConnectionFacts(socket: object, facts: ConnectionFacts): void {
  Object.defineProperty(socket, kConnectionFacts, { value: facts, enumerable: false });
}

/** The facts recorded on `socket` (or on the socket behind an HTTP/2 session's proxy). */
export function connectionFactsOf(socket: object | undefined | null): ConnectionFacts | undefined {
  try {
    return (socket as WithFacts | undefined)?.[kConnectionFacts];
  } catch {
    return undefined; // the HTTP/2 socket proxy throws once the socket is gone
  }
}
