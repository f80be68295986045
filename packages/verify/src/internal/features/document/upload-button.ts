/** The "Upload a photo instead" button of the document captures (a styled file input). */
import { html, nothing, type TemplateResult } from 'lit';
import type { DocumentSide } from './document-capture-controller.js';
import type { FlowController } from '../../flow/flow-controller.js';
import { uploadTypes } from '../../capture/frames.js';
import { icons } from '../../ui/icons.js';

/** The upload button of a document side. */
export function uploadButton(
  flow: FlowController,
  side: DocumentSide,
  variant: 'secondary' | 'quiet',
): TemplateResult {
  return html`<label class="button upload ${variant}">
    ${icons.upload}<span>${flow.t.uploadInstead}</span>
    <input
      type="file"
      accept=${uploadTypes.join(',')}
      @change=${(e: Event) => flow.capture.document.upload(side, e)}
    />
  </label>`;
}

/** Why the last photo could not be used, announced at once (`role=alert`), or nothing. */
export function uploadErrorText(flow: FlowController): TemplateResult | typeof nothing {
  const error = flow.capture.view.uploadError;
  return error ? html`<p class="error-text" role="alert">${error}</p>` : nothing;
}
