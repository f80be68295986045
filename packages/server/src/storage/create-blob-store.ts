import type { BlobStoreConfig } from '../config.js';
import { FileBlobStore, type BlobStore } from './blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

/** The blob store of the configuration: a directory (default `<dataDir>/blobs`) or an S3-compatible bucket. */
export function createBlobStore(config: BlobStoreConfig): BlobStore {
  return config.kind === 'file' ? new FileBlobStore(config.directory) : new S3BlobStore(config.s3);
}
