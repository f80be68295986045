/** The progress bar of the capture steps. */
import { html, nothing, type TemplateResult } from 'lit';
import type { CaptureKind } from '../../api/types.js';
import type { FlowStep } from '../../flow-step.js';
import type { ScreenView } from './screen-view.js';

/** One segment per required capture; shown on the capture screens only. */
export function progressBar(
  view: ScreenView,
  step: FlowStep,
  steps: readonly CaptureKind[] | undefined,
): TemplateResult | typeof nothing {
  if (!steps || (step !== 'front' && step !== 'back' && step !== 'selfie')) return nothing;
  const index = steps.indexOf(step);
  return html`<div
    part="progress"
    class="progress"
    role="progressbar"
    aria-valuemin="1"
    aria-valuemax=${steps.length}
    aria-valuenow=${index + 1}
    aria-label=${view.t.progress(index + 1, steps.length)}
  >
    ${steps.map(
      (k, i) => html`<span class=${i < index ? 'done' : i === index ? 'current' : ''}></span>`,
    )}
  </div>`;
}
