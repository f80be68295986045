import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

/** A parsed HTTP/1.1 answer read off a raw connection. */
export interface RawHttpAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

/**
 * Sends `request` (exact bytes: header case and order are ours) over TLS with ALPN `http/1.1`,
 * optionally after `preamble` bytes on the bare TCP connection (a PROXY protocol header).
 */
export function rawHttpsExchange(
  port: number,
  request: string,
  preamble?: Buffer,
): Promise<RawHttpAnswer> {
  return new Promise((resolve, reject) => {
    const tcp: Socket = netConnect({ host: '127.0.0.1', port }, () => {
      if (preamble) tcp.write(preamble);
      const socket = tlsConnect({
        socket: tcp,
        servername: 'localhost',
        ALPNProtocols: ['http/1.1'],
        rejectUnauthorized: false,
      });
      const chunks: Buffer[] = [];
      socket.on('secureConnect', () => socket.write(request));
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        try {
          resolve(parseHttpAnswer(Buffer.concat(chunks).toString('utf8')));
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    tcp.on('error', reject);
  });
}

function parseHttpAnswer(text: string): RawHttpAnswer {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`no HTTP answer in ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers = lines.map((line): [string, string] => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
  });
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(end + 4) };
}
