import { execFile } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTIFIER_SECRET_FILE } from '../src/lib/keys/identifier-secret.js';
import { SIGNING_KEY_FILE } from '../src/lib/keys/signing-key.js';
import { SELF_SIGNED_CERT_FILE, SELF_SIGNED_KEY_FILE } from '../src/lib/keys/tls-certificate.js';
import { startFingerprintServer } from '../src/index.js';

const execFileAsync = promisify(execFile);

async function peerCertificate(port: number): Promise<X509Certificate> {
  const socket = connect({
    host: '127.0.0.1',
    port,
    servername: 'localhost',
    rejectUnauthorized: false,
  });
  await once(socket, 'secureConnect');
  const certificate = socket.getPeerX509Certificate();
  socket.destroy();
  return certificate!;
}

describe('first start and configured certificates', () => {
  let work: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'idv-fp-first-'));
  });

  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('generates an RSA-4096 signing key, a secret and a self-signed certificate (0600), then reuses them', async () => {
    const dataDir = join(work, 'data');
    const server = await startFingerprintServer({ dataDir, port: 0 });
    try {
      expect(server.selfSignedCertificate).toBe(true);
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      for (const file of [
        SIGNING_KEY_FILE,
        IDENTIFIER_SECRET_FILE,
        SELF_SIGNED_CERT_FILE,
        SELF_SIGNED_KEY_FILE,
      ]) {
        expect((await stat(join(dataDir, file))).mode & 0o777, file).toBe(0o600);
      }
      const key = createPrivateKey(await readFile(join(dataDir, SIGNING_KEY_FILE), 'utf8'));
      expect(key.asymmetricKeyType).toBe('rsa');
      expect(key.asymmetricKeyDetails?.modulusLength).toBe(4096);

      const certificate = await peerCertificate(server.port);
      expect(certificate.subjectAltName).toBe(
        'DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1',
      );
      const stored = new X509Certificate(
        await readFile(join(dataDir, SELF_SIGNED_CERT_FILE), 'utf8'),
      );
      expect(certificate.fingerprint256).toBe(stored.fingerprint256);
    } finally {
      await server.close();
    }

    const again = await startFingerprintServer({ dataDir, port: 0 });
    await again.close();
    expect(again.publicKeyPem).toBe(server.publicKeyPem);
  });

  it('serves a real certificate given by configuration', async () => {
    const certFile = join(work, 'cert.pem');
    const keyFile = join(work, 'key.pem');
    await execFileAsync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      '/CN=fp.example.test',
      '-addext',
      'subjectAltName=DNS:fp.example.test',
    ]);
    const dataDir = join(work, 'configured');
    const server = await startFingerprintServer({ dataDir, port: 0, certFile, keyFile });
    try {
      expect(server.selfSignedCertificate).toBe(false);
      const certificate = await peerCertificate(server.port);
      expect(certificate.subject).toBe('CN=fp.example.test');
      await expect(stat(join(dataDir, SELF_SIGNED_CERT_FILE))).rejects.toThrow();
    } finally {
      await server.close();
    }
  });

  it('refuses to start on a signing key that is not RSA-4096', async () => {
    const dataDir = join(work, 'weak');
    await execFileAsync('openssl', ['genrsa', '-out', join(work, 'weak.pem'), '2048']);
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, SIGNING_KEY_FILE), await readFile(join(work, 'weak.pem')));
    await expect(startFingerprintServer({ dataDir, port: 0 })).rejects.toThrow(/4096/);
  });
});
