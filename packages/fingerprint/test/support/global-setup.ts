import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadOrCreateIdentifierSecret } from '../../src/lib/keys/identifier-secret.js';
import { loadOrCreateSigningKey } from '../../src/lib/keys/signing-key.js';
import { loadTlsIdentity } from '../../src/lib/keys/tls-certificate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory whose keys were generated once for the whole run (tests copy it). */
    seedDataDir: string;
  }
}

/**
 * Generating an RSA-4096 key takes seconds, so the run generates one seed data directory (by the
 * service's own first-start code) and each test copies it; one test covers first start itself.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const seed = await mkdtemp(join(tmpdir(), 'idv-fp-seed-'));
  await Promise.all([
    loadOrCreateSigningKey(seed),
    loadOrCreateIdentifierSecret(seed),
    loadTlsIdentity(seed),
  ]);
  project.provide('seedDataDir', seed);
  return () => rm(seed, { recursive: true, force: true });
}
