import { connect as netConnect } from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureClientHello, connectLoopbackTls } from './support/captured-hello.js';
import { http1Request, http2Request } from './support/node-clients.js';
import { rawExchange } from './support/raw-socket.js';
import { startTestServer, type TestServer } from './support/test-server.js';

describe('malformed input on the TLS port', () => {
  let server: TestServer;
  let hello: Buffer;

  beforeAll(async () => {
    server = await startTestServer({ handshakeTimeoutMs: 1500, headersTimeoutMs: 1000 });
    hello = await captureClientHello();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('plain HTTP gets a 400 {detail} and the connection is closed', async () => {
    const { received, closedByServer } = await rawExchange(
      server.port,
      Buffer.from('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n'),
    );
    expect(closedByServer).toBe(true);
    const text = received.toString('latin1');
    expect(text.startsWith('HTTP/1.1 400 Bad Request\r\n')).toBe(true);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      detail: 'This port speaks HTTPS only',
    });
  });

  it('malformed ClientHellos and random bytes are closed without an answer', async () => {
    const recordLength = hello.readUInt16BE(3);
    const cases: Record<string, Buffer> = {
      'random bytes': Buffer.from('8f3a0c1e9b7d2f4a6c8e0b1d3f5a7c9e', 'hex'),
      'not a handshake record': Buffer.concat([Buffer.from([0x17]), hello.subarray(1)]),
      'a ServerHello type': Buffer.concat([
        hello.subarray(0, 5),
        Buffer.from([0x02]),
        hello.subarray(6),
      ]),
      'hello length disagrees with record': (() => {
        const copy = Buffer.from(hello);
        copy.writeUIntBE(recordLength + 40, 6, 3);
        return copy;
      })(),
      'extensions overflow': (() => {
        const copy = Buffer.from(hello);
        const sessionIdLength = copy[5 + 4 + 2 + 32]!;
        let offset = 5 + 4 + 2 + 32 + 1 + sessionIdLength;
        offset += 2 + copy.readUInt16BE(offset);
        offset += 1 + copy[offset]!;
        copy.writeUInt16BE(0xffff, offset);
        return copy;
      })(),
      'zero-length record': Buffer.from([0x16, 0x03, 0x01, 0x00, 0x00]),
      'garbage inside a well-framed record': Buffer.concat([
        hello.subarray(0, 5),
        Buffer.alloc(recordLength, 0xab),
      ]),
      'truncated record (waits, then times out)': hello.subarray(0, 40),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      const { received, closedByServer } = await rawExchange(server.port, bytes, 5000);
      expect(closedByServer, name).toBe(true);
      // Either nothing, or a TLS alert record (content type 21) from the TLS stack.
      expect(received.length === 0 || received[0] === 21, name).toBe(true);
    }
  });

  it('a TLS client that speaks garbage instead of HTTP/2 after ALPN h2 is closed', async () => {
    const socket = connectLoopbackTls(server.port, ['h2']);
    await once(socket, 'secureConnect');
    socket.write('this is not an HTTP/2 preface at all\r\n\r\n');
    await once(socket, 'close');
  });

  it('an HTTP/2 preface followed by a malformed frame gets GOAWAY(FRAME_SIZE_ERROR)', async () => {
    const socket = connectLoopbackTls(server.port, ['h2']);
    await once(socket, 'secureConnect');
    const preface = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1');
    // SETTINGS with a 7-byte payload (FRAME_SIZE_ERROR, RFC 9113 §6.5), then a HEADERS frame.
    const badSettings = Buffer.from([0, 0, 7, 0x4, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0x10, 0, 0]);
    const headers = Buffer.from([0, 0, 1, 0x1, 0x5, 0, 0, 0, 1, 0x82]);
    socket.write(Buffer.concat([preface, badSettings, headers]));
    // Node's HTTP/2 layer answers with its SETTINGS and a GOAWAY carrying the error code, then
    // leaves closing to the client (or to the idle timeout).
    let received = Buffer.alloc(0);
    const goawayError = await new Promise<number>((resolve) => {
      socket.on('data', (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        for (let offset = 0; offset + 9 <= received.length;) {
          const length = received.readUIntBE(offset, 3);
          if (received[offset + 3] === 0x7 && offset + 9 + length <= received.length) {
            resolve(received.readUInt32BE(offset + 9 + 4));
          }
          offset += 9 + length;
        }
      });
    });
    socket.destroy();
    expect(goawayError).toBe(0x6);
  });

  it('a connection that never speaks is closed after the handshake timeout', async () => {
    const socket = netConnect({ host: '127.0.0.1', port: server.port });
    socket.on('error', () => {});
    const started = Date.now();
    await once(socket, 'close');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('clients that reset the connection at any stage do not disturb the service', async () => {
    const resetAfter = async (stage: 'connect' | 'partial-hello' | 'h2' | 'http/1.1') => {
      const tcp = netConnect({ host: '127.0.0.1', port: server.port });
      tcp.on('error', () => {});
      await once(tcp, 'connect');
      if (stage === 'connect') return tcp.resetAndDestroy();
      if (stage === 'partial-hello') {
        tcp.write(hello.subarray(0, 60));
        await new Promise((resolve) => setTimeout(resolve, 20));
        return tcp.resetAndDestroy();
      }
      const tls = connectLoopbackTls(server.port, [stage], tcp);
      await once(tls, 'secureConnect');
      if (stage === 'h2') tls.write('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
      await new Promise((resolve) => setTimeout(resolve, 20));
      tcp.resetAndDestroy();
    };
    for (let round = 0; round < 5; round++) {
      await Promise.all((['connect', 'partial-hello', 'h2', 'http/1.1'] as const).map(resetAfter));
    }
    expect((await http2Request(server.port, '/version')).status).toBe(200);
  });

  it('an HTTP/1.1 client that trickles its headers gets 408 and is closed', async () => {
    const socket = connectLoopbackTls(server.port, ['http/1.1']);
    await once(socket, 'secureConnect');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
    const trickle = setInterval(() => socket.write('X-Slow: 1\r\n'), 200);
    const started = Date.now();
    await once(socket, 'close');
    clearInterval(trickle);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(Buffer.concat(chunks).toString('latin1')).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('the process is alive and answers afterwards', async () => {
    expect((await http1Request(server.port, '/version')).status).toBe(200);
    expect((await http2Request(server.port, '/')).status).toBe(200);
  });
});
