/** The hand-off panel: the QR code and link to continue on another device, or what went wrong. */
import { html, nothing, type TemplateResult } from 'lit';
import type { Translation } from '../../../i18n/translation.js';
import type { HandoffView } from './handoff-controller.js';
import type * as QrModule from './qr-code.js';

/** What the hand-off panel reads and does of its step. */
export interface HandoffPanelView {
  /** The offer in force, if any. */
  readonly view: HandoffView | undefined;
  /** The QR renderer, once loaded. */
  readonly qr: typeof QrModule | undefined;
  /** True after the hand-off link was copied to the clipboard. */
  readonly linkCopied: boolean;
  offer(required: boolean): Promise<void>;
  copyLink(url: string): Promise<void>;
}

/** The panel of the hand-off offer in force (a spinner while it is being created). */
export function handoffPanel(t: Translation, controller: HandoffPanelView): TemplateResult {
  const handoff = controller.view;
  if (!handoff || (!handoff.ticket && !handoff.error)) {
    return html`<div class="handoff"><div class="spinner" aria-hidden="true"></div></div>`;
  }
  if (handoff.error || !handoff.ticket) {
    return html`<div class="handoff">
      <p part="error" role="alert">${t.networkErrorBody}</p>
      <button type="button" class="secondary" @click=${() => controller.offer(handoff.required)}>
        ${t.tryAgain}
      </button>
    </div>`;
  }
  if (handoff.expired) {
    return html`<div class="handoff">
      <p role="status">${t.handoffExpired}</p>
      <button type="button" @click=${() => controller.offer(handoff.required)}>
        ${t.handoffNewCode}
      </button>
    </div>`;
  }
  const url = handoff.ticket.handoffUrl;
  return html`<div class="handoff">
    ${controller.qr?.qrCode(url, t.qrAlt) ?? nothing}
    <p class="status-line" role="status">
      <span class="dot" aria-hidden="true"></span>${t.handoffWaiting}
    </p>
    <p class="link"><span>${t.handoffLinkLabel}</span> <span>${url}</span></p>
    <button type="button" class="quiet" @click=${() => controller.copyLink(url)}>
      ${controller.linkCopied ? t.linkCopied : t.copyLink}
    </button>
  </div>`;
}
