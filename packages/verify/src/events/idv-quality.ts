import type { DocumentFrameAnalysis, FaceFrameAnalysis } from '../worker/types.js';

/** Detail of `idv-quality`: the live scores of the last analysed frame. */
export type IdvQualityDetail =
  | { kind: 'front' | 'back'; document: DocumentFrameAnalysis }
  | { kind: 'selfie'; face: FaceFrameAnalysis };

/** Live quality scores of a camera frame (several per second while a camera is open). */
export class IdvQualityEvent extends CustomEvent<IdvQualityDetail> {
  /** The event's name. */
  static readonly eventName = 'idv-quality' as const;

  constructor(detail: IdvQualityDetail) {
    super(IdvQualityEvent.eventName, { bubbles: true, composed: true, cancelable: false, detail });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'idv-quality': IdvQualityEvent;
  }
  interface HTMLElementEventMap {
    'idv-quality': IdvQualityEvent;
  }
}
