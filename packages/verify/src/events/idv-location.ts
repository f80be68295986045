import type { GeolocationReport } from '../api/types.js';

/** Detail of `idv-location`. */
export interface IdvLocationDetail {
  /** What was reported by `PATCH /verifications`. */
  geolocation: GeolocationReport;
}

/** A location was reported for the verification. */
export class IdvLocationEvent extends CustomEvent<IdvLocationDetail> {
  /** The event's name. */
  static readonly eventName = 'idv-location' as const;

  constructor(detail: IdvLocationDetail) {
    super(IdvLocationEvent.eventName, { bubbles: true, composed: true, cancelable: false, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'idv-location': IdvLocationEvent;
  }
  interface HTMLElementEventMap {
    'idv-location': IdvLocationEvent;
  }
}
