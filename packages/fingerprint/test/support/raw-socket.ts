import { connect } from 'node:net';

/** What came back on a raw TCP connection before the server closed it. */
export interface RawExchange {
  received: Buffer;
  /** True when the server ended the connection (FIN or reset), false when our timeout fired. */
  closedByServer: boolean;
}

/** Sends `bytes` on a plain TCP connection and collects everything until the server closes it. */
export function rawExchange(port: number, bytes: Buffer, timeoutMs = 5000): Promise<RawExchange> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: '127.0.0.1', port });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ received: Buffer.concat(chunks), closedByServer: false });
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ received: Buffer.concat(chunks), closedByServer: true });
    });
    socket.write(bytes);
  });
}
