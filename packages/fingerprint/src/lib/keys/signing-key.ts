import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { readOrCreatePrivateFile } from './private-file.js';

const generateKeyPairAsync = promisify(generateKeyPair);

/** File names of the signing key inside the data directory. */
export const SIGNING_KEY_FILE = 'fingerprint-signing-key.pem';
/** Modulus length of the signing key (the spec's 4096-bit RSA key). */
export const SIGNING_KEY_BITS = 4096;

/** The RSA key pair that signs `userData`. */
export interface SigningKeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** SPKI PEM of the public key, as `/publicKey` publishes it (base64-encoded). */
  publicKeyPem: string;
}

/**
 * Loads the RSA-4096 signing key from `dataDir`, generating it on first start (PKCS#8 PEM, mode
 * 0600). Refuses a file that holds anything but an RSA key of at least 4096 bits.
 */
export async function loadOrCreateSigningKey(dataDir: string): Promise<SigningKeyPair> {
  const pem = await readOrCreatePrivateFile(join(dataDir, SIGNING_KEY_FILE), async () => {
    const { privateKey } = await generateKeyPairAsync('rsa', { modulusLength: SIGNING_KEY_BITS });
    return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  });
  const privateKey = createPrivateKey(pem);
  const bits = privateKey.asymmetricKeyDetails?.modulusLength ?? 0;
  if (privateKey.asymmetricKeyType !== 'rsa' || bits < SIGNING_KEY_BITS) {
    throw new Error(
      `${SIGNING_KEY_FILE} must hold an RSA key of at least ${SIGNING_KEY_BITS} bits`,
    );
  }
  const publicKey = createPublicKey(privateKey);
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey, publicKey, publicKeyPem };
}
