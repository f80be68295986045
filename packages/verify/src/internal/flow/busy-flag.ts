/**
 * The busy flag of a person's action: while the action waits for the service its button is
 * disabled, and a second press does nothing.
 */
import type { ReactiveControllerHost } from 'lit';
import { HostState } from './host-state.js';

/** Runs one action at a time. */
export class BusyFlag {
  private readonly state: HostState<boolean>;

  constructor(host: ReactiveControllerHost) {
    this.state = new HostState(host, false);
  }

  /** True while an action runs. */
  get value(): boolean {
    return this.state.value;
  }

  /** Runs `job` unless another runs; its failure goes to `onError`. */
  async run(job: () => Promise<void>, onError: (error: unknown) => void): Promise<void> {
    if (this.value) return;
    this.state.value = true;
    try {
      await job();
    } catch (error) {
      onError(error);
    } finally {
      this.state.value = false;
    }
  }
}
