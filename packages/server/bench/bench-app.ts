/**
 * A test app of the server on a fresh database of a bench run (`databases.ts`), with its own
 * scratch directory, both dropped when the app is closed; rate limits off, answers unchecked by
 * the contract (the benches measure the server, not the checker).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../src/testing/harness.js';
import type { BenchDatabase } from './databases.js';

/** A test app on a fresh database of `database`, its scratch directory named by `prefix`. */
export async function benchApp(database: BenchDatabase, prefix: string): Promise<TestApp> {
  const fresh = await database.fresh();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  return createTestApp({
    contract: false,
    env: { IDV_RATE_LIMITS: 'off' },
    scratch: {
      dataDir,
      databaseUrl: fresh.url,
      drop: async () => {
        await fresh.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    },
  });
}
