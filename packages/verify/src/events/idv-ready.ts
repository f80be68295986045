/** Detail of `idv-ready`. */
export interface IdvReadyDetail {
  verificationId: string;
  linkId: string;
  /** Captures the flow will ask for, in order. */
  requiredCaptures: ('front' | 'back' | 'selfie')[];
}

/** The session is open and the element shows its first screen. */
export class IdvReadyEvent extends CustomEvent<IdvReadyDetail> {
  /** The event's name. */
  static readonly eventName = 'idv-ready' as const;

  constructor(detail: IdvReadyDetail) {
    super(IdvReadyEvent.eventName, { bubbles: true, composed: true, cancelable: false, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'idv-ready': IdvReadyEvent;
  }
  interface HTMLElementEventMap {
    'idv-ready': IdvReadyEvent;
  }
}
