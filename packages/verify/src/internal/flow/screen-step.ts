/**
 * The screen in force: which step shows, its announcement (`idv-step-change`) and the focus its
 * heading takes once it shows.
 */
import { IdvStepChangeEvent } from '../../events/index.js';
import { FlowStep } from '../../flow-step.js';
import type { FlowHost } from './flow-host.js';
import { HostState } from './host-state.js';

/** The step on screen. */
export class ScreenStep {
  private readonly current: HostState<FlowStep>;
  private headingFocus = false;

  constructor(
    host: FlowHost,
    /** Fires the announcement; once the person left the flow, the screen stays as it is. */
    private readonly flow: { emit(event: CustomEvent): boolean; readonly left: boolean },
  ) {
    this.current = new HostState<FlowStep>(host, FlowStep.loading);
  }

  /** The screen in force. */
  get value(): FlowStep {
    return this.current.value;
  }

  /** Shows `step` and announces it (`idv-step-change`). */
  goTo(step: FlowStep): void {
    if (this.flow.left) return;
    const previous = this.value;
    if (previous === step && step !== FlowStep.loading) return;
    this.current.value = step;
    this.headingFocus = step !== FlowStep.loading;
    this.flow.emit(new IdvStepChangeEvent({ step, previous: previous === step ? null : previous }));
  }

  /** True once, after a step change: the new screen's heading should take the focus. */
  takeHeadingFocus(): boolean {
    const focus = this.headingFocus;
    this.headingFocus = false;
    return focus;
  }
}
