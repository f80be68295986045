import type { VerificationStatus } from '../api/types.js';

/** Detail of `idv-complete`. */
export interface IdvCompleteDetail {
  verificationId: string;
  status: VerificationStatus;
  /** Where the element will go next (the link's `callbackUrl`), if anywhere. */
  callbackUrl: string | null;
}

/**
 * The verification reached a final result (`success` or `failed`). Cancelable: call
 * `preventDefault()` to keep the page where it is instead of following `callbackUrl`.
 */
export class IdvCompleteEvent extends CustomEvent<IdvCompleteDetail> {
  /** The event's name. */
  static readonly eventName = 'idv-complete' as const;

  constructor(detail: IdvCompleteDetail) {
    super(IdvCompleteEvent.eventName, { bubbles: true, composed: true, cancelable: true, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'idv-complete': IdvCompleteEvent;
  }
  interface HTMLElementEventMap {
    'idv-complete': IdvCompleteEvent;
  }
}
