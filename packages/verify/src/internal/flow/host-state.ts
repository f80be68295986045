/**
 * A piece of controller state that renders its host again when it changes: the controller-side
 * twin of Lit's `@state()` (same rule: a new value that is not `===` the old one asks for an
 * update).
 */
import type { ReactiveControllerHost } from 'lit';

/** One reactive value owned by a controller. */
export class HostState<T> {
  constructor(
    private readonly host: ReactiveControllerHost,
    private current: T,
  ) {}

  /** The value in force. */
  get value(): T {
    return this.current;
  }

  /** Replaces the value and, when it changed, schedules a render of the host. */
  set value(next: T) {
    if (next === this.current) return;
    this.current = next;
    this.host.requestUpdate();
  }
}
