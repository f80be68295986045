import { AwsClient } from 'aws4fetch';
import type { BlobStore } from './blob-store.js';
import type { S3Location } from './s3-location.js';

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
