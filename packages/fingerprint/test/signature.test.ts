import { execFile } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyFingerprint } from '../src/verify.js';
import { http1Request, http2Request } from './support/node-clients.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const execFileAsync = promisify(execFile);
const PREFIX = '{"userData":';

/** `openssl dgst -sha256 -verify` on the given signed bytes; true when OpenSSL says Verified OK. */
async function opensslVerifies(dir: string, publicKeyPem: string, data: Buffer, signature: Buffer) {
  await writeFile(join(dir, 'public.pem'), publicKeyPem);
  await writeFile(join(dir, 'data.bin'), data);
  await writeFile(join(dir, 'signature.bin'), signature);
  try {
    const { stdout } = await execFileAsync('openssl', [
      'dgst',
      '-sha256',
      '-verify',
      join(dir, 'public.pem'),
      '-signature',
      join(dir, 'signature.bin'),
      join(dir, 'data.bin'),
    ]);
    return stdout.trim() === 'Verified OK';
  } catch {
    return false; // openssl exits 1 with "Verification failure"
  }
}

/** The exact `userData` bytes and the signature of a raw body `{"userData":…,"signature":"…"}`. */
function splitBody(body: string): { userData: Buffer; signature: Buffer; start: number } {
  const bytes = Buffer.from(body, 'utf8');
  const marker = Buffer.from(',"signature":"');
  const end = bytes.lastIndexOf(marker);
  const signature = bytes.subarray(end + marker.length, bytes.length - 2).toString('latin1');
  return {
    userData: bytes.subarray(PREFIX.length, end),
    signature: Buffer.from(signature, 'base64'),
    start: PREFIX.length,
  };
}

describe('signature over userData', () => {
  let server: TestServer;
  let work: string;
  let publicKeyPem: string;

  beforeAll(async () => {
    server = await startTestServer();
    work = await mkdtemp(join(tmpdir(), 'idv-fp-sig-'));
    const answer = await http1Request(server.port, '/publicKey');
    const { publicKey } = JSON.parse(answer.body) as { publicKey: string };
    publicKeyPem = Buffer.from(publicKey, 'base64').toString('utf8');
  });

  afterAll(async () => {
    await server?.stop();
    await rm(work, { recursive: true, force: true });
  });

  it('/publicKey answers base64 of a 4096-bit RSA public key in PEM form', () => {
    expect(publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(publicKeyPem).toBe(server.publicKeyPem);
    const key = createPublicKey(publicKeyPem);
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(4096);
  });

  it('the body is {"userData":…,"signature":"…"} and OpenSSL verifies the userData bytes', async () => {
    for (const request of [http1Request, http2Request]) {
      const { body } = await request(server.port, '/');
      expect(body.startsWith(PREFIX)).toBe(true);
      expect(Object.keys(JSON.parse(body) as object)).toEqual(['userData', 'signature']);
      const { userData, signature } = splitBody(body);
      expect(signature.length).toBe(512);
      expect(await opensslVerifies(work, publicKeyPem, userData, signature)).toBe(true);

      for (const position of [0, Math.floor(userData.length / 2), userData.length - 1]) {
        const altered = Buffer.from(userData);
        altered[position] = altered[position]! ^ 0x01;
        expect(await opensslVerifies(work, publicKeyPem, altered, signature)).toBe(false);
      }
    }
  });

  it('verifyFingerprint accepts the raw body and refuses it after any byte of userData changes', async () => {
    const { body } = await http2Request(server.port, '/');
    const verified = verifyFingerprint(body, publicKeyPem);
    expect(verified.valid).toBe(true);
    expect(verified.userData).toEqual((JSON.parse(body) as { userData: unknown }).userData);
    expect(verifyFingerprint(Buffer.from(body), server.publicKeyPem).valid).toBe(true);

    const bytes = Buffer.from(body, 'utf8');
    const { userData, start } = splitBody(body);
    let accepted = 0;
    for (let i = start; i < start + userData.length; i++) {
      const altered = Buffer.from(bytes);
      altered[i] = altered[i]! ^ 0x01;
      if (verifyFingerprint(altered, publicKeyPem).valid) accepted++;
    }
    expect(accepted).toBe(0);
  });

  it('a pretty-printed copy of the body still verifies (same key order), a reordered one does not', async () => {
    const { body } = await http1Request(server.port, '/');
    const parsed = JSON.parse(body) as { userData: Record<string, unknown>; signature: string };
    expect(verifyFingerprint(JSON.stringify(parsed, null, 2), publicKeyPem).valid).toBe(true);
    const [firstKey, ...rest] = Object.keys(parsed.userData);
    const reordered = Object.fromEntries(
      [...rest, firstKey!].map((key) => [key, parsed.userData[key]]),
    );
    const tampered = JSON.stringify({ userData: reordered, signature: parsed.signature });
    expect(verifyFingerprint(tampered, publicKeyPem).valid).toBe(false);
  });
});
