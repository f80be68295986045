import { LitElement, html, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { CaptureSource } from './capture-source.js';
import { FlowStep } from './flow-step.js';
import { styles } from './idv-verify.styles.js';
import { FlowController } from './internal/flow/flow-controller.js';
import { LocalizeController } from './internal/flow/localize-controller.js';
import { busyScreen } from './internal/ui/busy-screen.js';
import { captureScreen } from './internal/capture/capture-screen.js';
import { isPassport } from './internal/capture/capture-text.js';
import { gatedScreen } from './internal/features/handoff/gated-screen.js';
import { handoffScreen } from './internal/features/handoff/handoff-screen.js';
import { header } from './internal/features/session/header.js';
import { identifyScreen } from './internal/features/identify/identify-screen.js';
import { locationScreen } from './internal/features/location/location-screen.js';
import { progressBar } from './internal/ui/progress-bar.js';
import { resultScreen } from './internal/features/outcome/result-screen.js';
import { stopScreen } from './internal/features/outcome/stop-screen.js';
import type { ScreenView } from './internal/ui/screen-view.js';
import { welcomeScreen } from './internal/features/welcome/welcome-screen.js';

/**
 * Walks a person through an identity verification: terms, location, device checks, hand-off,
 * the choice of document (ID card or passport), document front and back (a passport's photo page), selfie with an active liveness challenge, and the result.
 *
 * @summary Remote identity verification capture element.
 *
 * @event idv-ready - The session is open and the first screen shows. `IdvReadyEvent`.
 * @event idv-start - The person accepted the terms. `IdvStartEvent`.
 * @event idv-step-change - The screen changed. `IdvStepChangeEvent`.
 * @event idv-capture - A capture was sent and answered. `IdvCaptureEvent`.
 * @event idv-quality - Live quality scores of a camera frame. `IdvQualityEvent`.
 * @event idv-location - A location was reported. `IdvLocationEvent`.
 * @event idv-handoff - A hand-off QR code was offered. `IdvHandoffEvent`.
 * @event idv-complete - Final result; cancelable (prevents the `callbackUrl` redirect). `IdvCompleteEvent`.
 * @event idv-error - Something went wrong. `IdvErrorEvent`.
 * @event idv-expired - The link or verification expired. `IdvExpiredEvent`.
 * @event idv-request-cancel - The person asked to leave; cancelable. `IdvRequestCancelEvent`.
 *
 * @csspart base - The card around everything.
 * @csspart header - The header with the business's name and logo.
 * @csspart progress - The capture progress bar.
 * @csspart viewfinder - The camera view.
 * @csspart overlay - The guide drawn over the camera view.
 * @csspart capture-button - The manual capture button.
 * @csspart retake-button - The retake button of the review.
 * @csspart error - The message of a screen that stops the flow.
 * @csspart qr - The hand-off QR code.
 *
 * @cssproperty --idv-color-primary - Accent color (the company's brand color when the plan allows).
 * @cssproperty --idv-color-on-primary - Text on the accent color.
 * @cssproperty --idv-color-surface - Card background.
 * @cssproperty --idv-color-surface-alt - Subtle background of lists.
 * @cssproperty --idv-color-text - Main text color.
 * @cssproperty --idv-color-text-muted - Secondary text color.
 * @cssproperty --idv-color-border - Borders and dividers.
 * @cssproperty --idv-color-success - Success color.
 * @cssproperty --idv-color-danger - Error color.
 * @cssproperty --idv-color-warning - Warning color.
 * @cssproperty --idv-radius - Card corner radius.
 * @cssproperty --idv-radius-control - Button and field corner radius.
 * @cssproperty --idv-font-family - Font stack.
 * @cssproperty --idv-max-width - Largest width of the card.
 * @cssproperty --idv-spacing - Gap between blocks.
 *
 * @example
 * <idv-verify link-id="3f1c…" lang="es" theme="auto"></idv-verify>
 */
export class IdvVerify extends LitElement {
  static override styles = styles;

  /** The link to verify (the `{linkId}` of a `linkUrl`). */
  @property({ attribute: 'link-id' }) linkId?: string;

  /** The full `linkUrl`; the link id and, without `api-base`, the service origin come from it. */
  @property({ attribute: 'link-url' }) linkUrl?: string;

  /** Base address of the verification service, ending in `/api/v1` (default: this origin). */
  @property({ attribute: 'api-base' }) apiBase?: string;

  /** Address of the connection fingerprint service (`GET /` with credentials). */
  @property({ attribute: 'fingerprint-url' }) fingerprintUrl?: string;

  /** Language (`en`, `es`, `pt`, `fr`); default from the page and the browser. */
  @property({ reflect: true }) override lang = '';

  /** Brand color override (`#rrggbb`; Premium and Pro plans). */
  @property({ attribute: 'brand-color' }) brandColor?: string;

  /** Logo override (Premium and Pro plans). */
  @property({ attribute: 'logo-src' }) logoSrc?: string;

  /** Business name override (every plan). */
  @property({ attribute: 'business-name' }) businessName?: string;

  /** Do not ask for the device location when the policy is `optional` (a `required` policy still asks). */
  @property({ attribute: 'no-geolocation', type: Boolean }) noGeolocation = false;

  /** Color theme. */
  @property({ reflect: true }) theme: 'light' | 'dark' | 'auto' = 'light';

  /** Origin of the parent page that receives the events by `postMessage` when framed. */
  @property({ attribute: 'parent-origin' }) parentOrigin?: string;

  /** One-time token that moves a session from another device (from the hand-off URL). */
  @property({ attribute: 'handoff-token' }) handoffToken?: string;

  /**
   * The platform seam (camera, photos, location, permissions). Defaults to the one registered with
   * `setDefaultCaptureSource`, else the web implementation.
   */
  @property({ attribute: false }) captureSource?: CaptureSource;

  /** URL of the capture worker script (default: `idv-verify.worker.js` beside this module). */
  @property({ attribute: false }) workerUrl?: string | URL;

  private readonly localize = new LocalizeController(this);
  private readonly flow = new FlowController(this, this.localize);

  /**
   * Leaves the verification, as the flow's own cancel button does: fires the cancelable
   * `idv-request-cancel`, and unless a listener prevents it, stops the camera, the worker and
   * every timer, shows the cancelled screen and, when a verification is open, reports
   * `USER_CANCELLED` (an `idv-error` event and `PATCH /verifications/error`). A verification
   * that opens after the call is reported too. Once the flow has reached its result or a screen
   * that stopped it, there is nothing to cancel: the call only releases the camera and the
   * timers (a pending `callbackUrl` redirect included). The element stays on the cancelled
   * screen until it gets another link.
   *
   * @returns {boolean} `false` when an `idv-request-cancel` listener kept the flow going, else
   * `true`.
   *
   * @example
   * // Android back button in a Capacitor app, or the host's own "Close" control:
   * document.querySelector('idv-verify')?.cancel();
   */
  cancel(): boolean {
    return this.flow.leaving.cancel();
  }

  /** The screen in force. */
  private get step(): FlowStep {
    return this.flow.step;
  }

  protected override updated(changed: PropertyValues<this>): void {
    this.applyBrandColor();
    if (
      (changed.has('linkId') || changed.has('linkUrl') || changed.has('apiBase')) &&
      this.isConnected
    ) {
      void this.flow.begin();
    }
    if (this.flow.takeHeadingFocus()) {
      this.renderRoot.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
    }
  }

  /**
   * Sets the brand color through the CSSOM (`style.setProperty`), which a strict CSP allows; a
   * `style` attribute (Lit's `styleMap` writes one on first render) would be blocked by
   * `style-src-attr`.
   */
  private applyBrandColor(): void {
    const base = this.renderRoot.querySelector<HTMLElement>('[part=base]');
    if (!base) return;
    const { color, onColor } = this.flow.session.branding;
    if (color && onColor) {
      base.style.setProperty('--idv-color-primary', color);
      base.style.setProperty('--idv-color-on-primary', onColor);
    } else {
      base.style.removeProperty('--idv-color-primary');
      base.style.removeProperty('--idv-color-on-primary');
    }
  }

  protected override render(): TemplateResult {
    const flow = this.flow;
    const step = this.step;
    const brand = flow.session.branding;
    const open = flow.session.current !== undefined;
    const view: ScreenView = {
      t: flow.t,
      busy: flow.busy,
      brandName: brand.name,
      source: flow.source,
    };
    const cancellable = open && step !== FlowStep.result && step !== FlowStep.error;
    return html`<div part="base" class="base" lang=${flow.t.$code}>
      ${header(view, brand, cancellable ? flow.leaving.requestCancel : undefined)}
      ${progressBar(view, step, open ? flow.requiredCaptures : undefined)}
      <div class="body">${this.renderStep(view)}</div>
      <p class="notice muted small" role="status" aria-live="polite">
        ${flow.session.rateLimitWait === undefined ? '' : flow.t.rateLimited(flow.session.rateLimitWait)}
      </p>
    </div>`;
  }

  private renderStep(view: ScreenView): TemplateResult {
    const flow = this.flow;
    const t = view.t;
    switch (this.step) {
      case FlowStep.loading:
        return busyScreen(t.loading);
      case FlowStep.welcome:
        return flow.session.current
          ? welcomeScreen(view, flow.session.current, flow.welcome)
          : busyScreen(t.loading);
      case FlowStep.location:
        return locationScreen(view, flow.location);
      case FlowStep.gated:
        return gatedScreen(view, flow.order.gateReason, flow.handoff);
      case FlowStep.handoff:
        return handoffScreen(view, flow.handoff);
      case FlowStep.identify:
        return identifyScreen(view, flow.identification);
      case FlowStep.document:
        return flow.documentChoice.render() ?? busyScreen(t.loading);
      case FlowStep.front:
      case FlowStep.back:
      case FlowStep.selfie:
        return captureScreen(
          {
            ...view,
            capture: flow.capture,
            handoff: flow.handoff,
            passport: isPassport(flow.session.current),
          },
          this.step,
        );
      case FlowStep.processing:
        return busyScreen(t.processingTitle, t.processingBody);
      case FlowStep.result:
        return resultScreen(view, flow.outcome, flow.session.current?.callbackUrl);
      case FlowStep.error:
        return stopScreen(view, flow.outcome.stop, () => void flow.begin());
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-verify': IdvVerify;
  }
}
