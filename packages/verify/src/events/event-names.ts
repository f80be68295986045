/**
 * The names of every `<idv-verify>` event, read from the event classes themselves (every value the
 * events module exports is one), so a list kept by a host or a test cannot drift from the element.
 *
 * @example
 * for (const name of idvEventNames) element.addEventListener(name, log);
 */
import * as events from './index.js';

type EventClass = (typeof events)[keyof typeof events];

/** The name of an `idv-*` event. */
export type IdvEventName = EventClass['eventName'];

/** Every `idv-*` event name (in the alphabetical order of the events module's namespace). */
export const idvEventNames: readonly IdvEventName[] = Object.values(events).map(
  (event) => event.eventName,
);
