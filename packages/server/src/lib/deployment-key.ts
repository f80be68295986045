import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** File name of the generated deployment key inside the data directory. */
export const SECRET_KEY_FILE = 'secret.key';

/** Keys derived from the one deployment key, each for one purpose. */
export interface DeploymentKeys {
  /** AES-256-GCM key sealing client and webhook secrets at rest. */
  encryptionKey: Buffer;
  /** Pepper of the hashes that replace identity fields on anonymization. */
  anonymizationPepper: Buffer;
}

function parseKey(text: string, origin: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) {
    throw new Error(
      `${origin} must hold 32 bytes, as 64 hex characters or base64 (got ${key.length} bytes)`,
    );
  }
  return key;
}

/**
 * Reads the deployment key: `IDV_SECRET_KEY` when set, else `<dataDir>/secret.key`, generated on first
 * use with mode 0600. Creation is exclusive, so two processes starting together agree on one key.
 */
export function loadDeploymentKey(dataDir: string, configured: string | undefined): Buffer {
  if (configured !== undefined) return parseKey(configured, 'IDV_SECRET_KEY');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, SECRET_KEY_FILE);
  try {
    writeFileSync(path, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseKey(readFileSync(path, 'utf8'), path);
}

/** Derives the purpose keys from the deployment key (HKDF-SHA256). */
export function deriveDeploymentKeys(master: Buffer): DeploymentKeys {
  const derive = (info: string) =>
    Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
  return {
    encryptionKey: derive('idv secret-box v1'),
    anonymizationPepper: derive('idv anonymization pepper v1'),
  };
}
