/** The button that opens the app's page in the device settings (sources that can open it). */
import { html, type TemplateResult } from 'lit';
import type { FlowController } from '../flow/flow-controller.js';

/** "Open settings", for a refused camera or location inside a native app. */
export function settingsButton(flow: FlowController): TemplateResult {
  return html`<button type="button" class="secondary" @click=${flow.openSettings}>
    ${flow.t.openSettings}
  </button>`;
}
