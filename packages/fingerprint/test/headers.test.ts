import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FingerprintResponse } from '../src/types.js';
import { http2Request } from './support/node-clients.js';
import { rawHttpsExchange } from './support/raw-tls.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const userDataOf = (body: string) => (JSON.parse(body) as FingerprintResponse).userData;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('headers exactly as received', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('HTTP/1.1: names keep their case and order; repeated names join', async () => {
    const request =
      'GET / HTTP/1.1\r\n' +
      'Host: localhost\r\n' +
      'X-MiXeD-Case: one\r\n' +
      'accept: */*\r\n' +
      'X-MiXeD-Case: two\r\n' +
      'Connection: close\r\n\r\n';
    const answer = await rawHttpsExchange(server.port, request);
    const userData = userDataOf(answer.body);
    expect(Object.entries(userData.headers)).toEqual([
      ['Host', 'localhost'],
      ['X-MiXeD-Case', 'one, two'],
      ['accept', '*/*'],
      ['Connection', 'close'],
    ]);
    expect(userData.headerSignature).toBe(
      sha256('Host,X-MiXeD-Case,accept,X-MiXeD-Case,Connection'),
    );
  });

  it('HTTP/2: the decoded header list, pseudo-headers first as sent', async () => {
    const answer = await http2Request(server.port, '/', {
      headers: { 'x-one': '1', accept: 'text/plain' },
    });
    const userData = userDataOf(answer.body);
    const names = Object.keys(userData.headers);
    // Node's HTTP/2 client sends :method, :path, :authority, :scheme (its own order).
    expect(names.slice(0, 4)).toEqual([':method', ':path', ':authority', ':scheme']);
    expect(userData.headers).toMatchObject({
      ':method': 'GET',
      ':path': '/',
      'x-one': '1',
      accept: 'text/plain',
    });
    expect(userData.headerSignature).toBe(sha256(names.join(',')));
    expect(userData.http2Fingerprint?.endsWith('|m,p,a,s')).toBe(true);
  });

  it('the header signature ignores the identifiers coming back (cookie, if-none-match)', async () => {
    const first = userDataOf(
      (await http2Request(server.port, '/', { headers: { 'x-a': '1' } })).body,
    );
    const second = userDataOf(
      (
        await http2Request(server.port, '/', {
          headers: { 'x-a': '1', cookie: `fp=${first.cookie}`, 'if-none-match': 'W/"x"' },
        })
      ).body,
    );
    expect(second.headers.cookie).toBe(`fp=${first.cookie}`);
    expect(second.headerSignature).toBe(first.headerSignature);
  });
});
