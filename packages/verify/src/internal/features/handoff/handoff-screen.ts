/** The hand-off step on a desktop: continue on the phone, or (when allowed) here. */
import { html, nothing, type TemplateResult } from 'lit';
import type { FlowController } from '../../flow/flow-controller.js';
import { handoffPanel } from './handoff-panel.js';

/** The hand-off screen. */
export function handoffScreen(flow: FlowController): TemplateResult {
  const t = flow.t;
  const required = flow.handoff.view?.required ?? false;
  return html`<div class="screen">
    <h2 tabindex="-1">${t.handoffTitle}</h2>
    <p class="muted">${required ? t.handoffRequiredBody : t.handoffBody}</p>
    ${handoffPanel(flow)}
    <div class="spacer"></div>
    ${
      required
        ? nothing
        : html`<div class="actions">
            <button type="button" class="secondary" @click=${flow.handoff.continueHere}>
              ${t.handoffContinueHere}
            </button>
          </div>`
    }
  </div>`;
}
