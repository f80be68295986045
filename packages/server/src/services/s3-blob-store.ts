import { AwsClient } from 'aws4fetch';
import type { BlobStore } from './blob-store.js';

/** Where an S3-compatible store is and how to sign for it. */
export interface S3Location {
  bucket: string;
  /** Base address of an S3-compatible server (MinIO, Ceph RGW, …); AWS S3 itself when absent. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string | undefined;
  /** Key prefix inside the bucket (no leading slash, ends with `/` when set). */
  prefix: string;
  /** Bucket in the host name (`bucket.endpoint`) instead of the path. */
  virtualHosted: boolean;
}

/** Thrown for an `IDV_BLOB_URL` that cannot be used. */
export class BlobUrlError extends Error {
  override name = 'BlobUrlError';
}

/**
 * Reads `s3://[ACCESS_KEY:SECRET@]bucket[/prefix]?endpoint=URL&region=R&virtualHosted=true`.
 * Credentials come from the URL or from `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`
 * (`AWS_SESSION_TOKEN`), the region from the URL, `AWS_REGION` or `us-east-1`.
 */
export function parseS3Url(raw: string, env: NodeJS.ProcessEnv = process.env): S3Location {
  const url = new URL(raw);
  if (url.protocol !== 's3:') throw new BlobUrlError('IDV_BLOB_URL must start with s3://');
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new BlobUrlError(`IDV_BLOB_URL: "${bucket}" is not a valid bucket name`);
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\//.test(endpoint))
    throw new BlobUrlError('IDV_BLOB_URL: endpoint must be an http(s) URL');
  const accessKeyId = decodeURIComponent(url.username) || env.AWS_ACCESS_KEY_ID || '';
  const secretAccessKey = decodeURIComponent(url.password) || env.AWS_SECRET_ACCESS_KEY || '';
  if (accessKeyId === '' || secretAccessKey === '') {
    throw new BlobUrlError(
      'IDV_BLOB_URL: credentials missing (s3://KEY:SECRET@bucket or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)',
    );
  }
  const path = url.pathname.replace(/^\/+|\/+$/g, '');
  return {
    bucket,
    endpoint: endpoint?.replace(/\/+$/, ''),
    region: url.searchParams.get('region') ?? env.AWS_REGION ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    sessionToken: env.AWS_SESSION_TOKEN || undefined,
    prefix: path === '' ? '' : `${path}/`,
    virtualHosted: url.searchParams.get('virtualHosted') === 'true' || endpoint === undefined,
  };
}

/**
 * Blobs in an S3-compatible bucket (PUT, GET, DELETE object), signed with AWS Signature V4 by
 * `aws4fetch`. Lets any number of server processes share images (DESIGN §1 scale-out).
 */
export class S3BlobStore implements BlobStore {
  readonly #client: AwsClient;
  readonly #base: string;

  constructor(private readonly location: S3Location) {
    this.#client = new AwsClient({
      accessKeyId: location.accessKeyId,
      secretAccessKey: location.secretAccessKey,
      sessionToken: location.sessionToken,
      service: 's3',
      region: location.region,
      retries: 2,
    });
    const endpoint = location.endpoint ?? `https://s3.${location.region}.amazonaws.com`;
    if (location.virtualHosted) {
      const url = new URL(endpoint);
      url.hostname = `${location.bucket}.${url.hostname}`;
      this.#base = url.toString().replace(/\/+$/, '');
    } else {
      this.#base = `${endpoint}/${location.bucket}`;
    }
  }

  private url(key: string): string {
    const path = `${this.location.prefix}${key}`
      .split('/')
      .map((part) => encodeURIComponent(part))
      .join('/');
    return `${this.#base}/${path}`;
  }

  private async fail(operation: string, key: string, response: Response): Promise<never> {
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    throw new Error(`S3 ${operation} ${key} answered ${response.status} ${detail}`);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const response = await this.#client.fetch(this.url(key), {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { 'content-type': 'application/octet-stream' },
    });
    if (!response.ok) await this.fail('PUT', key, response);
    await response.body?.cancel();
  }

  async get(key: string): Promise<Buffer | undefined> {
    const response = await this.#client.fetch(this.url(key), { method: 'GET' });
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok) await this.fail('GET', key, response);
    return Buffer.from(await response.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const response = await this.#client.fetch(this.url(key), { method: 'DELETE' });
    if (!response.ok && response.status !== 404) await this.fail('DELETE', key, response);
    await response.body?.cancel();
  }
}
