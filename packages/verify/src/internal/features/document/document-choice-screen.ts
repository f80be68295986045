/**
 * The document step: one large button per document the link allows, each with a drawing of what
 * will be photographed (an ID-1 card with its back behind it; a passport's ID-3 data page with its
 * two MRZ lines). Drawings are inline SVG (no asset, no network) coloured by the theme's classes.
 * Loaded on demand (`DocumentChoiceController`).
 */
import { html, svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import type { DocumentType } from '../../../api/types.js';
import type { Translation } from '../../../i18n/translation.js';

/** A portrait in a box at (x, y) of size w × h. */
const portrait = (x: number, y: number, w: number, h: number): SVGTemplateResult =>
  svg`<rect class="doc-photo" x=${x} y=${y} width=${w} height=${h} rx="1.5"></rect>
    <circle class="doc-ink" cx=${x + w / 2} cy=${y + h * 0.4} r=${w * 0.22}></circle>
    <path class="doc-ink" d=${`M${x + w * 0.14} ${y + h} c0 -${h * 0.3} ${w * 0.72} -${h * 0.3} ${w * 0.72} 0z`}></path>`;

/** Text lines starting at x, one every `gap`, of the given widths. */
const lines = (x: number, y: number, gap: number, widths: number[]): SVGTemplateResult[] =>
  widths.map(
    (width, i) =>
      svg`<rect class="doc-line" x=${x} y=${y + i * gap} width=${width} height="3" rx="1.5"></rect>`,
  );

/** An ID-1 card (85.6 × 54 mm), its back peeking out behind it: front and back are photographed. */
const cardDrawing = svg`<svg class="doc-drawing" viewBox="0 0 104 70" aria-hidden="true" focusable="false">
  <rect class="doc-back" x="16" y="4" width="86" height="54" rx="5"></rect>
  <rect class="doc-paper" x="2" y="14" width="86" height="54" rx="5"></rect>
  <rect class="doc-band" x="2" y="14" width="86" height="10" rx="5"></rect>
  <rect class="doc-band" x="2" y="19" width="86" height="5"></rect>
  ${portrait(8, 30, 22, 30)}
  ${lines(36, 31, 7, [40, 30, 44, 24])}
</svg>`;

/** A passport's data page (ID-3, 125 × 88 mm) in its booklet, the two MRZ lines at the bottom. */
const passportDrawing = svg`<svg class="doc-drawing" viewBox="0 0 104 70" aria-hidden="true" focusable="false">
  <rect class="doc-back" x="6" y="2" width="92" height="8" rx="3"></rect>
  <rect class="doc-paper" x="4" y="6" width="96" height="62" rx="4"></rect>
  ${portrait(10, 13, 24, 31)}
  ${lines(40, 14, 7, [46, 36, 50, 30])}
  <text class="doc-mrz" x="9" y="54">P&lt;UTOERIKSSON&lt;&lt;ANNA&lt;&lt;&lt;</text>
  <text class="doc-mrz" x="9" y="63">L898902C36UTO7408122F&lt;&lt;</text>
</svg>`;

const drawings: Record<DocumentType, SVGTemplateResult> = {
  ID_CARD: cardDrawing,
  PASSPORT: passportDrawing,
};

/** What the document choice screen shows and does. */
export interface DocumentChoiceView {
  t: Translation;
  /** The documents the link allows, in its order. */
  types: readonly DocumentType[];
  /** True while the choice is being sent (the buttons are disabled). */
  busy: boolean;
  choose(type: DocumentType): Promise<void>;
}

/** The document choice screen. */
export function documentChoiceScreen(view: DocumentChoiceView): TemplateResult {
  const { t, types } = view;
  return html`<div class="screen">
    <h2 tabindex="-1" id="document-choice-title">${t.documentChoiceTitle}</h2>
    <p class="muted">${t.documentChoiceBody}</p>
    <div class="choices" role="group" aria-labelledby="document-choice-title">
      ${types.map(
        (type) =>
          html`<button
            type="button"
            class="choice"
            data-document-type=${type}
            ?disabled=${view.busy}
            @click=${() => view.choose(type)}
          >
            ${drawings[type]}
            <span class="choice-text">
              <span class="choice-label">${t.documentChoices[type].label}</span>
              <span class="choice-hint">${t.documentChoices[type].hint}</span>
            </span>
          </button>`,
      )}
    </div>
  </div>`;
}
