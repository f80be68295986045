/** Detail of `idv-handoff`. */
export interface IdvHandoffDetail {
  /** URL shown as a QR code to continue on another device. */
  handoffUrl: string;
  expiresAt: string;
  /** Whether continuing on this device is still possible. */
  required: boolean;
}

/** A hand-off to another device was offered. */
export class IdvHandoffEvent extends CustomEvent<IdvHandoffDetail> {
  /** The event's name. */
  static readonly eventName = 'idv-handoff' as const;

  constructor(detail: IdvHandoffDetail) {
    super(IdvHandoffEvent.eventName, { bubbles: true, composed: true, cancelable: false, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'idv-handoff': IdvHandoffEvent;
  }
  interface HTMLElementEventMap {
    'idv-handoff': IdvHandoffEvent;
  }
}
