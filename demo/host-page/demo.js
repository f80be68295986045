// Demo host page (`/demo/`): embeds <idv-verify> directly (listening to its DOM events) or through
// an iframe of the end-user app (listening to the postMessage mirror). No inline code: strict CSP.
const form = document.getElementById('start');
const mount = document.getElementById('mount');
const log = document.getElementById('log');

function record(type, detail, via) {
  const item = document.createElement('li');
  const title = document.createElement('strong');
  title.textContent = `${type} (${via})`;
  const body = document.createElement('code');
  body.textContent = JSON.stringify(detail);
  item.append(title, body);
  log.prepend(item);
}

/** Accepts a full linkUrl or a bare link id. */
function parseLink(value) {
  const text = value.trim();
  try {
    const url = new URL(text);
    const match = url.pathname.match(/\/v\/([^/]+)\/?$/);
    return match
      ? { linkId: decodeURIComponent(match[1]), origin: url.origin, url: url.href }
      : undefined;
  } catch {
    return text
      ? {
          linkId: text,
          origin: location.origin,
          url: `${location.origin}/v/${encodeURIComponent(text)}`,
        }
      : undefined;
  }
}

window.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.source !== 'idv-verify') return;
  const frame = mount.querySelector('iframe');
  if (!frame || event.source !== frame.contentWindow) return;
  record(data.type, data.detail, `postMessage from ${event.origin}`);
});

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const link = parseLink(String(data.get('link')));
  if (!link) return;
  const lang = String(data.get('lang'));
  log.replaceChildren();
  if (data.get('mode') === 'iframe') {
    const frame = document.createElement('iframe');
    frame.title = 'Identity verification';
    frame.allow = 'camera; geolocation; clipboard-write';
    const url = new URL(link.url);
    url.searchParams.set('lang', lang);
    url.searchParams.set('parentOrigin', location.origin);
    frame.src = url.href;
    mount.replaceChildren(frame);
    return;
  }
  // The bundle registers <idv-verify> and names its events (the live `idv-quality` scores, one per
  // camera frame, would flood the log).
  const { idvEventNames } = await import('/assets/verify/idv-verify.bundle.js');
  const element = document.createElement('idv-verify');
  element.setAttribute('link-id', link.linkId);
  element.setAttribute('api-base', `${link.origin}/api/v1`);
  element.setAttribute('lang', lang);
  element.setAttribute('business-name', 'Northwind Rentals');
  for (const type of idvEventNames.filter((name) => name !== 'idv-quality')) {
    element.addEventListener(type, (e) => {
      record(type, e.detail, 'DOM event');
      // The host stays on its page instead of following the link's callbackUrl.
      if (type === 'idv-complete') e.preventDefault();
    });
  }
  mount.replaceChildren(element);
});
