/** Detail of `idv-start`. */
export interface IdvStartDetail {
  verificationId: string;
  operationGuid: string | null;
}

/** The person accepted the terms: the verification has begun. */
export class IdvStartEvent extends CustomEvent<IdvStartDetail> {
  /** The event's name. */
  static readonly eventName = 'idv-start' as const;

  constructor(detail: IdvStartDetail) {
    super(IdvStartEvent.eventName, { bubbles: true, composed: true, cancelable: false, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'idv-start': IdvStartEvent;
  }
  interface HTMLElementEventMap {
    'idv-start': IdvStartEvent;
  }
}
