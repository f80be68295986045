import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { readOrCreatePrivateFile } from './private-file.js';

/** File name of the HMAC secret that tags cookie and ETag identifiers. */
export const IDENTIFIER_SECRET_FILE = 'fingerprint-identifier-secret';

/** Loads (or creates, 256 random bits, mode 0600) the identifier secret kept in `dataDir`. */
export async function loadOrCreateIdentifierSecret(dataDir: string): Promise<Buffer> {
  const text = await readOrCreatePrivateFile(join(dataDir, IDENTIFIER_SECRET_FILE), () =>
    randomBytes(32).toString('base64'),
  );
  const secret = Buffer.from(text.trim(), 'base64');
  if (secret.length < 32) throw new Error(`${IDENTIFIER_SECRET_FILE} is too short`);
  return secret;
}
