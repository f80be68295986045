/**
 * The welcome step: the terms checkbox and the Start button. Accepting the terms goes to the flow
 * API (`POST /flow/terms`), fires `idv-start`, and hands over to the steps that follow.
 */
import { IdvStartEvent } from '../../../events/index.js';
import type { FlowContext } from '../../flow/flow-context.js';
import { HostState } from '../../flow/host-state.js';

/** The terms checkbox and whether the person tried to start without it. */
export interface TermsState {
  checked: boolean;
  error: boolean;
}

/** Asks for and sends the acceptance of the terms. */
export class WelcomeController {
  private readonly termsState: HostState<TermsState>;

  constructor(private readonly flow: FlowContext) {
    this.termsState = new HostState<TermsState>(flow.host, { checked: false, error: false });
  }

  /** The terms checkbox and whether the person tried to start without it. */
  get terms(): TermsState {
    return this.termsState.value;
  }

  /** The terms checkbox changed. */
  readonly setTermsChecked = (checked: boolean): void => {
    this.termsState.value = { checked, error: false };
  };

  /** The person pressed Start. */
  readonly acceptTerms = async (): Promise<void> => {
    const flow = this.flow;
    if (!this.terms.checked) {
      this.termsState.value = { ...this.terms, error: true };
      return;
    }
    const open = flow.open;
    if (!open) return;
    await flow.withBusy(async () => {
      const session = await open.client.acceptTerms();
      flow.updateSession(session);
      flow.emit(
        new IdvStartEvent({
          verificationId: session.verificationId,
          operationGuid: session.operationGuid,
        }),
      );
      await flow.afterWelcome();
    });
  };
}
