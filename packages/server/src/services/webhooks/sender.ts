import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from '../../lib/ssrf.js';

/** Outcome of one HTTP attempt. */
export interface SendResult {
  /** HTTP status of the answer, or null when none arrived. */
  statusCode: number | null;
  /** Why no usable answer arrived (timeout, refused address, network error, redirect). */
  error: string | null;
  /** Success only on 200, 201, 202, 204 (spec: Delivery). */
  success: boolean;
  durationMs: number;
}

/** What one attempt sends. */
export interface SendRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Allow loopback and private targets (`IDV_WEBHOOK_ALLOW_PRIVATE=true`). */
  allowPrivate: boolean;
}

const SUCCESS_STATUSES = new Set([200, 201, 202, 204]);
/** At most this much of an answer is read (then the connection is dropped). */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Thrown by the pinned lookup when the host resolves to an address webhooks may not reach. */
class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
}

/**
 * A DNS lookup that resolves the host once, refuses it when any of its addresses is not public
 * (unless allowed), and answers only the address it checked: the connection goes to exactly the
 * address that passed the check, so a DNS answer that changes between check and connect (DNS
 * rebinding) cannot redirect the request to an internal address.
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((entry) => !isPublicAddress(entry.address));
      if (!allowPrivate && refused !== undefined) {
        return callback(
          new RefusedAddressError(
            // Never the address itself: the attempt's error is shown to the account holder.
            `refused: ${hostname} resolves to a loopback, private or reserved address`,
          ),
          '',
          0,
        );
      }
      const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
      const usable = addresses.filter((entry) => wanted === undefined || entry.family === wanted);
      const pinned = usable[0];
      if (pinned === undefined) return callback(new Error(`${hostname} has no address`), '', 0);
      if (options.all === true)
        return (callback as (e: null, a: typeof usable) => void)(null, [pinned]);
      callback(null, pinned.address, pinned.family);
    });
  };
}

/**
 * POSTs one webhook attempt. Never follows a redirect (a 3xx is a failed attempt), gives up after
 * `timeoutMs` in total, checks the target address at connect time against SSRF (see
 * `guardedLookup`; an IP literal is checked directly), reads at most 64 KB of the answer.
 */
export function sendWebhook(request: SendRequest): Promise<SendResult> {
  const started = performance.now();
  const finish = (statusCode: number | null, error: string | null): SendResult => ({
    statusCode,
    error,
    success: statusCode !== null && error === null && SUCCESS_STATUSES.has(statusCode),
    durationMs: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.resolve(finish(null, 'invalid url'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.resolve(finish(null, 'url must use https'));
  if (url.protocol !== 'https:' && !request.allowPrivate)
    return Promise.resolve(finish(null, 'url must use https'));
  const bareHost = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(bareHost) !== 0 && !request.allowPrivate && !isPublicAddress(bareHost)) {
    return Promise.resolve(
      finish(null, `refused: ${bareHost} is a loopback, private or reserved address`),
    );
  }
  const client = url.protocol === 'https:' ? https : http;
  const body = Buffer.from(request.body, 'utf8');
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(body.length) },
        lookup: guardedLookup(request.allowPrivate),
        agent: false,
      },
      (response) => {
        const statusCode = response.statusCode ?? null;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => {
          const redirect = statusCode !== null && statusCode >= 300 && statusCode < 400;
          settle(finish(statusCode, redirect ? 'redirect not followed' : null));
          outgoing.destroy();
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      settle(finish(null, `timeout after ${request.timeoutMs} ms`));
      outgoing.destroy();
    }, request.timeoutMs);
    outgoing.on('error', (error: Error) => {
      const message =
        error instanceof RefusedAddressError
          ? error.message
          : `${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message}`;
      settle(finish(null, message.slice(0, 300)));
    });
    outgoing.end(body);
  });
}
