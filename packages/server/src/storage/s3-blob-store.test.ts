import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { HOUR_MS } from '../lib/clock.js';
import { createLink, createTestApp } from '../testing/harness.js';
import { sampleJpeg } from '../testing/images.js';
import { S3BlobStore } from './s3-blob-store.js';
import { parseS3Url } from './s3-location.js';

/**
 * s3rver's built-in credentials. It refuses an unknown access key, but does not recompute
 * Signature V4 (its own documentation says so): the signature itself is aws4fetch's work.
 */
const KEY = 'S3RVER';

describe('S3 blob store against a real S3 server (s3rver)', () => {
  let server: S3rver;
  let directory: string;
  let endpoint: string;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'idv-s3-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: 'idv-blobs' }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('puts, gets and deletes objects, signed (an unknown access key is refused)', async () => {
    const store = new S3BlobStore(
      parseS3Url(`s3://${KEY}:${KEY}@idv-blobs/deploy-1?endpoint=${endpoint}`, {}),
    );
    const bytes = await sampleJpeg();
    await store.put('company/verification/image', bytes);
    expect((await store.get('company/verification/image'))?.equals(bytes)).toBe(true);
    expect(await store.get('company/verification/missing')).toBeUndefined();
    await store.delete('company/verification/image');
    expect(await store.get('company/verification/image')).toBeUndefined();
    await store.delete('company/verification/image');

    const stranger = new S3BlobStore(
      parseS3Url(`s3://SOMEONE:secret@idv-blobs?endpoint=${endpoint}`, {}),
    );
    await expect(stranger.put('x', bytes)).rejects.toThrow(/403[\s\S]*InvalidAccessKeyId/);
  });

  it('stores verification images in the bucket when IDV_BLOB_URL is set, and retention deletes them', async () => {
    const test = await createTestApp({
      env: {
        IDV_BLOB_URL: `s3://idv-blobs?endpoint=${encodeURIComponent(endpoint)}`,
        AWS_ACCESS_KEY_ID: KEY,
        AWS_SECRET_ACCESS_KEY: KEY,
        IDV_RETENTION_DAYS: '0',
      },
    });
    try {
      expect(test.config.blobStore.kind).toBe('s3');
      const account = await test.account('premium');
      const link = await createLink(test, account.token);
      const bytes = await sampleJpeg(80, 60);
      const image = await test.services.images.store(
        link.verificationId,
        'front',
        bytes,
        'image/jpeg',
      );
      const read = await test.inject({
        method: 'GET',
        url: `/api/v1/verifications/images/${image._id}`,
        token: account.token,
      });
      expect(read.statusCode).toBe(200);
      expect(read.rawPayload.equals(bytes)).toBe(true);
      const key = `${account.companyId}/${link.verificationId}/${image._id}`;
      expect((await test.services.blobs.get(key))?.length).toBe(bytes.length);
      test.clock.advance(26 * HOUR_MS);
      await test.services.retention.run();
      expect(await test.services.blobs.get(key)).toBeUndefined();
    } finally {
      await test.close();
    }
  });

  it('rejects unusable IDV_BLOB_URL values at configuration time', () => {
    for (const url of [
      's3://idv-blobs?endpoint=http://127.0.0.1:1',
      's3://X?endpoint=http://127.0.0.1:1',
      's3://KEY:SECRET@idv-blobs?endpoint=ftp://host',
      'gs://bucket',
    ]) {
      expect(() => loadConfig({}, { IDV_BLOB_URL: url }), url).toThrow(ConfigError);
    }
    expect(loadConfig({}, { IDV_BLOB_URL: 'file:///var/lib/idv/blobs' }).blobStore).toEqual({
      kind: 'file',
      directory: '/var/lib/idv/blobs',
    });
  });
});
