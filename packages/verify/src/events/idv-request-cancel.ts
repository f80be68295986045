/** Detail of `idv-request-cancel`. */
export interface IdvRequestCancelDetail {
  /** The screen the person was on. */
  step: string;
}

/**
 * The person asked to leave the flow. Cancelable: `preventDefault()` keeps the flow going (the
 * host may ask for confirmation first); otherwise the element reports `USER_CANCELLED` and stops.
 */
export class IdvRequestCancelEvent extends CustomEvent<IdvRequestCancelDetail> {
  /** The event's name. */
  static readonly eventName = 'idv-request-cancel' as const;

  constructor(detail: IdvRequestCancelDetail) {
    super(IdvRequestCancelEvent.eventName, {
      bubbles: true,
      composed: true,
      cancelable: true,
      detail,
    });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'idv-request-cancel': IdvRequestCancelEvent;
  }
  interface HTMLElementEventMap {
    'idv-request-cancel': IdvRequestCancelEvent;
  }
}
