/** Detail of `idv-error`. */
export interface IdvErrorDetail {
  /** Upper snake case code (DESIGN §4 `errorCode` values, or `LINK_*`/`NETWORK_ERROR`). */
  code: string;
  message: string;
  /** True when the person can still go on (retry, upload, hand-off). */
  recoverable: boolean;
}

/** Something went wrong; the element shows what the person can do. */
export class IdvErrorEvent extends CustomEvent<IdvErrorDetail> {
  /** The event's name. */
  static readonly eventName = 'idv-error' as const;

  constructor(detail: IdvErrorDetail) {
    super(IdvErrorEvent.eventName, { bubbles: true, composed: true, cancelable: false, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'idv-error': IdvErrorEvent;
  }
  interface HTMLElementEventMap {
    'idv-error': IdvErrorEvent;
  }
}
