/**
 * How the flow ends: the result (and the link's `callbackUrl`), the expiry, and the screens that
 * stop the flow (used or inactive link, network trouble, cancellation). Waits for the final
 * status once the captures are in.
 */
import { FlowApiError } from '../../api/flow-api-error.js';
import type { VerificationStatus } from '../../../api/types.js';
import { IdvCompleteEvent, IdvExpiredEvent } from '../../../events/index.js';
import { FlowStep } from '../../../flow-step.js';
import { safeUrl } from '../session/branding.js';
import { isFinalStatus } from '../../flow/flow-rules.js';
import { sleep } from '../../capture/frames.js';
import { finalStatusPollMs, finalStatusPolls, redirectDelayMs } from './meta.js';
import type { FlowContext } from '../../flow/flow-context.js';
import { HostState } from '../../flow/host-state.js';

/** A screen that stops the flow. */
export interface StopScreen {
  kind:
    | 'expired'
    | 'used'
    | 'inactive'
    | 'moved'
    | 'network'
    | 'unavailable'
    | 'missing'
    | 'cancelled'
    | 'other';
  title: string;
  body: string;
  canRetry: boolean;
}

/** The end of the flow. */
export class OutcomeController {
  private readonly resultState: HostState<'success' | 'failed' | undefined>;
  private readonly stopState: HostState<StopScreen | undefined>;
  private readonly redirectState: HostState<boolean>;
  private redirectTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly flow: FlowContext) {
    this.resultState = new HostState<'success' | 'failed' | undefined>(flow.host, undefined);
    this.stopState = new HostState<StopScreen | undefined>(flow.host, undefined);
    this.redirectState = new HostState(flow.host, false);
  }

  /** The result shown on the result screen. */
  get result(): 'success' | 'failed' | undefined {
    return this.resultState.value;
  }

  /** The screen that stopped the flow, if any. */
  get stop(): StopScreen | undefined {
    return this.stopState.value;
  }

  /** True while the browser is about to follow the `callbackUrl`. */
  get redirectPending(): boolean {
    return this.redirectState.value;
  }

  /** Forgets the outcome of an earlier run. */
  reset(): void {
    this.stopState.value = undefined;
    this.resultState.value = undefined;
  }

  /** The captures are in: waits for the final status (or takes `known`) and shows the result. */
  async finish(known?: VerificationStatus): Promise<void> {
    const flow = this.flow;
    flow.goTo(FlowStep.processing);
    const open = flow.open;
    if (!open) return;
    const { session, client } = open;
    let status: VerificationStatus | undefined = known && isFinalStatus(known) ? known : undefined;
    for (
      let attempt = 0;
      !status && attempt < finalStatusPolls && flow.host.isConnected && !flow.left;
      attempt += 1
    ) {
      try {
        const poll = await client.pollStatus(session.verificationId, session.linkId);
        if (isFinalStatus(poll.status)) status = poll.status;
      } catch (error) {
        if (error instanceof FlowApiError && error.status === 410) status = 'expired';
      }
      if (!status) await sleep(finalStatusPollMs);
    }
    this.showResult(status ?? 'failed');
  }

  /** Shows the result of a final status (`expired` shows the expiry screen). */
  showResult(status: VerificationStatus): void {
    const flow = this.flow;
    if (flow.left) return;
    flow.stopCamera();
    flow.stopFollowingStatus();
    if (status === 'expired') {
      this.showExpired();
      return;
    }
    const session = flow.open?.session;
    if ((status !== 'success' && status !== 'failed') || !session) return;
    this.resultState.value = status;
    flow.goTo(FlowStep.result);
    const callbackUrl = safeUrl(session.callbackUrl);
    const event = new IdvCompleteEvent({
      verificationId: session.verificationId,
      status,
      callbackUrl,
    });
    flow.emit(event);
    if (callbackUrl && !event.defaultPrevented) {
      this.redirectState.value = true;
      this.redirectTimer = setTimeout(() => window.location.assign(callbackUrl), redirectDelayMs);
    }
  }

  /** The link or the verification expired. */
  showExpired(): void {
    const flow = this.flow;
    if (flow.left) return;
    flow.stopCamera();
    flow.stopFollowingStatus();
    flow.emit(
      new IdvExpiredEvent({
        verificationId: flow.open?.session.verificationId ?? null,
        linkId: flow.linkId ?? '',
      }),
    );
    this.showStop({
      kind: 'expired',
      title: flow.t.expiredTitle,
      body: flow.t.expiredBody,
      canRetry: false,
    });
  }

  /** Stops the flow on an error it cannot go on after, with the screen that fits it. */
  handleFatal(error: unknown): void {
    const flow = this.flow;
    if (flow.left) return;
    const t = flow.t;
    if (error instanceof FlowApiError) {
      if (error.expired) {
        this.showExpired();
        return;
      }
      if (error.sessionMoved && flow.open) {
        // Another device took the session over with a hand-off: follow it to its result.
        flow.emitError('SESSION_MOVED', error.message, false);
        this.showStop({ kind: 'moved', title: t.movedTitle, body: t.movedBody, canRetry: false });
        flow.followStatus(() => this.stop?.kind === 'moved' && flow.step === 'error');
        return;
      }
      if (error.unavailable) {
        flow.emitError('SERVICE_UNAVAILABLE', error.message, true);
        this.showStop({
          kind: 'unavailable',
          title: t.unavailableTitle,
          body: t.unavailableBody,
          canRetry: true,
        });
        return;
      }
      if (error.linkError === 'LinkAlreadyUsed') {
        flow.emitError('LINK_ALREADY_USED', error.message, false);
        this.showStop({ kind: 'used', title: t.usedTitle, body: t.usedBody, canRetry: false });
        return;
      }
      if (error.linkError === 'LinkInactive' || error.status === 404) {
        flow.emitError('LINK_INACTIVE', error.message, false);
        this.showStop({
          kind: 'inactive',
          title: t.inactiveTitle,
          body: t.expiredBody,
          canRetry: false,
        });
        return;
      }
    }
    const message = error instanceof Error ? error.message : String(error);
    flow.emitError('NETWORK_ERROR', message, true);
    this.showStop({
      kind: 'network',
      title: t.networkErrorTitle,
      body: t.networkErrorBody,
      canRetry: true,
    });
  }

  /** The element has no link to verify. */
  showMissingLink(): void {
    this.showStop({ kind: 'missing', title: this.flow.t.missingLink, body: '', canRetry: false });
  }

  /** Shows a screen that stops the flow. */
  showStop(stop: StopScreen): void {
    if (this.flow.left) return;
    this.flow.stopCamera();
    this.stopState.value = stop;
    this.flow.goTo(FlowStep.error);
  }

  /** Cancels a pending `callbackUrl` redirect. */
  teardown(): void {
    clearTimeout(this.redirectTimer);
    this.redirectState.value = false;
  }
}
