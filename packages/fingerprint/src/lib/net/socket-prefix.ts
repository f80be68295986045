import type { Socket } from 'node:net';

/** What a prefix parser decides about the bytes received so far. */
export type PrefixDecision<T> =
  | { done: false }
  | {
      done: true;
      value: T;
      /** How many leading bytes to drop; the rest is put back on the socket. */
      consumed: number;
    };

/**
 * Reads the start of a socket until `decide` has seen enough, then puts the unconsumed bytes back
 * with `unshift` (pausing the socket), so whoever reads next sees the stream as if untouched.
 * Rejects when the socket closes first or `decide` throws.
 */
export function readSocketPrefix<T>(
  socket: Socket,
  decide: (bytes: Buffer) => PrefixDecision<T>,
): Promise<T> {
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
      const bytes = chunks.length === 1 ? chunk : Buffer.concat(chunks, length);
      let decision: PrefixDecision<T>;
      try {
        decision = decide(bytes);
      } catch (error) {
        cleanup();
        socket.pause();
        socket.unshift(bytes);
        reject(error as Error);
        return;
      }
      if (!decision.done) return;
      cleanup();
      socket.pause();
      const rest = bytes.subarray(decision.consumed);
      if (rest.length > 0) socket.unshift(rest);
      resolve(decision.value);
    };
    const onClose = (): void => {
      cleanup();
      reject(new Error('connection closed'));
    };
    socket.on('data', onData);
    socket.once('close', onClose);
    // A previous reader may have paused the socket; 'data' listeners alone do not resume it then.
    socket.resume();
  });
}
