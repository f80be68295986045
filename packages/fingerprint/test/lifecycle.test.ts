import { once } from 'node:events';
import { connect as http2Connect } from 'node:http2';
import { describe, expect, it } from 'vitest';
import { connectLoopbackTls } from './support/captured-hello.js';
import { http1Request } from './support/node-clients.js';
import { startTestServer } from './support/test-server.js';

describe('listening', () => {
  it('serves on IPv6 loopback too', async () => {
    const server = await startTestServer({ host: '::1' });
    try {
      expect(server.url).toBe(`https://[::1]:${server.port}`);
      const socket = connectLoopbackTls(server.port, ['http/1.1'], undefined, '::1');
      await once(socket, 'secureConnect');
      socket.write('GET / HTTP/1.1\r\nHost: [::1]\r\nConnection: close\r\n\r\n');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      await once(socket, 'close');
      const text = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as {
        userData: { ip: string };
      };
      expect(body.userData.ip).toBe('::1');
    } finally {
      await server.stop();
    }
  });
});

describe('close()', () => {
  it('closes idle HTTP/2 sessions, HTTP/1.1 keep-alive connections and half-open handshakes', async () => {
    const server = await startTestServer();
    const session = http2Connect(server.localhostUrl, {
      createConnection: () => connectLoopbackTls(server.port, ['h2']),
    });
    session.on('error', () => {});
    const stream = session.request({ ':path': '/version' });
    stream.resume();
    await once(stream, 'end');
    const keepAlive = connectLoopbackTls(server.port, ['http/1.1']);
    await once(keepAlive, 'secureConnect');
    const silent = connectLoopbackTls(server.port, ['h2']); // handshake never read by a test
    expect((await http1Request(server.port, '/version')).status).toBe(200);

    const sessionClosed = once(session, 'close');
    const keepAliveClosed = once(keepAlive, 'close');
    const silentClosed = once(silent, 'close');
    await server.stop();
    await Promise.all([sessionClosed, keepAliveClosed, silentClosed]);
    await expect(http1Request(server.port, '/version')).rejects.toThrow(/ECONNREFUSED/);
  });
});
