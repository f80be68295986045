import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { SELF_SIGNED_CERT_FILE, SELF_SIGNED_KEY_FILE } from '../../src/lib/keys/tls-certificate.js';
import {
  startFingerprintServer,
  type FingerprintServerOptions,
  type RunningFingerprintServer,
} from '../../src/server.js';

/** A running service on a fresh copy of the seed data directory; `stop()` removes both. */
export interface TestServer extends RunningFingerprintServer {
  dataDir: string;
  /** `https://localhost:PORT` (SNI on, matches the certificate). */
  localhostUrl: string;
  stop(): Promise<void>;
}

/** Starts the real service on port 0 with the run's pre-generated keys. */
export async function startTestServer(
  options: Partial<FingerprintServerOptions> = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'idv-fp-test-'));
  await cp(inject('seedDataDir'), dataDir, { recursive: true });
  const server = await startFingerprintServer({ port: 0, ...options, dataDir });
  return {
    ...server,
    dataDir,
    localhostUrl: `https://localhost:${server.port}`,
    stop: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The self-signed certificate and key every test server presents (from the run's seed). */
export async function seedTlsIdentity(): Promise<{ cert: string; key: string }> {
  const seed = inject('seedDataDir');
  return {
    cert: await readFile(join(seed, SELF_SIGNED_CERT_FILE), 'utf8'),
    key: await readFile(join(seed, SELF_SIGNED_KEY_FILE), 'utf8'),
  };
}
