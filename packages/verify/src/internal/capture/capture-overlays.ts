/**
 * The guides drawn over the camera view: an ID-1 card (or ID-3 passport page) frame for documents (with the detected
 * quadrilateral and the hold progress), an oval for the selfie. Both are a dimming mask with a
 * hole and an outline in one SVG.
 */
import { html, nothing, svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import type { CaptureView } from './capture-view.js';

/** One overlay: `mask` is the even-odd path of the dimmed area, `content` what is drawn on it. */
function overlay(viewBox: string, mask: string, content: SVGTemplateResult): TemplateResult {
  return html`<svg
    part="overlay"
    class="overlay"
    viewBox=${viewBox}
    preserveAspectRatio="none"
    aria-hidden="true"
  >
    <path class="mask" fill-rule="evenodd" d=${mask}></path>
    ${content}
  </svg>`;
}

/**
 * The document guides, each 84 units wide centred in a 100 × 75 view box: an ID-1 card
 * (85.60 × 53.98 mm) and a passport's ID-3 data page (125 × 88 mm).
 */
const GUIDES = {
  card: { x: 8, y: 11.5, width: 84, height: 53, rx: 3.5 },
  passport: { x: 8, y: 7.9, width: 84, height: 59.2, rx: 2.5 },
} as const;

/** The document guide (the passport page's proportions for a passport). */
export function documentOverlay(capture: CaptureView, passport = false): TemplateResult {
  const quad = capture.quad;
  const { x, y, width, height, rx } = passport ? GUIDES.passport : GUIDES.card;
  const perimeter = 2 * (width + height);
  return overlay(
    '0 0 100 75',
    `M0 0H100V75H0Z M${x} ${y}H${x + width}V${y + height}H${x}Z`,
    svg`<rect class="guide ${capture.good ? 'good' : ''}" x=${x} y=${y} width=${width} height=${height} rx=${rx}></rect>
      ${
        quad
          ? svg`<polygon class="quad" points=${quad.map((p) => `${p.x * 100},${p.y * 75}`).join(' ')}></polygon>`
          : nothing
      }
      ${
        capture.good
          ? svg`<rect
              class="hold"
              x=${x}
              y=${y}
              width=${width}
              height=${height}
              rx=${rx}
              stroke-dasharray=${perimeter}
              stroke-dashoffset=${perimeter * (1 - (capture.holdProgress ?? 0))}
            ></rect>`
          : nothing
      }`,
  );
}

/** The selfie guide: an oval in a 75 × 100 view box. */
export function faceOverlay(capture: CaptureView): TemplateResult {
  return overlay(
    '0 0 75 100',
    'M0 0H75V100H0Z M37.5 18a24 31 0 1 0 0.01 0Z',
    svg`<ellipse class="guide ${capture.good ? 'good' : ''}" cx="37.5" cy="49" rx="24" ry="31"></ellipse>`,
  );
}
