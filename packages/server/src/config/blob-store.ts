import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BlobUrlError, parseS3Url, type S3Location } from '../storage/s3-location.js';
import { ConfigError, readUrl } from './readers.js';

/** A directory of files, or an S3-compatible bucket. */
export type BlobStoreConfig = { kind: 'file'; directory: string } | { kind: 's3'; s3: S3Location };

/** `IDV_BLOB_URL`: `s3://…` (see `parseS3Url`), `file:///dir`, or unset for `<dataDir>/blobs`. */
export function readBlobStore(env: NodeJS.ProcessEnv, dataDir: string): BlobStoreConfig {
  const blobUrl = env.IDV_BLOB_URL || undefined;
  if (blobUrl === undefined) return { kind: 'file', directory: join(dataDir, 'blobs') };
  readUrl('IDV_BLOB_URL', blobUrl, ['s3:', 'file:']);
  if (blobUrl.startsWith('file:')) return { kind: 'file', directory: fileURLToPath(blobUrl) };
  try {
    return { kind: 's3', s3: parseS3Url(blobUrl, env) };
  } catch (error) {
    if (error instanceof BlobUrlError) throw new ConfigError(error.message);
    throw error;
  }
}
