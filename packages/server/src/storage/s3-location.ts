// Where an S3-compatible blob store is: parsed from `IDV_BLOB_URL` by the configuration, apart from
// the store itself so that the configuration does not depend on storage code.

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
