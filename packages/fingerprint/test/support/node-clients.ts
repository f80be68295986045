import { appendFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { connect as http2Connect, type IncomingHttpHeaders } from 'node:http2';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';

/** An answer as a Node client received it. */
export interface ClientAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The client's local TCP port (identifies the connection in a capture). */
  localPort: number;
}

/** Options common to the Node clients. */
export interface ClientOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Append the NSS key log of the connection here (for tshark). */
  keylogFile?: string;
}

function connectTls(port: number, alpn: string[], keylogFile?: string): TLSSocket {
  const socket = tlsConnect({
    host: '127.0.0.1',
    port,
    servername: 'localhost',
    ALPNProtocols: alpn,
    rejectUnauthorized: false,
  });
  if (keylogFile) socket.on('keylog', (line: Buffer) => appendFileSync(keylogFile, line));
  return socket;
}

/** One HTTP/1.1 request over a fresh TLS connection (ALPN `http/1.1`). */
export function http1Request(
  port: number,
  path: string,
  options: ClientOptions = {},
): Promise<ClientAnswer> {
  return new Promise((resolve, reject) => {
    let localPort = 0;
    const request = httpsRequest(
      {
        method: options.method ?? 'GET',
        path,
        headers: { host: `localhost:${port}`, ...options.headers },
        // No agent: each request gets the fresh connection made here (no pooling, no resumption).
        createConnection: () => {
          const socket = connectTls(port, ['http/1.1'], options.keylogFile);
          socket.once('secureConnect', () => (localPort = socket.localPort ?? 0));
          return socket;
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            localPort,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** One HTTP/2 request over a fresh TLS connection (ALPN `h2`). */
export function http2Request(
  port: number,
  path: string,
  options: ClientOptions = {},
): Promise<ClientAnswer> {
  return new Promise((resolve, reject) => {
    let socket: TLSSocket | undefined;
    const session = http2Connect(`https://localhost:${port}`, {
      createConnection: () => (socket = connectTls(port, ['h2'], options.keylogFile)),
    });
    session.on('error', reject);
    const stream = session.request({
      ':method': options.method ?? 'GET',
      ':path': path,
      ...options.headers,
    });
    let headers: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    stream.on('response', (received) => (headers = received));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', reject);
    stream.on('end', () => {
      const localPort = socket?.localPort ?? 0;
      session.close();
      resolve({
        status: Number(headers[':status']),
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        localPort,
      });
    });
    stream.end();
  });
}
