/** A screen that stops the flow: expired, used or inactive link, network trouble, cancelled. */
import { html, nothing, type TemplateResult } from 'lit';
import type { ScreenView } from '../../ui/screen-view.js';
import type { StopScreen } from './outcome-controller.js';
import { icons } from '../../ui/icons.js';

/** The stop screen in force. */
export function stopScreen(
  view: ScreenView,
  stop: StopScreen | undefined,
  retry: () => void,
): TemplateResult {
  const icon =
    stop?.kind === 'expired' ? icons.clock : stop?.kind === 'cancelled' ? icons.close : icons.alert;
  return html`<div class="screen">
    <div class="hero ${stop?.kind === 'cancelled' ? '' : 'danger'}" aria-hidden="true">${icon}</div>
    <h2 tabindex="-1">${stop?.title}</h2>
    <p part="error" class="muted" role="alert">${stop?.body}</p>
    <div class="spacer"></div>
    ${
      stop?.canRetry
        ? html`<div class="actions">
            <button type="button" @click=${retry}>${view.t.tryAgain}</button>
          </div>`
        : nothing
    }
  </div>`;
}
