/** The screens of the flow, in the order a person may meet them. */
export const FlowStep = {
  loading: 'loading',
  welcome: 'welcome',
  location: 'location',
  gated: 'gated',
  handoff: 'handoff',
  identify: 'identify',
  /** The person chooses the document (ID card or passport); skipped when the link allows one. */
  document: 'document',
  front: 'front',
  back: 'back',
  selfie: 'selfie',
  processing: 'processing',
  result: 'result',
  error: 'error',
} as const;
export type FlowStep = (typeof FlowStep)[keyof typeof FlowStep];
