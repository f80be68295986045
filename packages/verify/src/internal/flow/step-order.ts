/**
 * The order of the screens once the session is open: welcome → location (when the policy asks) →
 * device gate → hand-off offer (desktops) → e-mail (adaptive links) → document choice → captures
 * → result. Each step's controller calls the next link of this chain through `FlowContext`.
 */
import type { CaptureKind, FlowSession } from '../../api/types.js';
import { FlowStep } from '../../flow-step.js';
import type { CaptureController } from '../capture/capture-controller.js';
import { matchGate } from '../device/gate.js';
import type { DocumentChoiceController } from '../features/document/document-choice-controller.js';
import type { HandoffController } from '../features/handoff/handoff-controller.js';
import type { IdentifyController } from '../features/identify/identify-controller.js';
import type { LocationController } from '../features/location/location-controller.js';
import type { SessionController } from '../features/session/session-controller.js';
import type { GateReason } from '../../api/types.js';
import type { FlowContext } from './flow-context.js';
import { captureOrder, isFinalStatus } from './flow-rules.js';
import { HostState } from './host-state.js';

/** The steps the order hands over to. */
export interface OrderedSteps {
  readonly session: Pick<SessionController, 'handoffToken'>;
  readonly location: Pick<LocationController, 'ask'>;
  readonly handoff: Pick<HandoffController, 'offer'>;
  readonly identification: Pick<IdentifyController, 'ask'>;
  readonly documentChoice: Pick<DocumentChoiceController, 'needed' | 'ask'>;
  readonly capture: Pick<CaptureController, 'start'>;
}

/** Moves the flow from one step to the next. */
export class StepOrder {
  private readonly gateReasonState: HostState<GateReason | undefined>;

  constructor(
    private readonly flow: FlowContext,
    private readonly steps: OrderedSteps,
  ) {
    this.gateReasonState = new HostState<GateReason | undefined>(flow.host, undefined);
  }

  /** Why the device gate stopped this device. */
  get gateReason(): GateReason | undefined {
    return this.gateReasonState.value;
  }

  /** The captures the session requires, in the order the person takes them. */
  get requiredCaptures(): CaptureKind[] {
    const session = this.flow.open?.session;
    return session ? captureOrder.filter((k) => session.requiredCaptures.includes(k)) : [];
  }

  /** The session of the flow, unless the person left it. */
  private get session(): FlowSession | undefined {
    return this.flow.left ? undefined : this.flow.open?.session;
  }

  /** After the terms: the location step when the policy asks for it, else what follows it. */
  async afterWelcome(): Promise<void> {
    const session = this.session;
    if (!session) return;
    const policy = session.company.locationPermission;
    if (policy === 'required' || (policy === 'optional' && !this.flow.host.noGeolocation)) {
      this.steps.location.ask();
      return;
    }
    await this.afterLocation();
  }

  /** After the location step: the device gate, then the hand-off offer, then the captures. */
  async afterLocation(): Promise<void> {
    const { flow, session } = this;
    if (!session) return;
    const rule = matchGate(session.company.gateRules, flow.device);
    if (rule) {
      this.gateReasonState.value = rule.reason;
      flow.goTo(FlowStep.gated);
      const message = `Device gated by rule ${rule.id} (${rule.reason}).`;
      await flow.reportClientError('DEVICE_GATED', message, false);
      await this.steps.handoff.offer(true);
      return;
    }
    const mode = session.company.handoffMode;
    if (
      flow.device.formFactor === 'desktop' &&
      mode !== 'never' &&
      !this.steps.session.handoffToken
    ) {
      flow.goTo(FlowStep.handoff);
      await this.steps.handoff.offer(mode === 'require');
      return;
    }
    await this.afterHandoff();
  }

  /** After the hand-off offer: the e-mail of an adaptive link, else the captures. */
  async afterHandoff(): Promise<void> {
    const session = this.session;
    if (!session) return;
    if (session.method === null) this.steps.identification.ask();
    else this.nextCapture();
  }

  /** Moves to the next capture the session still needs, or to the result. */
  nextCapture(): void {
    const session = this.session;
    if (!session) return;
    const kind = captureOrder.find(
      (k) => session.requiredCaptures.includes(k) && !session.completedCaptures.includes(k),
    );
    if (!kind) {
      void this.flow.finish();
    } else if (kind === 'front' && this.steps.documentChoice.needed) {
      void this.steps.documentChoice.ask();
    } else {
      this.flow.goTo(kind);
      void this.steps.capture.start(kind);
    }
  }

  /**
   * Reads the session again after the service refused a step this device thought it was at (409):
   * shows how it ended, or goes back to where the session is.
   */
  async resync(): Promise<void> {
    const flow = this.flow;
    const client = flow.open?.client;
    if (!client) return;
    let session: FlowSession;
    try {
      session = await client.getSession();
    } catch (error) {
      flow.fail(error);
      return;
    }
    flow.updateSession(session);
    if (isFinalStatus(session.status)) flow.showResult(session.status);
    else if (!session.termsAccepted) flow.goTo(FlowStep.welcome);
    else this.nextCapture();
  }
}
