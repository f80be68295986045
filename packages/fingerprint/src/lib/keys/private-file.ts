import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Creates `dir` (and parents) readable only by the owner when it does not exist yet. */
export async function ensurePrivateDirectory(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
}

/**
 * Reads `file`, or creates it with `create()` when it does not exist: written to a temporary file
 * with mode 0600 and linked into place, so two processes starting together on one data directory
 * never see a half-written file and the first writer wins (the loser reads the winner's file).
 */
export async function readOrCreatePrivateFile(
  file: string,
  create: () => Promise<string> | string,
): Promise<string> {
  const existing = await readIfExists(file);
  if (existing !== undefined) return existing;
  await ensurePrivateDirectory(dirname(file));
  const content = await create();
  const temporary = join(dirname(file), `.${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(temporary, content, { mode: 0o600, flag: 'wx' });
  await chmod(temporary, 0o600);
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(temporary);
  }
  return readFile(file, 'utf8');
}

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
