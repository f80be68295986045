/**
 * Firing the element's events: dispatched on the element (`bubbles`, `composed`, as each event
 * class sets) and, when the element runs in a frame, mirrored to the parent window as
 * `{source: 'idv-verify', type, detail}` for the origin named in `parent-origin` (DESIGN §6).
 */

/** Dispatches `event` on `target` and mirrors it to the parent window; answers `dispatchEvent`. */
export function emitEvent(
  target: EventTarget,
  event: CustomEvent,
  parentOrigin: string | undefined,
): boolean {
  const proceed = target.dispatchEvent(event);
  if (parentOrigin && typeof window !== 'undefined' && window.parent !== window) {
    try {
      window.parent.postMessage(
        { source: 'idv-verify', type: event.type, detail: event.detail },
        parentOrigin,
      );
    } catch {
      // An invalid origin or an uncloneable detail must not break the flow.
    }
  }
  return proceed;
}
