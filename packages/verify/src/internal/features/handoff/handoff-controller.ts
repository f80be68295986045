/**
 * The hand-off to another device: asks the service for a one-time URL (`POST /flow/handoff`),
 * shows it as a QR code (the encoder loads with the first offer: phones rarely need it), renews
 * it when it expires, and follows the verification's status while the other device works.
 */
import { FlowApiError } from '../../api/flow-api-error.js';
import type { HandoffTicket } from '../../../api/types.js';
import { IdvHandoffEvent } from '../../../events/index.js';
import { isFinalStatus } from '../../flow/flow-rules.js';
import { statusPollMs } from './meta.js';
import type * as QrModule from './qr-code.js';
import type { FlowContext } from '../../flow/flow-context.js';
import { HostState } from '../../flow/host-state.js';

/** What the hand-off panel shows. */
export interface HandoffView {
  ticket?: HandoffTicket;
  /** True when this device cannot go on by itself. */
  required: boolean;
  expired: boolean;
  error?: string;
}

/** Offers and follows a hand-off. */
export class HandoffController {
  private readonly viewState: HostState<HandoffView | undefined>;
  private readonly qrState: HostState<typeof QrModule | undefined>;
  private readonly copiedState: HostState<boolean>;
  private statusTimer: ReturnType<typeof setTimeout> | undefined;
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly flow: FlowContext) {
    this.viewState = new HostState<HandoffView | undefined>(flow.host, undefined);
    this.qrState = new HostState<typeof QrModule | undefined>(flow.host, undefined);
    this.copiedState = new HostState(flow.host, false);
  }

  /** The offer in force, if any. */
  get view(): HandoffView | undefined {
    return this.viewState.value;
  }

  /** The QR renderer, once loaded. */
  get qr(): typeof QrModule | undefined {
    return this.qrState.value;
  }

  /** True after the hand-off link was copied to the clipboard. */
  get linkCopied(): boolean {
    return this.copiedState.value;
  }

  /** Asks for a hand-off URL and shows it; `required` when this device cannot go on. */
  async offer(required: boolean): Promise<void> {
    const flow = this.flow;
    const open = flow.open;
    if (!open) return;
    this.viewState.value = { required, expired: false };
    try {
      const [ticket] = await Promise.all([
        open.client.createHandoff(),
        this.qr ? undefined : import('./qr-code.js').then((m) => (this.qrState.value = m)),
      ]);
      this.viewState.value = { ticket, required, expired: false };
      flow.emit(
        new IdvHandoffEvent({
          handoffUrl: ticket.handoffUrl,
          expiresAt: ticket.expiresAt,
          required,
        }),
      );
      clearTimeout(this.expiryTimer);
      const remaining = Date.parse(ticket.expiresAt) - Date.now();
      if (Number.isFinite(remaining)) {
        this.expiryTimer = setTimeout(
          () => {
            const view = this.view;
            if (view?.ticket === ticket) this.viewState.value = { ...view, expired: true };
          },
          Math.max(0, remaining),
        );
      }
      this.followStatus(() => this.view !== undefined);
    } catch (error) {
      if (error instanceof FlowApiError && (error.sessionMoved || error.expired)) {
        flow.fail(error);
        return;
      }
      this.viewState.value = {
        required,
        expired: false,
        error: error instanceof Error ? error.message : String(error),
      };
    }
  }

  /** The person chose to go on with this device. */
  readonly continueHere = async (): Promise<void> => {
    this.stopStatusPolling();
    this.viewState.value = undefined;
    await this.flow.afterHandoff();
  };

  /** Copies the hand-off URL to the clipboard. */
  async copyLink(url: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(url);
      this.copiedState.value = true;
    } catch {
      this.copiedState.value = false;
    }
  }

  /** Stops following the status. */
  stopStatusPolling(): void {
    clearTimeout(this.statusTimer);
    this.statusTimer = undefined;
  }

  /** Stops the status poll and the expiry timer. */
  teardown(): void {
    this.stopStatusPolling();
    clearTimeout(this.expiryTimer);
  }

  /**
   * Follows the verification's status (the public poll, which needs no session) while `active()`
   * holds, and shows its result once final: the other device is doing the work.
   */
  followStatus(active: () => boolean): void {
    this.stopStatusPolling();
    const flow = this.flow;
    const open = flow.open;
    if (flow.left || !open) return;
    const { session, client } = open;
    const poll = async (): Promise<void> => {
      try {
        const answer = await client.pollStatus(session.verificationId, session.linkId);
        if (isFinalStatus(answer.status)) {
          flow.showResult(answer.status);
          return;
        }
      } catch (error) {
        if (error instanceof FlowApiError && error.status === 410) {
          flow.showExpired();
          return;
        }
      }
      if (active()) this.statusTimer = setTimeout(() => void poll(), statusPollMs);
    };
    this.statusTimer = setTimeout(() => void poll(), statusPollMs);
  }
}
