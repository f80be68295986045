import { createHash } from 'node:crypto';
import type { FingerprintUserData } from '../../types.js';
import type { GeoDatabase } from '../geo/geo-database.js';
import { formatAkamaiFingerprint } from '../http2/client-preface.js';
import type { IdentifierIssuer } from '../identity/identifiers.js';
import type { SigningKeyPair } from '../keys/signing-key.js';
import { resolveClientAddress, type TrustedProxies } from '../net/client-address.js';
import { serializeSignedBody } from '../signing/signed-body.js';
import {
  fpSetCookie,
  presentedCookie,
  presentedEtag,
  wantsFreshCopy,
} from './identifiers-exchange.js';
import {
  headerSignature,
  headerValue,
  pseudoHeaderOrder,
  receivedHeaders,
} from './received-headers.js';
import type { Reply, RequestView } from './reply.js';

/** What `GET /` needs besides the request. */
export interface FingerprintRouteDependencies {
  signingKey: SigningKeyPair;
  identifiers: IdentifierIssuer;
  geo: GeoDatabase;
  trustedProxies: TrustedProxies;
}

/**
 * `GET /`: the signed fingerprint of the calling connection. Sets the `fp` cookie when the client
 * sent none of ours; answers 304 to a plain revalidation of an ETag identifier we issued (see
 * {@link wantsFreshCopy}). `corsHeaders` go on every answer.
 */
export async function fingerprintReply(
  request: RequestView,
  deps: FingerprintRouteDependencies,
  corsHeaders: Record<string, string>,
): Promise<Reply> {
  const raw = request.rawHeaders;
  const header = (name: string): string | undefined => headerValue(raw, name);

  const sentCookie = presentedCookie(header('cookie'), deps.identifiers);
  const cookie = sentCookie ?? deps.identifiers.mint('cookie');
  const sentEtag = presentedEtag(header('if-none-match'), deps.identifiers);
  const etag = sentEtag ?? deps.identifiers.mint('etag');

  const headers: Record<string, string> = {
    'cache-control': 'private, no-cache',
    vary: 'Origin',
    etag: `"${etag}"`,
    ...corsHeaders,
  };
  if (!sentCookie) headers['set-cookie'] = fpSetCookie(cookie);
  if (sentEtag && !wantsFreshCopy(header('cache-control'), header('pragma'))) {
    return { status: 304, headers };
  }

  const { facts } = request;
  const ip = resolveClientAddress(
    facts.peerAddress,
    header('x-forwarded-for'),
    deps.trustedProxies,
  );
  const http2Fingerprint = facts.http2
    ? formatAkamaiFingerprint(facts.http2, pseudoHeaderOrder(raw))
    : null;
  const userData: FingerprintUserData = {
    timeStampUtc: new Date().toISOString(),
    tlsFingerprint: facts.tls.ja3,
    tlsFingerprintHash: facts.tls.ja3Hash,
    tlsFingerprintSslGreased: facts.tls.greased ? '1' : '0',
    http2Fingerprint,
    http2FingerprintHash: http2Fingerprint === null ? null : md5(http2Fingerprint),
    headers: receivedHeaders(raw),
    headerSignature: headerSignature(raw),
    etag,
    etagFirstRequest: sentEtag === undefined,
    geoData: await deps.geo.lookup(ip),
    ip,
    cookie,
  };
  return {
    status: 200,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
    body: await serializeSignedBody(userData, deps.signingKey.privateKey),
  };
}

function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}
