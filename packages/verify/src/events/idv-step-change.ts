import type { FlowStep } from '../flow-step.js';

/** Detail of `idv-step-change`. */
export interface IdvStepChangeDetail {
  step: FlowStep;
  previous: FlowStep | null;
}

/** The element moved to another screen of the flow. */
export class IdvStepChangeEvent extends CustomEvent<IdvStepChangeDetail> {
  /** The event's name. */
  static readonly eventName = 'idv-step-change' as const;

  constructor(detail: IdvStepChangeDetail) {
    super(IdvStepChangeEvent.eventName, {
      bubbles: true,
      composed: true,
      cancelable: false,
      detail,
    });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'idv-step-change': IdvStepChangeEvent;
  }
  interface HTMLElementEventMap {
    'idv-step-change': IdvStepChangeEvent;
  }
}
