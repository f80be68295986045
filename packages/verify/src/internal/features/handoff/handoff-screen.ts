/** The hand-off step on a desktop: continue on the phone, or (when allowed) here. */
import { html, nothing, type TemplateResult } from 'lit';
import type { ScreenView } from '../../ui/screen-view.js';
import { handoffPanel, type HandoffPanelView } from './handoff-panel.js';

/** The hand-off screen. */
export function handoffScreen(
  view: ScreenView,
  handoff: HandoffPanelView & { continueHere(): Promise<void> },
): TemplateResult {
  const t = view.t;
  const required = handoff.view?.required ?? false;
  return html`<div class="screen">
    <h2 tabindex="-1">${t.handoffTitle}</h2>
    <p class="muted">${required ? t.handoffRequiredBody : t.handoffBody}</p>
    ${handoffPanel(t, handoff)}
    <div class="spacer"></div>
    ${
      required
        ? nothing
        : html`<div class="actions">
            <button type="button" class="secondary" @click=${handoff.continueHere}>
              ${t.handoffContinueHere}
            </button>
          </div>`
    }
  </div>`;
}
