/**
 * The hand-off panel's QR code: an accessible SVG image of `qrPath` (a lazy chunk, loaded when the
 * panel first shows).
 */
import { svg, html, type TemplateResult } from 'lit';
import { qrPath } from '../../../qr-path.js';

/** Renders `text` as an accessible QR code image. */
export function qrCode(text: string, label: string): TemplateResult {
  const { path, size } = qrPath(text);
  return html`<svg
    part="qr"
    class="qr"
    role="img"
    aria-label=${label}
    viewBox="0 0 ${size} ${size}"
    shape-rendering="crispEdges"
  >
    ${svg`<rect width=${size} height=${size} class="qr-light"></rect><path d=${path} class="qr-dark"></path>`}
  </svg>`;
}
