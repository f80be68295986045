/**
 * The events of `<idv-verify>`, which the plugin forwards to its listeners one for one: read from
 * the element's own event classes (every value `@idv/verify/events` exports is one), so the list
 * cannot drift from the element.
 */
import * as events from '@idv/verify/events/index.js';

type EventClass = (typeof events)[keyof typeof events];

/** The name of an `idv-*` event. */
export type IdvEventName = EventClass['eventName'];

/** Every `idv-*` event name. */
export const idvEventNames: readonly IdvEventName[] = Object.values(events).map(
  (event) => event.eventName,
);
