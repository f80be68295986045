import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FingerprintResponse } from '../src/types.js';
import { browse, startPageServer, type PageServer } from './support/chromium.js';
import { captureDuring } from './support/capture.js';
import { curlGet, type CurlAnswer } from './support/curl.js';
import { http1Request, http2Request, type ClientAnswer } from './support/node-clients.js';
import { connectionServing, expectAgreesWithOracle } from './support/oracle-expectations.js';
import { seedTlsIdentity, startTestServer, type TestServer } from './support/test-server.js';
import { readCapture, type OracleConnection } from './support/tshark-oracle.js';

// Every client below is real, and every comparison is per connection: the capture is decrypted
// with the client's own key log and each response body is matched to the TCP connection that
// carried it, whose ClientHello and HTTP/2 preface tshark decodes independently.

const CHROMIUM_PAGE = `<!doctype html><meta charset="utf-8"><title>fp</title>
<script type="module">
const fingerprintUrl = new URL(location.href).searchParams.get('fp');
const results = [];
const calls = [
  { credentials: 'include', cache: 'default' },
  { credentials: 'include', cache: 'no-cache' },
  { credentials: 'include', cache: 'default' },
  // Chromium keeps uncredentialed requests on a separate connection: a second ClientHello.
  { credentials: 'omit', cache: 'no-store' },
];
for (const init of calls) {
  try {
    const response = await fetch(fingerprintUrl, init);
    results.push({ status: response.status, body: await response.text() });
  } catch (error) {
    results.push({ error: String(error) });
  }
}
await fetch('/result', { method: 'POST', body: JSON.stringify(results) });
</script>`;

interface PageResult {
  status?: number;
  body?: string;
  error?: string;
}

/** One HTTP/1.1 and one HTTP/2 answer, each agreeing with tshark on the connection that carried it. */
function expectBothAgree(
  connections: OracleConnection[],
  ...answers: [OneAnswer, OneAnswer]
): void {
  answers.forEach((answer, index) => {
    expect(answer.status).toBe(200);
    const connection = connectionServing(connections, answer.body);
    expect(connection.clientPort).toBe(answer.localPort);
    const response = JSON.parse(answer.body) as FingerprintResponse;
    expectAgreesWithOracle(response, connection, index === 0 ? 'http/1.1' : 'h2');
  });
}

type OneAnswer = { status: number; body: string; localPort: number };

describe('fingerprints agree with tshark on real clients', () => {
  let work: string;
  let page: PageServer;
  let server: TestServer;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'idv-fp-oracle-'));
    page = await startPageServer(CHROMIUM_PAGE, await seedTlsIdentity());
    server = await startTestServer({ allowOrigins: [page.origin] });
  });

  afterAll(async () => {
    await server?.stop();
    await page?.close();
    await rm(work, { recursive: true, force: true });
  });

  it("Node's tls/https (HTTP/1.1) and http2 clients", async () => {
    const keylog = join(work, 'node-keys.log');
    const { result, pcapFile } = await captureDuring(server.port, work, async () => [
      await http1Request(server.port, '/', { keylogFile: keylog }),
      await http2Request(server.port, '/', { keylogFile: keylog }),
    ]);
    const [h1, h2] = result as [ClientAnswer, ClientAnswer];
    const connections = await readCapture(pcapFile, keylog, server.port);

    expectBothAgree(connections, h1, h2);
  });

  it('curl over HTTP/1.1 and HTTP/2', async () => {
    const keylog = join(work, 'curl-keys.log');
    const { result, pcapFile } = await captureDuring(server.port, work, async () => [
      await curlGet(server.port, '/', '--http1.1', keylog, work),
      await curlGet(server.port, '/', '--http2', keylog, work),
    ]);
    const [h1, h2] = result as [CurlAnswer, CurlAnswer];
    const connections = await readCapture(pcapFile, keylog, server.port);

    expect([h1.httpVersion, h2.httpVersion]).toEqual(['1.1', '2']);
    expectBothAgree(connections, h1, h2);
  });

  it("Debian's headless Chromium: per-connection JA3/HTTP2, cookie and ETag round trips", async () => {
    const keylog = join(work, 'chromium-keys.log');
    const fingerprintUrl = `${server.localhostUrl}/`;
    const { result, pcapFile } = await captureDuring(server.port, work, async () =>
      browse(page, fingerprintUrl, {
        keylogFile: keylog,
        userDataDir: join(work, 'chromium-profile'),
        trustedCertificatePem: (await seedTlsIdentity()).cert,
      }),
    );
    const results = result as PageResult[];
    const connections = await readCapture(pcapFile, keylog, server.port);

    expect(results.map((r) => r.error ?? r.status)).toEqual([200, 200, 200, 200]);
    const [first, fresh, revalidated, uncredentialed] = results.map(
      (r) => JSON.parse(r.body!) as FingerprintResponse,
    ) as [FingerprintResponse, FingerprintResponse, FingerprintResponse, FingerprintResponse];

    // Per connection: each distinct body is matched to the connection that carried it.
    for (const body of new Set(results.map((r) => r.body!))) {
      const connection = connectionServing(connections, body);
      expectAgreesWithOracle(JSON.parse(body) as FingerprintResponse, connection, 'h2');
    }
    expect(first.userData.tlsFingerprintSslGreased).toBe('1');
    // Two connections, two ClientHellos: Chromium permutes its extensions per connection, so the
    // JA3 strings differ while holding the same extensions.
    const credentialedConnection = connectionServing(connections, results[0]!.body!);
    const otherConnection = connectionServing(connections, results[3]!.body!);
    expect(otherConnection.tcpStream).not.toBe(credentialedConnection.tcpStream);
    const extensions = (ja3: string) => ja3.split(',')[2]!.split('-');
    const [a, b] = [first, uncredentialed].map((r) => extensions(r.userData.tlsFingerprint));
    expect([...a!].sort()).toEqual([...b!].sort());
    expect(a).not.toEqual(b);

    // ETag: issued on the first call, sent back on the second (fetch cache 'no-cache' adds
    // Cache-Control: max-age=0 and gets a fresh signed answer), revalidated with a 304 on the third
    // (the browser then serves its stored copy of the second answer).
    expect(first.userData.etagFirstRequest).toBe(true);
    expect(fresh.userData.etag).toBe(first.userData.etag);
    expect(fresh.userData.etagFirstRequest).toBe(false);
    expect(fresh.userData.headers['if-none-match']).toBe(`"${first.userData.etag}"`);
    expect(results[2]!.body).toBe(results[1]!.body);
    expect(revalidated.userData.timeStampUtc).toBe(fresh.userData.timeStampUtc);
    const statuses = connections.flatMap((connection) => connection.responseStatuses);
    expect(statuses).toContain(304);

    // Cookie: issued on the first call, sent back by the browser on the second.
    expect(fresh.userData.cookie).toBe(first.userData.cookie);
    expect(fresh.userData.headers.cookie).toBe(`fp=${first.userData.cookie}`);
  });
});
