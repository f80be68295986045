/**
 * Leaving the flow: the cancel button and `IdvVerify.cancel()`. The person's request fires the
 * cancelable `idv-request-cancel`; unless a listener keeps the flow going, everything stops, the
 * cancelled screen shows and the service hears `USER_CANCELLED`. A link that was left stays left
 * until the element gets another one.
 */
import type { FlowSession } from '../../api/types.js';
import { IdvRequestCancelEvent } from '../../events/index.js';
import { FlowStep } from '../../flow-step.js';
import type { Translation } from '../../i18n/translation.js';
import type { OutcomeController } from '../features/outcome/outcome-controller.js';
import type { SessionController } from '../features/session/session-controller.js';
import type { FlowHost } from './flow-host.js';

/** Message of the `USER_CANCELLED` report. */
const cancelMessage = 'The person left the verification.';

/** What leaving reads and stops of the flow. */
export interface LeavingFlow {
  readonly host: FlowHost;
  readonly step: FlowStep;
  readonly t: Translation;
  readonly outcome: Pick<OutcomeController, 'stop' | 'showStop'>;
  emit(event: CustomEvent): boolean;
  emitError(code: string, message: string, recoverable: boolean): void;
  /** Stops the camera, the worker, the timers and the loops of the flow in force. */
  teardown(): void;
}

/** The person's way out of the flow. */
export class FlowLeaving {
  /** The link settings whose flow the person left, if any. */
  private leftLink: string | undefined;

  constructor(
    private readonly flow: LeavingFlow,
    private readonly session: SessionController,
    /** Ends the run in force: its late answers no longer move the flow. */
    private readonly endRun: () => void,
  ) {}

  /**
   * True once the person left the flow (`cancel()` or the cancel button): answers that arrive
   * afterwards for earlier requests no longer move the flow.
   */
  get left(): boolean {
    return this.leftLink !== undefined;
  }

  /** Before a (re)start: false for the link the person left, else forgets any earlier leaving. */
  restart(): boolean {
    if (this.leftLink === this.linkKey) return false;
    this.leftLink = undefined;
    return true;
  }

  /**
   * True while the flow runs: neither on its result nor on a screen that stopped it (a network
   * stop still runs: the verification is open and the person may try again).
   */
  get running(): boolean {
    const step = this.flow.step;
    if (step === FlowStep.result) return false;
    const kind = this.flow.outcome.stop?.kind;
    return step !== FlowStep.error || kind === 'network' || kind === 'unavailable';
  }

  /**
   * Leaves the flow for the host (`IdvVerify.cancel()`): the cancel button's path while the flow
   * runs; afterwards only the camera and the timers stop. False when a listener kept it going.
   */
  cancel(): boolean {
    if (!this.running) {
      this.flow.teardown();
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
    const flow = this.flow;
    if (!flow.emit(new IdvRequestCancelEvent({ step: flow.step }))) return false;
    const session = this.session.current;
    flow.teardown();
    this.endRun();
    flow.outcome.showStop({
      kind: 'cancelled',
      title: flow.t.cancelledTitle,
      body: flow.t.cancelledBody,
      canRetry: false,
    });
    this.leftLink = this.linkKey;
    if (session) this.report(session);
    return true;
  };

  /** Tells the host (`idv-error`) and the service (`PATCH /verifications/error`) that the person left. */
  report(session: FlowSession): void {
    this.flow.emitError('USER_CANCELLED', cancelMessage, false);
    void this.session.reportError(session, 'USER_CANCELLED', cancelMessage);
  }

  /** The link settings of the element, as one key. */
  private get linkKey(): string {
    const host = this.flow.host;
    return [host.linkId, host.linkUrl, host.apiBase].join('\n');
  }
}
