/**
 * A QR code drawn locally as one SVG path, with the element's own encoder (`qrPath` of
 * `@idv/verify/qr-path.js`, over `uqr`): nothing is fetched, no inline style, so it works under the
 * portal's `'self'` Content-Security-Policy.
 */
import { html, svg, type TemplateResult } from 'lit';
import { qrPath } from '@idv/verify/qr-path.js';

/** `text` as an accessible QR code image (dark on white whatever the theme, so it scans). */
export function qrCode(text: string, label: string): TemplateResult {
  const { path, size } = qrPath(text);
  return html`<svg
    class="qr"
    role="img"
    aria-label=${label}
    viewBox="0 0 ${size} ${size}"
    shape-rendering="crispEdges"
  >
    ${svg`<rect width=${size} height=${size} fill="#fff"></rect><path d=${path} fill="#000"></path>`}
  </svg>`;
}
