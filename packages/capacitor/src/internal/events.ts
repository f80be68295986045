/** The events of `<idv-verify>`, which the plugin forwards to its listeners one for one. */
export const idvEventNames = [
  'idv-ready',
  'idv-start',
  'idv-step-change',
  'idv-capture',
  'idv-quality',
  'idv-location',
  'idv-handoff',
  'idv-complete',
  'idv-error',
  'idv-expired',
  'idv-request-cancel',
] as const;

/** One of `idvEventNames`. */
export type IdvEventName = (typeof idvEventNames)[number];
