/**
 * A QR code drawn locally as one SVG path, as the element's hand-off panel draws it (the same
 * encoder, `uqr`; `<idv-verify>` does not export its own helper): nothing is fetched, no inline
 * style, so it works under the portal's `'self'` Content-Security-Policy.
 */
import { html, svg, type TemplateResult } from 'lit';
import { encode } from 'uqr';

/** The SVG path of the dark modules of a QR code, one unit per module, offset by `quiet`. */
export function qrPath(text: string, quiet = 4): { path: string; size: number } {
  const { data, size } = encode(text, { ecc: 'M', border: 0 });
  let path = '';
  data.forEach((row, y) => {
    let x = 0;
    while (x < size) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < size && row[x]) x += 1;
      path += `M${start + quiet} ${y + quiet}h${x - start}v1h-${x - start}z`;
    }
  });
  return { path, size: size + 2 * quiet };
}

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
