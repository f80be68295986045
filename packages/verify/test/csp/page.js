// Mounts the one-file bundle under the strict CSP the dev server sends for this directory, inside
// an iframe: the element mirrors its events to the parent by postMessage, and CSP violations are
// reported to the parent too.
document.addEventListener('securitypolicyviolation', (event) => {
  parent.postMessage(
    { source: 'csp-page', violation: `${event.violatedDirective} ${event.blockedURI}` },
    location.origin,
  );
});
await import('/packages/verify/dist/idv-verify.bundle.js');
const params = new URLSearchParams(location.search);
const element = document.createElement('idv-verify');
element.setAttribute('api-base', params.get('apiBase'));
element.setAttribute('link-id', params.get('linkId'));
element.setAttribute('lang', params.get('lang') ?? 'en');
element.setAttribute('parent-origin', location.origin);
document.body.append(element);
