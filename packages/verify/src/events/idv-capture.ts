import type { CaptureKind, CaptureOrigin } from '../api/types.js';

/** Detail of `idv-capture`. */
export interface IdvCaptureDetail {
  kind: CaptureKind;
  source: CaptureOrigin;
  accepted: boolean;
  remainingRetries: number;
  /** The server's reason when not accepted. */
  error?: { code: string; message: string };
  next: CaptureKind | 'done';
}

/** A capture was sent and the server answered. */
export class IdvCaptureEvent extends CustomEvent<IdvCaptureDetail> {
  /** The event's name. */
  static readonly eventName = 'idv-capture' as const;

  constructor(detail: IdvCaptureDetail) {
    super(IdvCaptureEvent.eventName, { bubbles: true, composed: true, cancelable: false, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'idv-capture': IdvCaptureEvent;
  }
  interface HTMLElementEventMap {
    'idv-capture': IdvCaptureEvent;
  }
}
