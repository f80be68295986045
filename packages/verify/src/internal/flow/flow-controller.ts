/**
 * The session and the order of the screens: opens (or resumes) the device's flow session, then
 * walks welcome → location → device gate → hand-off → e-mail → captures → result, handing each
 * step to its controller. It owns what every step shares: the flow API client, the capture
 * worker, the device description, the fingerprint, event emission and client error reports.
 */
import type { ReactiveController } from 'lit';
import { FlowApiError } from '../api/flow-api-error.js';
import { FlowClient } from '../api/flow-client.js';
import type { CaptureKind, FlowSession, GateReason } from '../../api/types.js';
import type { CaptureSource } from '../../capture-source.js';
import { getDefaultCaptureSource } from '../../default-capture-source.js';
import { currentDevice, type DeviceInfo } from '../device/device-info.js';
import { matchGate } from '../device/gate.js';
import {
  IdvErrorEvent,
  IdvReadyEvent,
  IdvRequestCancelEvent,
  IdvStartEvent,
  IdvStepChangeEvent,
} from '../../events/index.js';
import { FlowStep } from '../../flow-step.js';
import type { Translation } from '../../i18n/translation.js';
import { WorkerBridge } from '../worker-bridge/worker-bridge.js';
import { defaultWorkerUrl } from '../../worker-url.js';
import { resolveBranding, type Branding } from '../features/session/branding.js';
import { emitEvent } from './emit.js';
import { workerIdleMs } from '../features/session/meta.js';
import { FingerprintCollector } from '../features/session/fingerprint.js';
import { readSessionToken, writeSessionToken } from '../features/session/session-store.js';
import { handoffTokenFromUrl, linkIdFromUrl, resolveApiBase } from '../features/session/link.js';
import { captureOrder, isFinalStatus } from './flow-rules.js';
import { CaptureController } from '../capture/capture-controller.js';
import { DocumentChoiceController } from '../features/document/document-choice-controller.js';
import type { FlowHost } from './flow-host.js';
import { HandoffController } from '../features/handoff/handoff-controller.js';
import { HostState } from './host-state.js';
import { IdentifyController } from '../features/identify/identify-controller.js';
import type { LocalizeController } from './localize-controller.js';
import { LocationController } from '../features/location/location-controller.js';
import { OutcomeController } from '../features/outcome/outcome-controller.js';

/** Message of the `USER_CANCELLED` report. */
const cancelMessage = 'The person left the verification.';

/** Runs one verification flow for its element. */
export class FlowController implements ReactiveController {
  /** How the flow ends: result, expiry and the screens that stop it. */
  readonly outcome: OutcomeController;
  /** The location step. */
  readonly location: LocationController;
  /** The hand-off to another device. */
  readonly handoff: HandoffController;
  /** The e-mail of an adaptive link without an identifier. */
  readonly identification: IdentifyController;
  /** The document choice (ID card or passport). */
  readonly documentChoice: DocumentChoiceController;
  /** The document and selfie captures. */
  readonly capture: CaptureController;
  /** The connection fingerprint of this device. */
  readonly fingerprint = new FingerprintCollector();
  /** The flow API client of the session in force. */
  client: FlowClient | undefined;
  /** The capture worker of the session in force. */
  bridge: WorkerBridge | undefined;
  /** This device, as the gate rules and the hand-off see it. */
  device: DeviceInfo = currentDevice();
  /** Aborts the network and worker jobs of the element. */
  readonly abort = new AbortController();

  private readonly currentStep: HostState<FlowStep>;
  private readonly currentSession: HostState<FlowSession | undefined>;
  private readonly busyState: HostState<boolean>;
  private readonly termsState: HostState<{ checked: boolean; error: boolean }>;
  private readonly gateReasonState: HostState<GateReason | undefined>;
  private readonly rateLimitState: HostState<number | undefined>;
  private runToken = 0;
  private headingFocus = false;
  /** The link settings whose flow the person left (`cancel()`), if any. */
  private leftLink: string | undefined;

  constructor(
    readonly host: FlowHost,
    private readonly localize: LocalizeController,
  ) {
    host.addController(this);
    this.currentStep = new HostState<FlowStep>(host, FlowStep.loading);
    this.currentSession = new HostState<FlowSession | undefined>(host, undefined);
    this.busyState = new HostState(host, false);
    this.termsState = new HostState(host, { checked: false, error: false });
    this.gateReasonState = new HostState<GateReason | undefined>(host, undefined);
    this.rateLimitState = new HostState<number | undefined>(host, undefined);
    this.outcome = new OutcomeController(this);
    this.location = new LocationController(this);
    this.handoff = new HandoffController(this);
    this.identification = new IdentifyController(this);
    this.documentChoice = new DocumentChoiceController(this);
    this.capture = new CaptureController(this);
  }

  hostDisconnected(): void {
    this.teardown();
  }

  /** The screen in force. */
  get step(): FlowStep {
    return this.currentStep.value;
  }

  /** The device's flow session, once open. */
  get session(): FlowSession | undefined {
    return this.currentSession.value;
  }

  set session(session: FlowSession | undefined) {
    this.currentSession.value = session;
  }

  /** True while a person's action waits for the service (its button is disabled meanwhile). */
  get busy(): boolean {
    return this.busyState.value;
  }

  /** The terms checkbox and whether the person tried to start without it. */
  get terms(): { checked: boolean; error: boolean } {
    return this.termsState.value;
  }

  /** Why the device gate stopped this device. */
  get gateReason(): GateReason | undefined {
    return this.gateReasonState.value;
  }

  /**
   * Seconds a rate-limited request waits before it is sent again (the service's `Retry-After`),
   * while it waits.
   */
  get rateLimitWait(): number | undefined {
    return this.rateLimitState.value;
  }

  /** The strings of the language in force. */
  get t(): Translation {
    return this.localize.t;
  }

  /** The platform seam: the element's own, else the registered default, else the web one. */
  get source(): CaptureSource {
    return this.host.captureSource ?? getDefaultCaptureSource();
  }

  /** True inside a native app: permissions live in the app's settings, not the browser's. */
  get inApp(): boolean {
    return this.source.kind === 'native';
  }

  /** True when the capture source can open the app's page in the device settings. */
  get canOpenSettings(): boolean {
    return typeof this.source.openSettings === 'function';
  }

  /**
   * Opens the app's page in the device settings (through the capture source), within the click
   * that asked for it: platforms may require a user gesture to leave the app.
   */
  readonly openSettings = (): void => {
    try {
      this.source.openSettings?.().catch(() => undefined);
    } catch {
      // The source could not open its settings after all: the screen still says where to go.
    }
  };

  /** The business's name, color and logo as the plan allows. */
  get branding(): Branding {
    return resolveBranding(this.session?.company, {
      businessName: this.host.businessName,
      brandColor: this.host.brandColor,
      logoSrc: this.host.logoSrc,
    });
  }

  /** The link of the element: `link-id`, else the id in `link-url`. */
  get linkId(): string | undefined {
    return this.host.linkId || linkIdFromUrl(this.host.linkUrl);
  }

  /** The one-time hand-off token: `handoff-token`, else the `handoff` of a hand-off `link-url`. */
  get handoffToken(): string | undefined {
    return this.host.handoffToken || handoffTokenFromUrl(this.host.linkUrl);
  }

  /** The signal of the element's network and worker jobs. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /** True once, after a step change: the new screen's heading should take the focus. */
  takeHeadingFocus(): boolean {
    const focus = this.headingFocus;
    this.headingFocus = false;
    return focus;
  }

  /**
   * True once the person left the flow (`cancel()` or the cancel button): answers that arrive
   * afterwards for earlier requests no longer move the flow.
   */
  get left(): boolean {
    return this.leftLink !== undefined;
  }

  /** The link settings of the element, as one key. */
  private get linkKey(): string {
    return [this.host.linkId, this.host.linkUrl, this.host.apiBase].join('\n');
  }

  /**
   * (Re)starts the flow for the element's link: opens or resumes the session. A link the person
   * left stays left; another link starts afresh.
   */
  async begin(): Promise<void> {
    if (this.leftLink === this.linkKey) return;
    this.leftLink = undefined;
    this.teardown();
    const run = ++this.runToken;
    this.device = currentDevice();
    const linkId = this.linkId;
    this.outcome.reset();
    this.session = undefined;
    if (!linkId) {
      this.outcome.showStop({
        kind: 'missing',
        title: this.t.missingLink,
        body: '',
        canRetry: false,
      });
      return;
    }
    this.goTo(FlowStep.loading);
    this.client = new FlowClient({
      apiBase: resolveApiBase(this.host.apiBase, this.host.linkUrl),
      onRateLimitWait: (waitMs) => {
        if (run === this.runToken)
          this.rateLimitState.value = waitMs === null ? undefined : Math.ceil(waitMs / 1000);
      },
    });
    this.bridge = new WorkerBridge({
      url: this.host.workerUrl ?? defaultWorkerUrl(),
      idleMs: workerIdleMs,
      // The captures go on without the worker (manual button, main-thread encoding).
      onFailure: (error) => void this.reportClientError('WORKER_UNAVAILABLE', error.message, true),
    });
    let session: FlowSession;
    try {
      [session] = await Promise.all([this.openOrResume(linkId), this.localize.ensureTranslation()]);
      if (run !== this.runToken) {
        // Opened after the person left: the verification is open, so it hears why it ends.
        if (this.left) this.reportLeaving(session);
        return;
      }
      this.session = session;
    } catch (error) {
      if (run !== this.runToken) return;
      this.outcome.handleFatal(error);
      return;
    }
    this.fingerprint.start(this.host.fingerprintUrl, this.client, this.signal);
    if (this.documentChoice.needed) void this.documentChoice.preload().catch(() => undefined);
    this.emit(
      new IdvReadyEvent({
        verificationId: session.verificationId,
        linkId: session.linkId,
        requiredCaptures: session.requiredCaptures,
      }),
    );
    if (isFinalStatus(session.status)) {
      this.outcome.showResult(session.status);
    } else if (session.termsAccepted) {
      await this.afterWelcome();
    } else {
      this.goTo(FlowStep.welcome);
    }
  }

  /**
   * Resumes this device's session (a reload) when its token is still known, else opens the link,
   * with the hand-off token when there is one. The stored session comes first even with a
   * hand-off token: that token is single use, so a reload of the page that used it must not
   * present it again.
   */
  private async openOrResume(linkId: string): Promise<FlowSession> {
    const client = this.client!;
    const handoffToken = this.handoffToken;
    const stored = readSessionToken(linkId);
    if (stored) {
      client.sessionToken = stored;
      try {
        return await client.getSession();
      } catch (error) {
        if (!(error instanceof FlowApiError) || error.status !== 401) throw error;
        client.sessionToken = undefined;
      }
    }
    const created = await client.openSession(linkId, handoffToken || undefined);
    writeSessionToken(linkId, created.sessionToken);
    const { sessionToken: _token, ...session } = created;
    return session;
  }

  /** The terms checkbox changed. */
  readonly setTermsChecked = (checked: boolean): void => {
    this.termsState.value = { checked, error: false };
  };

  /** The person pressed Start on the welcome screen. */
  readonly acceptTerms = async (): Promise<void> => {
    if (!this.terms.checked) {
      this.termsState.value = { ...this.terms, error: true };
      return;
    }
    await this.withBusy(async () => {
      const session = await this.client!.acceptTerms();
      this.session = session;
      this.emit(
        new IdvStartEvent({
          verificationId: session.verificationId,
          operationGuid: session.operationGuid,
        }),
      );
      await this.afterWelcome();
    });
  };

  private async afterWelcome(): Promise<void> {
    if (this.left) return;
    const policy = this.session!.company.locationPermission;
    if (policy === 'required' || (policy === 'optional' && !this.host.noGeolocation)) {
      this.location.ask();
      return;
    }
    await this.afterLocation();
  }

  /** After the location step: the device gate, then the hand-off offer, then the captures. */
  async afterLocation(): Promise<void> {
    if (this.left) return;
    const rule = matchGate(this.session!.company.gateRules, this.device);
    if (rule) {
      this.gateReasonState.value = rule.reason;
      this.goTo(FlowStep.gated);
      await this.reportClientError(
        'DEVICE_GATED',
        `Device gated by rule ${rule.id} (${rule.reason}).`,
        false,
      );
      await this.handoff.offer(true);
      return;
    }
    const mode = this.session!.company.handoffMode;
    if (this.device.formFactor === 'desktop' && mode !== 'never' && !this.handoffToken) {
      this.goTo(FlowStep.handoff);
      await this.handoff.offer(mode === 'require');
      return;
    }
    await this.afterHandoff();
  }

  /** After the hand-off offer: the e-mail of an adaptive link, else the captures. */
  async afterHandoff(): Promise<void> {
    if (this.left) return;
    if (this.session!.method === null) {
      this.identification.ask();
      return;
    }
    this.nextCapture();
  }

  /** Moves to the next capture the session still needs, or to the result. */
  nextCapture(): void {
    if (this.left) return;
    const session = this.session!;
    const kind = captureOrder.find(
      (k) => session.requiredCaptures.includes(k) && !session.completedCaptures.includes(k),
    );
    if (!kind) {
      void this.outcome.finish();
      return;
    }
    if (kind === 'front' && this.documentChoice.needed) {
      void this.documentChoice.ask();
      return;
    }
    this.goTo(kind);
    void this.capture.start(kind);
  }

  /**
   * Reads the session again after the service refused a step this device thought it was at (409):
   * shows how it ended, or goes back to where the session is.
   */
  async resync(): Promise<void> {
    let session: FlowSession;
    try {
      session = await this.client!.getSession();
    } catch (error) {
      this.outcome.handleFatal(error);
      return;
    }
    this.session = session;
    if (isFinalStatus(session.status)) this.outcome.showResult(session.status);
    else if (!session.termsAccepted) this.goTo(FlowStep.welcome);
    else this.nextCapture();
  }

  /** True when the person shows a passport: its data page is the `front`, there is no back. */
  get passport(): boolean {
    return this.session?.documentType === 'PASSPORT';
  }

  /** The capture strings of the document in force (a passport's page is its `front`). */
  get captureText(): Pick<Translation, 'captureTitles' | 'captureInstructions' | 'checking'> {
    const t = this.t;
    if (!this.passport) return t;
    const page = t.passportCapture;
    return {
      captureTitles: { ...t.captureTitles, front: page.title },
      captureInstructions: { ...t.captureInstructions, front: page.instructions },
      checking: { ...t.checking, front: page.checking },
    };
  }

  /** The captures the session requires, in the order the person takes them. */
  get requiredCaptures(): CaptureKind[] {
    const session = this.session;
    return session ? captureOrder.filter((k) => session.requiredCaptures.includes(k)) : [];
  }

  /** Shows `step` and announces it (`idv-step-change`). */
  goTo(step: FlowStep): void {
    if (this.left) return;
    const previous = this.step;
    if (previous === step && step !== FlowStep.loading) return;
    this.currentStep.value = step;
    this.headingFocus = step !== FlowStep.loading;
    this.emit(new IdvStepChangeEvent({ step, previous: previous === step ? null : previous }));
  }

  /** Fires an element event (mirrored to the parent window when framed). */
  emit(event: CustomEvent): boolean {
    return emitEvent(this.host, event, this.host.parentOrigin);
  }

  /** Fires `idv-error`. */
  emitError(code: string, message: string, recoverable: boolean): void {
    this.emit(new IdvErrorEvent({ code, message, recoverable }));
  }

  /** Fires `idv-error` and reports the error with `PATCH /verifications/error` (best effort). */
  async reportClientError(code: string, message: string, recoverable: boolean): Promise<void> {
    this.emitError(code, message, recoverable);
    const session = this.session;
    if (!session || !this.client) return;
    try {
      await this.client.reportError(session.verificationId, code, message.slice(0, 500));
    } catch {
      // Reporting is best effort.
    }
  }

  /** Runs a person's action with its button disabled; a failure stops the flow. */
  async withBusy(job: () => Promise<void>): Promise<void> {
    if (this.busy) return;
    this.busyState.value = true;
    try {
      await job();
    } catch (error) {
      this.outcome.handleFatal(error);
    } finally {
      this.busyState.value = false;
    }
  }

  /**
   * True while the flow runs: neither on its result nor on a screen that stopped it (a network
   * stop still runs: the verification is open and the person may try again).
   */
  get running(): boolean {
    if (this.step === FlowStep.result) return false;
    const kind = this.outcome.stop?.kind;
    return this.step !== FlowStep.error || kind === 'network' || kind === 'unavailable';
  }

  /**
   * Leaves the flow for the host (`IdvVerify.cancel()`): the cancel button's path while the flow
   * runs; afterwards only the camera and the timers stop. False when a listener kept it going.
   */
  cancel(): boolean {
    if (!this.running) {
      this.teardown();
      return true;
    }
    return this.requestCancel();
  }

  /**
   * The person asked to leave: fires the cancelable `idv-request-cancel`; unless a listener
   * prevents it, stops everything, shows the cancelled screen and reports `USER_CANCELLED`.
   * Answers false when a listener kept the flow going.
   */
  readonly requestCancel = (): boolean => {
    const event = new IdvRequestCancelEvent({ step: this.step });
    if (!this.emit(event)) return false;
    const session = this.session;
    this.teardown();
    this.runToken += 1;
    this.outcome.showStop({
      kind: 'cancelled',
      title: this.t.cancelledTitle,
      body: this.t.cancelledBody,
      canRetry: false,
    });
    this.leftLink = this.linkKey;
    if (session) this.reportLeaving(session);
    return true;
  };

  /** Tells the host (`idv-error`) and the service (`PATCH /verifications/error`) that the person left. */
  private reportLeaving(session: FlowSession): void {
    this.emitError('USER_CANCELLED', cancelMessage, false);
    void this.client
      ?.reportError(session.verificationId, 'USER_CANCELLED', cancelMessage)
      .catch(() => undefined);
  }

  /** Stops the camera, the worker, the timers and the loops of the flow in force. */
  teardown(): void {
    this.rateLimitState.value = undefined;
    this.capture.teardown();
    this.handoff.teardown();
    this.outcome.teardown();
    this.bridge?.terminate();
  }
}
