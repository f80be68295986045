import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { chromiumPath, headlessFlag, quietChromiumArgs, trustCertificateArg } from '@idv/test-kit';

/**
 * The page origin of the browser test: `https://localhost:PORT` (same site as the service, so the
 * browser treats the `fp` cookie as first-party whatever its third-party cookie policy), serving
 * `html` at `/` and resolving `result` with the JSON the page POSTs to `/result`.
 */
export interface PageServer {
  origin: string;
  result: Promise<unknown>;
  close(): Promise<void>;
}

export async function startPageServer(
  html: string,
  tlsIdentity: { cert: string; key: string },
): Promise<PageServer> {
  let deliver!: (value: unknown) => void;
  const result = new Promise<unknown>((resolve) => (deliver = resolve));
  const server: Server = createServer(tlsIdentity, (request, response) => {
    if (request.method === 'POST' && request.url === '/result') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        response.writeHead(204).end();
        deliver(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      });
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://localhost:${port}`,
    result,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A headless Debian Chromium we launched; `stop()` ends its process group (ours only). */
export interface RunningChromium {
  stop(): Promise<void>;
}

/**
 * Launches Debian's Chromium (`@idv/test-kit`) headless on `url`, writing TLS secrets to `keylogFile`. The
 * service's certificate is trusted by its SPKI hash (`--ignore-certificate-errors-spki-list`)
 * rather than by ignoring all certificate errors, because Chromium does not cache answers from a
 * host with a certificate error, and the ETag round trip needs the HTTP cache.
 */
export function launchChromium(
  url: string,
  keylogFile: string,
  userDataDir: string,
  trustedCertificatePem: string,
): RunningChromium {
  const child = spawn(
    chromiumPath,
    [
      headlessFlag,
      ...quietChromiumArgs,
      trustCertificateArg(trustedCertificatePem),
      `--ssl-key-log-file=${keylogFile}`,
      `--user-data-dir=${userDataDir}`,
      url,
    ],
    { detached: true, stdio: 'ignore' },
  );
  const exited = once(child, 'exit');
  return {
    async stop() {
      if (child.exitCode === null && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
        await exited;
      }
    },
  };
}

/** Opens `page` in a fresh headless Chromium with `?fp=<fingerprintUrl>` and waits for its result. */
export async function browse(
  page: PageServer,
  fingerprintUrl: string,
  options: { userDataDir: string; keylogFile: string; trustedCertificatePem: string },
): Promise<unknown> {
  const chromium = launchChromium(
    `${page.origin}/?fp=${encodeURIComponent(fingerprintUrl)}`,
    options.keylogFile,
    options.userDataDir,
    options.trustedCertificatePem,
  );
  try {
    return await page.result;
  } finally {
    await chromium.stop();
  }
}
