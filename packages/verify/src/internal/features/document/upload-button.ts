/** The "Upload a photo instead" button of the document captures (a styled file input). */
import { html, nothing, type TemplateResult } from 'lit';
import type { CaptureScreenView } from '../../capture/capture-screen-view.js';
import type { DocumentSide } from './document-capture-controller.js';
import { uploadTypes } from '../../capture/frames.js';
import { icons } from '../../ui/icons.js';

/** The upload button of a document side. */
export function uploadButton(
  screen: CaptureScreenView,
  side: DocumentSide,
  variant: 'secondary' | 'quiet',
): TemplateResult {
  return html`<label class="button upload ${variant}">
    ${icons.upload}<span>${screen.t.uploadInstead}</span>
    <input
      type="file"
      accept=${uploadTypes.join(',')}
      @change=${(e: Event) => screen.capture.document.upload(side, e)}
    />
  </label>`;
}

/** Why the last photo could not be used, announced at once (`role=alert`), or nothing. */
export function uploadErrorText(screen: CaptureScreenView): TemplateResult | typeof nothing {
  const error = screen.capture.view.uploadError;
  return error ? html`<p class="error-text" role="alert">${error}</p>` : nothing;
}
