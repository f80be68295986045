/** The live camera screen: viewfinder, guide, coaching line, manual and upload buttons. */
import { html, nothing, type TemplateResult } from 'lit';
import type { CaptureKind } from '../../api/types.js';
import type { FlowController } from '../flow/flow-controller.js';
import { icons } from '../ui/icons.js';
import { isPassport } from './capture-text.js';
import { documentOverlay, faceOverlay } from './capture-overlays.js';
import { uploadButton, uploadErrorText } from '../features/document/upload-button.js';

/** The heading of a capture screen: what to photograph. */
export function captureHeading(flow: FlowController, kind: CaptureKind): TemplateResult {
  return html`<h2 tabindex="-1">${flow.capture.captureText.captureTitles[kind]}</h2>`;
}

/** The live capture of `kind`. */
export function liveCapture(flow: FlowController, kind: CaptureKind): TemplateResult {
  const t = flow.t;
  const controller = flow.capture;
  const capture = controller.view;
  const view = controller.camera?.view;
  return html`<div class="screen">
    ${captureHeading(flow, kind)}
    <p class="muted small">${flow.capture.captureText.captureInstructions[kind]}</p>
    <div part="viewfinder" class="viewfinder ${kind === 'selfie' ? 'selfie mirrored' : ''}">
      ${view ?? nothing}
      ${
        capture.phase === 'starting'
          ? html`<div class="placeholder"><div class="spinner" aria-hidden="true"></div></div>`
          : nothing
      }
      ${kind === 'selfie' ? faceOverlay(capture) : documentOverlay(capture, isPassport(flow.session.current))}
      <p class="coach ${capture.good ? 'good' : ''}" role="status" aria-live="polite">
        ${capture.coach ?? ''}
      </p>
    </div>
    ${uploadErrorText(flow)}
    <div class="spacer"></div>
    <div class="actions">
      ${
        capture.manual
          ? html`<button
              type="button"
              part="capture-button"
              @click=${() =>
                kind === 'selfie'
                  ? controller.selfie?.takeManually()
                  : controller.document.takePhoto(kind)}
            >
              ${icons.camera}${t.captureButton}
            </button>`
          : nothing
      }
      ${kind === 'selfie' ? nothing : uploadButton(flow, kind, capture.manual ? 'secondary' : 'quiet')}
    </div>
  </div>`;
}
