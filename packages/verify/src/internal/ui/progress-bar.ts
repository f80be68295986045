/** The progress bar of the capture steps. */
import { html, nothing, type TemplateResult } from 'lit';
import type { FlowController } from '../flow/flow-controller.js';

/** One segment per required capture; shown on the capture screens only. */
export function progressBar(flow: FlowController): TemplateResult | typeof nothing {
  const step = flow.step;
  if (!flow.session.current || (step !== 'front' && step !== 'back' && step !== 'selfie'))
    return nothing;
  const steps = flow.requiredCaptures;
  const index = steps.indexOf(step);
  return html`<div
    part="progress"
    class="progress"
    role="progressbar"
    aria-valuemin="1"
    aria-valuemax=${steps.length}
    aria-valuenow=${index + 1}
    aria-label=${flow.t.progress(index + 1, steps.length)}
  >
    ${steps.map(
      (k, i) => html`<span class=${i < index ? 'done' : i === index ? 'current' : ''}></span>`,
    )}
  </div>`;
}
