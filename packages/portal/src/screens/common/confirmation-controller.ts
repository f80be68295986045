import { msg, str } from '@lit/localize';
import {
  html,
  type ReactiveController,
  type ReactiveControllerHost,
  type TemplateResult,
} from 'lit';
import type { ChangeController } from './change-controller.js';
import './confirm-dialog.js';
import type { Confirmation } from './confirmation.js';

/**
 * The change a screen asked the person to confirm, and the dialog that asks: `ask` opens it,
 * the confirm button runs the change through the screen's `ChangeController` (busy while it
 * runs, its failure in the screen's alert), then `after` (a re-read), and the dialog closes.
 */
export class ConfirmationController implements ReactiveController {
  /** The change waiting for the person's answer. */
  private pending: Confirmation | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly changes: ChangeController,
    private readonly after: () => void = () => undefined,
  ) {
    host.addController(this);
  }

  /** Nothing to start: the state lives as long as the host. */
  hostConnected(): void {}

  /** Opens the dialog for `confirmation` (replacing one still open). */
  ask(confirmation: Confirmation): void {
    this.pending = confirmation;
    this.host.requestUpdate();
  }

  private readonly confirmed = async (): Promise<void> => {
    const confirmation = this.pending;
    if (confirmation === undefined) return;
    await this.changes.run(
      confirmation.run,
      confirmation.failure ?? msg(str`${confirmation.title} failed.`),
    );
    this.after();
    this.dismissed();
  };

  private readonly dismissed = (): void => {
    this.pending = undefined;
    this.host.requestUpdate();
  };

  /** The dialog, for the host's template (open while a change waits). */
  dialog(): TemplateResult {
    return html`<idv-confirm-dialog
      .confirmation=${this.pending}
      ?busy=${this.changes.busy}
      @idv-confirmed=${this.confirmed}
      @idv-dismissed=${this.dismissed}
    ></idv-confirm-dialog>`;
  }
}
