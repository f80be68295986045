import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { messageOf } from '../../lib/api.js';

/**
 * A screen's changes (the calls a button or a form makes): whether one is running (`busy`, for
 * the buttons' loading state) and the last one's failure (`error`, the server's message or the
 * change's own). The host re-renders as they move.
 */
export class ChangeController implements ReactiveController {
  /** A change is running. */
  busy = false;
  /** The last change's failure, cleared when the next starts. */
  error: string | undefined;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** Nothing to start: the state lives as long as the host. */
  hostConnected(): void {}

  /**
   * Runs `change`; a rejection becomes `error`: the server's message, else `failure` (or what
   * `failure` makes of the error). Resolves to whether the change succeeded.
   */
  async run(
    change: () => Promise<void>,
    failure: string | ((error: unknown) => string),
  ): Promise<boolean> {
    this.busy = true;
    this.error = undefined;
    this.host.requestUpdate();
    try {
      await change();
      return true;
    } catch (error) {
      this.error = typeof failure === 'string' ? messageOf(error, failure) : failure(error);
      return false;
    } finally {
      this.busy = false;
      this.host.requestUpdate();
    }
  }

  /** Shows a failure found before any call (a check of the form). */
  fail(message: string): void {
    this.error = message;
    this.host.requestUpdate();
  }

  /** Clears the failure shown (the person moved on). */
  clear(): void {
    this.error = undefined;
    this.host.requestUpdate();
  }
}
