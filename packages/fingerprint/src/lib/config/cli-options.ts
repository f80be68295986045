import { parseArgs } from 'node:util';
import type { RequestLimits } from '../http/request-limiter.js';
import type { FingerprintServerOptions } from '../server/fingerprint-server.js';

/** Usage text of `idv-fingerprint`. */
export const USAGE = `Usage: idv-fingerprint start [options]

Runs the connection fingerprint service (HTTPS, HTTP/2 + HTTP/1.1).

Options (environment twin in brackets; a flag wins over its twin):
  --port N               TCP port, 0 for any free one        [IDV_FINGERPRINT_PORT] (8443)
  --host ADDR            address to listen on                [IDV_FINGERPRINT_HOST] (127.0.0.1)
  --data-dir DIR         keys, secret, self-signed cert      [IDV_DATA_DIR] (./.idv-data)
  --allow-origin URL     CORS origin allowed with credentials, repeatable
                                                             [IDV_FINGERPRINT_ALLOW_ORIGINS, comma-separated]
  --api-key KEY          key for GET /update (X-API-Key)     [IDV_FINGERPRINT_API_KEY]
  --cert FILE --key FILE PEM certificate and key instead of the self-signed one
                                                             [IDV_FINGERPRINT_CERT, IDV_FINGERPRINT_KEY]
  --trusted-proxy CIDR   proxy whose X-Forwarded-For is believed, repeatable
                                                             [IDV_FINGERPRINT_TRUSTED_PROXIES, comma-separated]
  --proxy-protocol       require a PROXY protocol v1/v2 header on every connection
                                                             [IDV_FINGERPRINT_PROXY_PROTOCOL=true]
  --geo-db FILE          mmdb geolocation database, repeatable (default: DB-IP City Lite)
                                                             [IDV_FINGERPRINT_GEO_DB, comma-separated]
  --ip-rate-limit N      signed GET / answers per client address per minute (IPv6: per /64), 0 = off
                                                             [IDV_FINGERPRINT_IP_RATE_LIMIT] (120)
  --connection-rate-limit N
                         signed GET / answers per connection per minute, 0 = off
                                                             [IDV_FINGERPRINT_CONNECTION_RATE_LIMIT] (30)
  -h, --help             this text
`;

/** What the command line asks for. */
export type CliCommand =
  | { command: 'help' }
  | { command: 'start'; options: FingerprintServerOptions }
  | { command: 'error'; message: string };

/**
 * Turns `argv` (without `node` and the script) and the environment into server options. Pure:
 * no I/O, so every flag and twin is unit-tested.
 */
export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv): CliCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        'api-key': { type: 'string' },
        cert: { type: 'string' },
        key: { type: 'string' },
        'trusted-proxy': { type: 'string', multiple: true },
        'proxy-protocol': { type: 'boolean' },
        'geo-db': { type: 'string', multiple: true },
        'ip-rate-limit': { type: 'string' },
        'connection-rate-limit': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return { command: 'error', message: (error as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) return { command: 'help' };
  if (positionals.length !== 1 || positionals[0] !== 'start') {
    return { command: 'error', message: `Unknown command: ${positionals.join(' ')}` };
  }

  const portText = values.port ?? env.IDV_FINGERPRINT_PORT ?? '8443';
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) {
    return { command: 'error', message: `Invalid port: ${portText}` };
  }
  const proxyProtocolText = env.IDV_FINGERPRINT_PROXY_PROTOCOL?.toLowerCase();
  if (proxyProtocolText && !['true', 'false', '1', '0'].includes(proxyProtocolText)) {
    return { command: 'error', message: 'IDV_FINGERPRINT_PROXY_PROTOCOL must be true or false' };
  }
  const cert = values.cert ?? env.IDV_FINGERPRINT_CERT;
  const key = values.key ?? env.IDV_FINGERPRINT_KEY;
  if (Boolean(cert) !== Boolean(key)) {
    return { command: 'error', message: '--cert and --key must be given together' };
  }
  const geoDatabaseFiles = values['geo-db'] ?? list(env.IDV_FINGERPRINT_GEO_DB);
  const requestLimits: Partial<RequestLimits> = {};
  for (const [flag, twin, field] of [
    ['ip-rate-limit', 'IDV_FINGERPRINT_IP_RATE_LIMIT', 'perAddress'],
    ['connection-rate-limit', 'IDV_FINGERPRINT_CONNECTION_RATE_LIMIT', 'perConnection'],
  ] as const) {
    const text = values[flag] ?? env[twin];
    if (text === undefined || text === '') continue;
    if (!/^\d{1,7}$/.test(text))
      return {
        command: 'error',
        message: `--${flag} / ${twin} must be a whole number (got ${text})`,
      };
    requestLimits[field] = Number(text);
  }

  const options: FingerprintServerOptions = {
    port: Number(portText),
    host: values.host ?? env.IDV_FINGERPRINT_HOST ?? '127.0.0.1',
    dataDir: values['data-dir'] ?? env.IDV_DATA_DIR ?? './.idv-data',
    allowOrigins: values['allow-origin'] ?? list(env.IDV_FINGERPRINT_ALLOW_ORIGINS),
    trustedProxies: values['trusted-proxy'] ?? list(env.IDV_FINGERPRINT_TRUSTED_PROXIES),
    proxyProtocol:
      values['proxy-protocol'] ?? (proxyProtocolText === 'true' || proxyProtocolText === '1'),
  };
  const apiKey = values['api-key'] ?? env.IDV_FINGERPRINT_API_KEY;
  if (apiKey) options.apiKey = apiKey;
  if (cert && key) {
    options.certFile = cert;
    options.keyFile = key;
  }
  if (geoDatabaseFiles.length > 0) options.geoDatabaseFiles = geoDatabaseFiles;
  if (Object.keys(requestLimits).length > 0) options.requestLimits = requestLimits;
  return { command: 'start', options };
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}
