import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browse, startPageServer, type PageServer } from './support/chromium.js';
import { seedTlsIdentity, startTestServer, type TestServer } from './support/test-server.js';

// The page reads `fp` (a comma-separated pair of service URLs) and reports what fetch saw for each.
const PAGE = `<!doctype html><meta charset="utf-8"><title>cors</title>
<script type="module">
const urls = new URL(location.href).searchParams.get('fp').split(',');
const results = [];
for (const url of urls) {
  try {
    const response = await fetch(url, { credentials: 'include', cache: 'no-store' });
    results.push({ status: response.status });
  } catch (error) {
    results.push({ error: error.name });
  }
}
await fetch('/result', { method: 'POST', body: JSON.stringify(results) });
</script>`;

describe('CORS in a real browser', () => {
  let work: string;
  let page: PageServer;
  let allowing: TestServer;
  let denying: TestServer;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'idv-fp-cors-'));
    page = await startPageServer(PAGE, await seedTlsIdentity());
    [allowing, denying] = await Promise.all([
      startTestServer({ allowOrigins: [page.origin] }),
      // Same scheme and host as the page, another port: a different origin.
      startTestServer({ allowOrigins: [`${page.origin.replace(/:\d+$/, '')}:1`] }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([allowing?.stop(), denying?.stop()]);
    await page?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('headless Chromium reads the answer of an allowed origin and is refused it otherwise', async () => {
    const results = await browse(page, `${allowing.localhostUrl}/,${denying.localhostUrl}/`, {
      keylogFile: join(work, 'keys.log'),
      userDataDir: join(work, 'profile'),
      trustedCertificatePem: (await seedTlsIdentity()).cert,
    });
    expect(results).toEqual([{ status: 200 }, { error: 'TypeError' }]);
  });
});
