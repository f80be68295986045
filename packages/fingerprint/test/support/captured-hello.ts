import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { connect } from 'node:tls';

/** Opens a TLS client connection to `port` on loopback, trusting any certificate. */
export function connectLoopbackTls(
  port: number,
  alpn: string[],
  socket?: Socket,
  host = '127.0.0.1',
) {
  const tls = connect({
    ...(socket ? { socket } : { host, port }),
    servername: 'localhost',
    ALPNProtocols: alpn,
    rejectUnauthorized: false,
  });
  tls.on('error', () => {});
  return tls;
}

/** A genuine ClientHello record from Node's TLS client, captured on a throwaway TCP server. */
export async function captureClientHello(): Promise<Buffer> {
  const listener = createServer();
  listener.listen(0, '127.0.0.1');
  await once(listener, 'listening');
  const accepted = once(listener, 'connection');
  const client = connectLoopbackTls((listener.address() as AddressInfo).port, ['h2', 'http/1.1']);
  const [socket] = (await accepted) as [Socket];
  const [record] = (await once(socket, 'data')) as [Buffer];
  client.destroy();
  socket.destroy();
  listener.close();
  return record;
}
