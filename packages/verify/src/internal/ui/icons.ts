/** The few line icons the element draws (inline SVG templates, no icon font, no network). */
import { svg, type SVGTemplateResult } from 'lit';

const frame = (body: SVGTemplateResult): SVGTemplateResult =>
  svg`<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`;

export const icons = {
  close: frame(svg`<path d="M6 6l12 12M18 6L6 18"/>`),
  card: frame(
    svg`<rect x="3" y="5" width="18" height="14" rx="2"/><circle cx="8.5" cy="11" r="2"/><path d="M6 16c.6-1.4 1.6-2 2.5-2s1.9.6 2.5 2M14 10h4M14 13h3"/>`,
  ),
  face: frame(
    svg`<circle cx="12" cy="12" r="9"/><path d="M9 10h.01M15 10h.01M8.5 15c1 1.2 2.2 1.8 3.5 1.8s2.5-.6 3.5-1.8"/>`,
  ),
  pin: frame(
    svg`<path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0113 0c0 5.4-6.5 11-6.5 11z"/><circle cx="12" cy="10" r="2.3"/>`,
  ),
  phone: frame(svg`<rect x="7" y="2.5" width="10" height="19" rx="2.2"/><path d="M11 18.5h2"/>`),
  check: frame(svg`<circle cx="12" cy="12" r="9"/><path d="M8 12.5l2.6 2.6L16 9.6"/>`),
  cross: frame(svg`<circle cx="12" cy="12" r="9"/><path d="M9 9l6 6M15 9l-6 6"/>`),
  clock: frame(svg`<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>`),
  alert: frame(svg`<path d="M12 3.5l9.5 16.5h-19z"/><path d="M12 10v4M12 17h.01"/>`),
  camera: frame(svg`<path d="M4 8h3l1.5-2h7L17 8h3v11H4z"/><circle cx="12" cy="13" r="3.5"/>`),
  upload: frame(svg`<path d="M12 16V4M7 9l5-5 5 5M5 20h14"/>`),
  mail: frame(
    svg`<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3.5 6.5l8.5 6.5 8.5-6.5"/>`,
  ),
  lock: frame(
    svg`<rect x="5" y="11" width="14" height="9" rx="2"/><path d="M8 11V8a4 4 0 018 0v3"/>`,
  ),
};
