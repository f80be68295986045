/** Reading a link id and the service's base address from the element's attributes. */

/** The link id in a `linkUrl` (`…/v/{linkId}`), or `undefined`. */
export function linkIdFromUrl(linkUrl: string | undefined): string | undefined {
  if (!linkUrl) return undefined;
  try {
    const url = new URL(linkUrl, typeof location !== 'undefined' ? location.href : undefined);
    const match = url.pathname.match(/\/v\/([^/]+)\/?$/);
    return match ? decodeURIComponent(match[1]!) : undefined;
  } catch {
    return undefined;
  }
}

/** The one-time `handoff` token of a hand-off URL (`…/v/{linkId}?handoff=…`), or `undefined`. */
export function handoffTokenFromUrl(linkUrl: string | undefined): string | undefined {
  if (!linkUrl) return undefined;
  try {
    const url = new URL(linkUrl, typeof location !== 'undefined' ? location.href : undefined);
    return url.searchParams.get('handoff') || undefined;
  } catch {
    return undefined;
  }
}

/** The API base: the attribute, else the link URL's origin, else this page's origin, + `/api/v1`. */
export function resolveApiBase(apiBase: string | undefined, linkUrl: string | undefined): string {
  if (apiBase) return apiBase;
  if (linkUrl) {
    try {
      return `${new URL(linkUrl, typeof location !== 'undefined' ? location.href : undefined).origin}/api/v1`;
    } catch {
      // fall through to the page's origin
    }
  }
  return typeof location !== 'undefined' ? `${location.origin}/api/v1` : '/api/v1';
}
