import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttp2Server } from 'node:http2';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { GeoDatabase } from '../geo/geo-database.js';
import { CorsPolicy } from '../http/cors.js';
import { createRequestListener } from '../http/request-listener.js';
import {
  DEFAULT_REQUEST_LIMITS,
  RequestLimiter,
  type RequestLimits,
} from '../http/request-limiter.js';
import { createRouter, type Logger } from '../http/routes.js';
import { serviceVersion } from '../http/service-info.js';
import { IdentifierIssuer } from '../identity/identifiers.js';
import { loadOrCreateIdentifierSecret } from '../keys/identifier-secret.js';
import { ensurePrivateDirectory } from '../keys/private-file.js';
import { loadOrCreateSigningKey } from '../keys/signing-key.js';
import { loadTlsIdentity } from '../keys/tls-certificate.js';
import { TrustedProxies } from '../net/client-address.js';
import { ConnectionPipeline } from '../net/connection-pipeline.js';

/** Options of {@link startFingerprintServer}. Every one has a CLI flag and an environment twin. */
export interface FingerprintServerOptions {
  /** Directory for the signing key, identifier secret and self-signed certificate (created 0700). */
  dataDir: string;
  /** TCP port; 0 picks a free one. Default 8443. */
  port?: number;
  /** Address to listen on. Default `127.0.0.1`. */
  host?: string;
  /** Origins (scheme://host[:port]) allowed to read answers with credentials. Default none. */
  allowOrigins?: readonly string[];
  /** Key for `GET /update` (`X-API-Key`). Without one, `/update` always answers 401. */
  apiKey?: string;
  /** PEM certificate (chain) file; with `keyFile`, replaces the generated self-signed certificate. */
  certFile?: string;
  /** PEM private key file of `certFile`. */
  keyFile?: string;
  /** Addresses / CIDR ranges of proxies whose `X-Forwarded-For` is believed. */
  trustedProxies?: readonly string[];
  /** Require a PROXY protocol v1/v2 header on every connection (behind a TCP load balancer). */
  proxyProtocol?: boolean;
  /** mmdb files for `geoData`, tried in order. Default: the DB-IP City Lite files shipped in npm. */
  geoDatabaseFiles?: readonly string[];
  /** Limit for PROXY header + ClientHello + TLS handshake, ms. Default 10000. */
  handshakeTimeoutMs?: number;
  /** How long to wait for an HTTP/2 client's first HEADERS frame while reading its preface, ms. Default 1000. */
  http2PeekTimeoutMs?: number;
  /** Idle timeout of an HTTP connection or session, ms. Default 60000. */
  idleTimeoutMs?: number;
  /** Time allowed to receive an HTTP/1.1 request's headers, ms (slow clients get 408). Default 20000. */
  headersTimeoutMs?: number;
  /**
   * Budgets of `GET /` per minute: `perAddress` (client address, IPv6 by /64; default 120) and
   * `perConnection` (default 30); 0 turns one off. Beyond them: 429 with `Retry-After`.
   */
  requestLimits?: Partial<RequestLimits>;
  /** Operational log; default: silent. */
  logger?: Logger;
}

/** A running service. */
export interface RunningFingerprintServer {
  /** Base URL, e.g. `https://127.0.0.1:8443` (`https://localhost:…` when listening on a wildcard). */
  url: string;
  port: number;
  /** SPKI PEM of the signing key (what `/publicKey` answers, before base64). */
  publicKeyPem: string;
  /** Whether the TLS certificate is the generated self-signed one. */
  selfSignedCertificate: boolean;
  /** Stops listening and closes every open connection. */
  close(): Promise<void>;
}

const silent: Logger = { info() {}, warn() {}, error() {} };

/**
 * Starts the connection fingerprint service: HTTPS with ALPN `h2` and `http/1.1`, TLS terminated
 * in this process so it sees each caller's own ClientHello. Generates the RSA-4096 signing key,
 * the identifier secret and (without `certFile`) a self-signed certificate into `dataDir` on
 * first start.
 *
 * @example
 * ```ts
 * const server = await startFingerprintServer({ dataDir: './.idv-data', port: 0,
 *   allowOrigins: ['https://app.example.com'] });
 * console.log(server.url);
 * await server.close();
 * ```
 */
export async function startFingerprintServer(
  options: FingerprintServerOptions,
): Promise<RunningFingerprintServer> {
  const logger = options.logger ?? silent;
  const cors = new CorsPolicy(options.allowOrigins ?? []);
  const trustedProxies = new TrustedProxies(options.trustedProxies ?? []);
  const geo = new GeoDatabase(options.geoDatabaseFiles, (file, error) =>
    logger.error(`geolocation database ${file} failed to load: ${error.message}`),
  );
  await geo.checkFiles();
  await ensurePrivateDirectory(options.dataDir);
  const [signingKey, secret, tlsIdentity] = await allOrFirstError([
    loadOrCreateSigningKey(options.dataDir),
    loadOrCreateIdentifierSecret(options.dataDir),
    loadTlsIdentity(options.dataDir, options.certFile, options.keyFile),
  ] as const);

  const router = createRouter({
    signingKey,
    identifiers: new IdentifierIssuer(secret),
    geo,
    trustedProxies,
    cors,
    apiKey: options.apiKey || undefined,
    version: serviceVersion(),
    logger,
    limiter: new RequestLimiter({ ...DEFAULT_REQUEST_LIMITS, ...options.requestLimits }),
  });
  const listener = createRequestListener(router, logger);
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  const headersTimeout = options.headersTimeoutMs ?? 20_000;
  const http1 = createHttpServer(
    {
      headersTimeout,
      requestTimeout: headersTimeout + 10_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: Math.min(1000, headersTimeout),
    },
    listener,
  );
  http1.setTimeout(idleTimeoutMs);
  // This server never listens itself (connections are handed to it), and Node starts the checks
  // that enforce headersTimeout/requestTimeout on 'listening': start them explicitly.
  http1.emit('listening');
  const http2 = createHttp2Server({ settings: { maxConcurrentStreams: 100 } }, listener);
  http2.setTimeout(idleTimeoutMs);
  const handshakeTimeoutMs = options.handshakeTimeoutMs ?? 10_000;
  const tls = createTlsServer({
    cert: tlsIdentity.cert,
    key: tlsIdentity.key,
    ALPNProtocols: ['h2', 'http/1.1'],
    handshakeTimeout: handshakeTimeoutMs,
  });
  const pipeline = new ConnectionPipeline(tls, http1, http2, {
    proxyProtocol: options.proxyProtocol ?? false,
    handshakeTimeoutMs,
    http2PeekTimeoutMs: options.http2PeekTimeoutMs ?? 1000,
  });
  const tcp = createTcpServer((socket) => pipeline.accept(socket));

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(options.port ?? 8443, host, () => {
      tcp.off('error', reject);
      resolve();
    });
  });
  const { port } = tcp.address() as AddressInfo;
  const url = `https://${urlHost(host)}:${port}`;
  logger.info(`fingerprint service listening on ${url}`);

  return {
    url,
    port,
    publicKeyPem: signingKey.publicKeyPem,
    selfSignedCertificate: tlsIdentity.selfSigned,
    close: () =>
      new Promise<void>((resolve) => {
        tcp.close(() => resolve());
        pipeline.destroyAll();
        http1.close(() => {}); // stops the timeout checks; the server itself never listened
      }),
  };
}

/** Like `Promise.all`, but waits for every task to settle first, so nothing still writes to the data directory after a failure. */
async function allOrFirstError<T extends readonly unknown[]>(
  tasks: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  // Widened for the call: the mapped tuple type hides from the linter that each task is a promise.
  const settled = await Promise.allSettled(tasks as readonly Promise<unknown>[]);
  const failure = settled.find((result) => result.status === 'rejected');
  if (failure) throw (failure as PromiseRejectedResult).reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
