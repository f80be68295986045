/** Detail of `idv-expired`. */
export interface IdvExpiredDetail {
  verificationId: string | null;
  linkId: string;
}

/** The link or the verification ran out of time. */
export class IdvExpiredEvent extends CustomEvent<IdvExpiredDetail> {
  /** The event's name. */
  static readonly eventName = 'idv-expired' as const;

  constructor(detail: IdvExpiredDetail) {
    super(IdvExpiredEvent.eventName, { bubbles: true, composed: true, cancelable: false, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'idv-expired': IdvExpiredEvent;
  }
  interface HTMLElementEventMap {
    'idv-expired': IdvExpiredEvent;
  }
}
