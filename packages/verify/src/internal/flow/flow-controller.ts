/**
 * The order of the screens: (re)starts a run for the element's link, then walks welcome → location
 * → device gate → hand-off → e-mail → captures → result, handing each step to its feature's
 * controller. It implements `FlowContext`, the one interface the steps talk to, and owns what they
 * share: the screen in force, event emission, the busy flag and leaving the flow.
 */
import type { ReactiveController } from 'lit';
import type { FlowSession, VerificationStatus } from '../../api/types.js';
import type { CaptureSource } from '../../capture-source.js';
import { getDefaultCaptureSource } from '../../default-capture-source.js';
import { IdvErrorEvent, IdvReadyEvent } from '../../events/index.js';
import { FlowStep } from '../../flow-step.js';
import type { Translation } from '../../i18n/translation.js';
import { CaptureController } from '../capture/capture-controller.js';
import { currentDevice, type DeviceInfo } from '../device/device-info.js';
import { DocumentChoiceController } from '../features/document/document-choice-controller.js';
import { HandoffController } from '../features/handoff/handoff-controller.js';
import { IdentifyController } from '../features/identify/identify-controller.js';
import { LocationController } from '../features/location/location-controller.js';
import { OutcomeController } from '../features/outcome/outcome-controller.js';
import { SessionController } from '../features/session/session-controller.js';
import { WelcomeController } from '../features/welcome/welcome-controller.js';
import { emitEvent } from './emit.js';
import type { FlowContext, OpenFlow } from './flow-context.js';
import type { FlowHost } from './flow-host.js';
import { isFinalStatus } from './flow-rules.js';
import { ScreenStep } from './screen-step.js';
import { StepOrder } from './step-order.js';
import { BusyFlag } from './busy-flag.js';
import { FlowLeaving } from './flow-leaving.js';
import type { LocalizeController } from './localize-controller.js';

/** Runs one verification flow for its element. */
export class FlowController implements ReactiveController, FlowContext {
  // One controller per feature; each receives this flow as its `FlowContext`.
  readonly session = new SessionController(this.host);
  readonly outcome = new OutcomeController(this);
  readonly welcome = new WelcomeController(this);
  readonly location = new LocationController(this);
  readonly handoff = new HandoffController(this);
  readonly identification = new IdentifyController(this);
  readonly documentChoice = new DocumentChoiceController(this);
  readonly capture = new CaptureController(this);
  /** Which step follows which. */
  readonly order = new StepOrder(this, this);
  /** Leaving the flow: the cancel button, `cancel()`, and what stops once left. */
  readonly leaving = new FlowLeaving(this, this.session, () => this.endRun());
  device: DeviceInfo = currentDevice();
  /** Aborts the network and worker jobs of the element. */
  private readonly abort = new AbortController();
  /** Aborts the run in force: answers that arrive for an earlier run no longer move the flow. */
  private run = new AbortController();
  private readonly screen = new ScreenStep(this.host, this);
  private readonly busyFlag = new BusyFlag(this.host);

  constructor(
    readonly host: FlowHost,
    private readonly localize: LocalizeController,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.teardown();
  }

  get step(): FlowStep {
    return this.screen.value;
  }
  get busy(): boolean {
    return this.busyFlag.value;
  }
  get t(): Translation {
    return this.localize.t;
  }
  get source(): CaptureSource {
    return this.host.captureSource ?? getDefaultCaptureSource();
  }
  get linkId(): string | undefined {
    return this.session.linkId;
  }
  get left(): boolean {
    return this.leaving.left;
  }
  get signal(): AbortSignal {
    return this.abort.signal;
  }
  get fingerprint(): FlowContext['fingerprint'] {
    return this.session.fingerprint;
  }
  get open(): OpenFlow | undefined {
    return this.session.open;
  }
  get requiredCaptures(): FlowContext['requiredCaptures'] {
    return this.order.requiredCaptures;
  }

  /** True once, after a step change: the new screen's heading should take the focus. */
  takeHeadingFocus(): boolean {
    return this.screen.takeHeadingFocus();
  }

  /**
   * (Re)starts the flow for the element's link: opens or resumes the session. A link the person
   * left stays left; another link starts afresh.
   */
  async begin(): Promise<void> {
    if (!this.leaving.restart()) return;
    this.teardown();
    const run = this.endRun();
    this.device = currentDevice();
    const linkId = this.linkId;
    this.outcome.reset();
    this.session.update(undefined);
    if (!linkId) {
      this.outcome.showMissingLink();
      return;
    }
    this.goTo(FlowStep.loading);
    let session: FlowSession;
    try {
      [session] = await Promise.all([
        // The captures go on without the worker (manual button, main-thread encoding).
        this.session.connect(linkId, run, (error) => {
          void this.reportClientError('WORKER_UNAVAILABLE', error.message, true);
        }),
        this.localize.ensureTranslation(),
      ]);
      if (run.aborted) {
        // Opened after the person left: the verification is open, so it hears why it ends.
        if (this.left) this.leaving.report(session);
        return;
      }
      this.session.update(session);
    } catch (error) {
      if (!run.aborted) this.outcome.handleFatal(error);
      return;
    }
    this.session.startFingerprint(this.host.fingerprintUrl, this.signal);
    if (this.documentChoice.needed) void this.documentChoice.preload().catch(() => undefined);
    const { verificationId, requiredCaptures } = session;
    this.emit(new IdvReadyEvent({ verificationId, linkId: session.linkId, requiredCaptures }));
    if (isFinalStatus(session.status)) this.outcome.showResult(session.status);
    else if (session.termsAccepted) await this.afterWelcome();
    else this.goTo(FlowStep.welcome);
  }

  /** Aborts the run in force and answers the signal of the next one. */
  private endRun(): AbortSignal {
    this.run.abort();
    this.run = new AbortController();
    return this.run.signal;
  }

  readonly afterWelcome = (): Promise<void> => this.order.afterWelcome();
  readonly afterLocation = (): Promise<void> => this.order.afterLocation();
  readonly afterHandoff = (): Promise<void> => this.order.afterHandoff();
  readonly nextCapture = (): void => this.order.nextCapture();
  readonly resync = (): Promise<void> => this.order.resync();

  goTo(step: FlowStep): void {
    this.screen.goTo(step);
  }

  emit(event: CustomEvent): boolean {
    return emitEvent(this.host, event, this.host.parentOrigin);
  }

  emitError(code: string, message: string, recoverable: boolean): void {
    this.emit(new IdvErrorEvent({ code, message, recoverable }));
  }

  async reportClientError(code: string, message: string, recoverable: boolean): Promise<void> {
    this.emitError(code, message, recoverable);
    const session = this.session.current;
    if (session) await this.session.reportError(session, code, message);
  }

  readonly withBusy = (job: () => Promise<void>): Promise<void> =>
    this.busyFlag.run(job, this.fail);
  readonly updateSession = (session: FlowSession): void => this.session.update(session);
  readonly fail = (error: unknown): void => this.outcome.handleFatal(error);
  readonly finish = (known?: VerificationStatus): Promise<void> => this.outcome.finish(known);
  readonly showResult = (status: VerificationStatus): void => this.outcome.showResult(status);
  readonly showExpired = (): void => this.outcome.showExpired();
  readonly offerHandoff = (required: boolean): Promise<void> => this.handoff.offer(required);
  readonly followStatus = (active: () => boolean): void => this.handoff.followStatus(active);
  readonly stopFollowingStatus = (): void => this.handoff.stopStatusPolling();
  readonly stopCamera = (): void => this.capture.stopCamera();

  /** Stops the camera, the worker, the timers and the loops of the flow in force. */
  teardown(): void {
    this.capture.teardown();
    this.handoff.teardown();
    this.outcome.teardown();
    this.session.teardown();
  }
}
