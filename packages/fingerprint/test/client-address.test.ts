import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FingerprintResponse } from '../src/types.js';
import { http1Request } from './support/node-clients.js';
import { rawExchange } from './support/raw-socket.js';
import { rawHttpsExchange } from './support/raw-tls.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const GET = 'GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n';
const userDataOf = (body: string) => (JSON.parse(body) as FingerprintResponse).userData;

function proxyV2(source: Buffer, family: 0x11 | 0x21, sourcePort: number): Buffer {
  const destination = Buffer.alloc(source.length);
  const ports = Buffer.alloc(4);
  ports.writeUInt16BE(sourcePort, 0);
  ports.writeUInt16BE(443, 2);
  const addresses = Buffer.concat([source, destination, ports]);
  const header = Buffer.from([
    0x0d,
    0x0a,
    0x0d,
    0x0a,
    0x00,
    0x0d,
    0x0a,
    0x51,
    0x55,
    0x49,
    0x54,
    0x0a,
    0x21,
    family,
    0,
    0,
  ]);
  header.writeUInt16BE(addresses.length, 14);
  return Buffer.concat([header, addresses]);
}

describe('client address: PROXY protocol, X-Forwarded-For, geolocation', () => {
  let direct: TestServer;
  let behindProxy: TestServer;
  let behindBalancer: TestServer;

  beforeAll(async () => {
    [direct, behindProxy, behindBalancer] = await Promise.all([
      startTestServer(),
      startTestServer({ trustedProxies: ['127.0.0.1', '10.0.0.0/8'] }),
      startTestServer({ proxyProtocol: true }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([direct?.stop(), behindProxy?.stop(), behindBalancer?.stop()]);
  });

  it('ignores X-Forwarded-For from an untrusted peer', async () => {
    const answer = await http1Request(direct.port, '/', {
      headers: { 'x-forwarded-for': '8.8.8.8' },
    });
    expect(userDataOf(answer.body).ip).toBe('127.0.0.1');
    expect(userDataOf(answer.body).geoData).toEqual({});
  });

  it('walks X-Forwarded-For from a trusted proxy past trusted hops, and geolocates the caller', async () => {
    const answer = await http1Request(behindProxy.port, '/', {
      headers: { 'x-forwarded-for': '203.0.113.9, 8.8.8.8, 10.1.2.3' },
    });
    const userData = userDataOf(answer.body);
    expect(userData.ip).toBe('8.8.8.8');
    expect(userData.geoData).toMatchObject({ countryIso: 'US', country: 'United States' });
    expect(typeof userData.geoData.latitude).toBe('number');
    expect(typeof userData.geoData.longitude).toBe('number');
  });

  it('takes the client address from a PROXY protocol v1 header', async () => {
    const answer = await rawHttpsExchange(
      behindBalancer.port,
      GET,
      Buffer.from('PROXY TCP4 81.2.69.160 127.0.0.1 51234 443\r\n'),
    );
    expect(answer.status).toBe(200);
    const userData = userDataOf(answer.body);
    expect(userData.ip).toBe('81.2.69.160');
    expect(userData.geoData.countryIso).toBe('GB');
  });

  it('takes the client address from a PROXY protocol v2 header (IPv4 and IPv6)', async () => {
    const v4 = await rawHttpsExchange(
      behindBalancer.port,
      GET,
      proxyV2(Buffer.from([8, 8, 4, 4]), 0x11, 4000),
    );
    expect(userDataOf(v4.body).ip).toBe('8.8.4.4');
    const v6Address = Buffer.from('20010db8000000000000000000000001', 'hex');
    const v6 = await rawHttpsExchange(behindBalancer.port, GET, proxyV2(v6Address, 0x21, 4000));
    expect(userDataOf(v6.body).ip).toBe('2001:db8::1');
  });

  it('closes connections without a valid PROXY header when it is required', async () => {
    for (const bytes of [
      Buffer.from([0x16, 0x03, 0x01, 0x00, 0x05, 1, 2, 3, 4, 5]),
      Buffer.from('PROXY TCP4 not-an-ip 127.0.0.1 1 2\r\n'),
      Buffer.from(`PROXY ${'A'.repeat(200)}`),
    ]) {
      const { received, closedByServer } = await rawExchange(behindBalancer.port, bytes);
      expect(closedByServer).toBe(true);
      expect(received.length).toBe(0);
    }
    expect(
      (await rawHttpsExchange(behindBalancer.port, GET, Buffer.from('PROXY UNKNOWN\r\n'))).status,
    ).toBe(200);
  });
});
