// The end-user app (`/v/{linkId}`): reads the link id from the path and mounts <idv-verify> from the
// element bundle the server serves at /assets/verify/. Works under a strict CSP (no inline code).
//
// Query parameters: `handoff` (one-time hand-off token, from the QR code of another device),
// `lang` (en, es, pt, fr), `parentOrigin` (when framed: the parent that receives the events; only
// honoured when it is really the embedding page's origin).
const main = document.getElementById('app');
const match = location.pathname.match(/\/v\/([^/]+)\/?$/);
const params = new URLSearchParams(location.search);

/** The embedding page's origin, when this page is framed and the browser tells it. */
function parentOriginIfFramed() {
  if (window.parent === window) return undefined;
  const claimed = params.get('parentOrigin');
  if (!claimed) return undefined;
  const ancestors = location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0] === claimed ? claimed : undefined;
  try {
    return document.referrer && new URL(document.referrer).origin === claimed ? claimed : undefined;
  } catch {
    return undefined;
  }
}

await import('/assets/verify/idv-verify.bundle.js');
const element = document.createElement('idv-verify');
element.setAttribute('theme', 'auto');
if (match) element.setAttribute('link-id', decodeURIComponent(match[1]));
const handoff = params.get('handoff');
if (handoff) element.setAttribute('handoff-token', handoff);
const lang = params.get('lang');
if (lang) element.setAttribute('lang', lang);
const fingerprintUrl = document
  .querySelector('meta[name="idv-fingerprint-url"]')
  ?.getAttribute('content');
if (fingerprintUrl) element.setAttribute('fingerprint-url', fingerprintUrl);
const parentOrigin = parentOriginIfFramed();
if (parentOrigin) element.setAttribute('parent-origin', parentOrigin);
// The hand-off token is single use: drop it from the address bar once read.
if (handoff) {
  params.delete('handoff');
  history.replaceState(null, '', `${location.pathname}${params.size ? `?${params}` : ''}`);
}
main.replaceChildren(element);
