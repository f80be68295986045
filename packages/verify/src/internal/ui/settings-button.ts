/** The button that opens the app's page in the device settings (sources that can open it). */
import { html, type TemplateResult } from 'lit';
import type { CaptureSource } from '../../capture-source.js';
import type { Translation } from '../../i18n/translation.js';

/**
 * Opens the app's page in the device settings (through the capture source), within the click
 * that asked for it: platforms may require a user gesture to leave the app.
 */
function openSettings(source: CaptureSource): void {
  try {
    source.openSettings?.().catch(() => undefined);
  } catch {
    // The source could not open its settings after all: the screen still says where to go.
  }
}

/** "Open settings", for a refused camera or location inside a native app. */
export function settingsButton(t: Translation, source: CaptureSource): TemplateResult {
  return html`<button type="button" class="secondary" @click=${() => openSettings(source)}>
    ${t.openSettings}
  </button>`;
}
