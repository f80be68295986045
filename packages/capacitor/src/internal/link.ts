/**
 * Reading a verification link (`https://…/v/{linkId}`, the `linkUrl` the service creates, or the
 * deep link that opened the app) and checking the options of `start()` that name the link.
 */
import type { StartOptions } from '../definitions.js';
import { IdvVerifyError } from '../errors.js';

/** A verification link, read. */
export interface VerificationLink {
  /** The link id (a UUID, as the service issues them). */
  linkId: string;
  /** The service's API base (`{origin}/api/v1`) when the link is an http(s) URL. */
  apiBase?: string;
  /** The one-time hand-off token of a `?handoff=` link. */
  handoffToken?: string;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const linkPath = /\/v\/([^/]+)\/?$/;

/**
 * Reads a verification link: `https://verify.example.com/v/{linkId}` (optionally with
 * `?handoff=…`), or an app deep link with the same path (`myapp://verify/v/{linkId}`, then without
 * an API base). Answers `undefined` for anything else.
 *
 * @example
 * App.addListener('appUrlOpen', ({ url }) => {
 *   const link = parseVerificationLink(url);
 *   if (link) void IdvVerify.start({ linkUrl: url });
 * });
 */
export function parseVerificationLink(value: string): VerificationLink | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  const match = url.pathname.match(linkPath);
  const linkId = match ? safeDecode(match[1]!) : undefined;
  if (!linkId || !uuid.test(linkId)) return undefined;
  const link: VerificationLink = { linkId };
  if (url.protocol === 'https:' || url.protocol === 'http:') link.apiBase = `${url.origin}/api/v1`;
  const handoffToken = url.searchParams.get('handoff');
  if (handoffToken) link.handoffToken = handoffToken;
  return link;
}

function safeDecode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/** True for an absolute http(s) URL (a relative one only where the page has a real origin). */
function isServiceUrl(value: string, allowRelative: boolean): boolean {
  try {
    const url = allowRelative ? new URL(value, location.href) : new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The link `start()` runs, from its options; throws `INVALID_ARGUMENT` when they name no link, two
 * different links, or a service address the flow cannot reach. `native` is true inside a native
 * app, whose web view origin is not the service's.
 */
export function linkOf(options: StartOptions, native: boolean): VerificationLink {
  const invalid = (message: string): IdvVerifyError =>
    new IdvVerifyError('INVALID_ARGUMENT', message);
  if (typeof options !== 'object' || options === null) throw invalid('start() needs options.');
  const fromUrl =
    options.linkUrl === undefined ? undefined : parseVerificationLink(String(options.linkUrl));
  if (options.linkUrl !== undefined && !fromUrl) {
    throw invalid('linkUrl is not a verification link (…/v/{linkId}).');
  }
  if (options.linkId !== undefined && !uuid.test(String(options.linkId))) {
    throw invalid('linkId is not a link id.');
  }
  if (fromUrl && options.linkId !== undefined && options.linkId !== fromUrl.linkId) {
    throw invalid('linkId and linkUrl name different links.');
  }
  const linkId = fromUrl?.linkId ?? options.linkId;
  if (!linkId) throw invalid('start() needs linkUrl or linkId.');
  if (options.apiBase !== undefined && !isServiceUrl(String(options.apiBase), !native)) {
    throw invalid('apiBase must be an http(s) URL.');
  }
  const apiBase = options.apiBase ?? fromUrl?.apiBase;
  if (!apiBase && native) throw invalid('apiBase is required with linkId inside a native app.');
  const link: VerificationLink = { linkId };
  if (apiBase) link.apiBase = apiBase;
  const handoffToken = options.handoffToken ?? fromUrl?.handoffToken;
  if (handoffToken) link.handoffToken = handoffToken;
  return link;
}
