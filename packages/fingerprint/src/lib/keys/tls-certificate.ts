import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { readOrCreatePrivateFile } from './private-file.js';

/** The certificate and key the TLS endpoint presents. */
export interface TlsIdentity {
  cert: string;
  key: string;
  /** True when the pair is the generated self-signed one. */
  selfSigned: boolean;
}

/** Files of the generated certificate inside the data directory. */
export const SELF_SIGNED_CERT_FILE = join('tls', 'self-signed-cert.pem');
export const SELF_SIGNED_KEY_FILE = join('tls', 'self-signed-key.pem');
const VALIDITY_DAYS = 365;
const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;

/**
 * The TLS certificate: the operator's own (`certFile` + `keyFile`, PEM) when configured, else a
 * self-signed ECDSA P-256 certificate for localhost, 127.0.0.1 and ::1 generated into the data
 * directory on first start and regenerated when it is about to expire.
 */
export async function loadTlsIdentity(
  dataDir: string,
  certFile?: string,
  keyFile?: string,
): Promise<TlsIdentity> {
  if (certFile || keyFile) {
    if (!certFile || !keyFile) throw new Error('--cert and --key must be given together');
    const [cert, key] = await Promise.all([readFile(certFile, 'utf8'), readFile(keyFile, 'utf8')]);
    return { cert, key, selfSigned: false };
  }
  const certPath = join(dataDir, SELF_SIGNED_CERT_FILE);
  const keyPath = join(dataDir, SELF_SIGNED_KEY_FILE);
  let identity = await readSelfSigned(certPath, keyPath);
  if (identity && expiresSoon(identity.cert)) {
    await Promise.all([rm(certPath, { force: true }), rm(keyPath, { force: true })]);
    identity = undefined;
  }
  return identity ?? createSelfSigned(certPath, keyPath);
}

async function readSelfSigned(certPath: string, keyPath: string): Promise<TlsIdentity | undefined> {
  try {
    const [cert, key] = await Promise.all([readFile(certPath, 'utf8'), readFile(keyPath, 'utf8')]);
    return { cert, key, selfSigned: true };
  } catch {
    return undefined;
  }
}

async function createSelfSigned(certPath: string, keyPath: string): Promise<TlsIdentity> {
  const notBeforeDate = new Date(Date.now() - 60_000);
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate: new Date(notBeforeDate.getTime() + VALIDITY_DAYS * 24 * 60 * 60 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  // The key is written first: a certificate file never exists without its key.
  const key = await readOrCreatePrivateFile(keyPath, () => pems.private);
  const cert = await readOrCreatePrivateFile(certPath, () => pems.cert);
  if (!new X509Certificate(cert).checkPrivateKey(createPrivateKey(key))) {
    throw new Error(`${certPath} does not match ${keyPath}: remove both to regenerate them`);
  }
  return { cert, key, selfSigned: true };
}

function expiresSoon(certPem: string): boolean {
  try {
    return new Date(new X509Certificate(certPem).validTo).getTime() - Date.now() < RENEW_BEFORE_MS;
  } catch {
    return true;
  }
}
