import type { TLSSocket } from 'node:tls';
import { scanClientPreface, type ClientPrefaceFrames } from './client-preface.js';

/** Limits of {@link peekClientPreface}. */
export interface PeekLimits {
  /** Give up waiting for the first HEADERS frame after this long (the connection goes on). */
  timeoutMs: number;
  /** Stop buffering after this many bytes (the connection goes on). */
  maxBytes: number;
}

/**
 * Reads the decrypted start of an HTTP/2 connection until the client's first HEADERS frame (or a
 * limit), then puts every byte back with `unshift`, so the HTTP/2 server that takes the socket
 * next sees the stream untouched. Resolves with the frames seen, or null when the bytes were not
 * an HTTP/2 client preface or the connection closed first.
 */
export function peekClientPreface(
  socket: TLSSocket,
  limits: PeekLimits,
): Promise<ClientPrefaceFrames | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let done = false;
    const finish = (frames: ClientPrefaceFrames | null): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.pause();
      if (length > 0 && !socket.destroyed) socket.unshift(Buffer.concat(chunks, length));
      resolve(frames);
    };
    const scan = () => scanClientPreface(Buffer.concat(chunks, length));
    const onData = (chunk: Buffer): void => {
      chunks.push(chunk);
      length += chunk.length;
      const result = scan();
      if (result.state === 'not-http2') finish(null);
      else if (result.state === 'complete' || length >= limits.maxBytes) finish(result.frames);
    };
    const onClose = (): void => finish(null);
    const timer = setTimeout(() => {
      const result = scan();
      finish(result.state === 'not-http2' ? null : result.frames);
    }, limits.timeoutMs);
    socket.on('data', onData);
    socket.once('close', onClose);
  });
}
