/**
 * The e-mail step of an adaptive link created without an identifier: the person's e-mail goes to
 * `PATCH /verifications/identify`, which settles the method (the short FACE branch for a returning
 * customer, else the full document flow); the captures follow.
 */
import { FlowApiError } from '../../api/flow-api-error.js';
import { FlowStep } from '../../../flow-step.js';
import type { FlowContext } from '../../flow/flow-context.js';
import { HostState } from '../../flow/host-state.js';

/** Asks for and sends the e-mail. */
export class IdentifyController {
  private readonly errorState: HostState<string | undefined>;

  constructor(private readonly flow: FlowContext) {
    this.errorState = new HostState<string | undefined>(flow.host, undefined);
  }

  /** The error under the e-mail field, if any. */
  get error(): string | undefined {
    return this.errorState.value;
  }

  /** Shows the e-mail screen. */
  ask(): void {
    this.errorState.value = undefined;
    this.flow.goTo(FlowStep.identify);
  }

  /** The e-mail form was submitted. */
  readonly submit = async (event: Event): Promise<void> => {
    const flow = this.flow;
    event.preventDefault();
    const input = (event.target as HTMLFormElement).querySelector<HTMLInputElement>(
      'input[type=email]',
    );
    const email = input?.value.trim() ?? '';
    if (!input?.checkValidity() || !email) {
      this.errorState.value = flow.t.emailInvalid;
      return;
    }
    const open = flow.open;
    if (!open) return;
    const { client, session } = open;
    await flow.withBusy(async () => {
      try {
        await client.identify(session.verificationId, email);
      } catch (error) {
        if (error instanceof FlowApiError && (error.status === 400 || error.status === 409)) {
          this.errorState.value = error.status === 400 ? flow.t.emailInvalid : error.message;
          return;
        }
        throw error;
      }
      flow.updateSession(await client.getSession());
      flow.nextCapture();
    });
  };
}
