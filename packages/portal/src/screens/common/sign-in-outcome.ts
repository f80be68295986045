import { msg } from '@lit/localize';
import type { PortalSessionView } from '@idv/contract';
import { ApiFailure } from '../../lib/api.js';

/** The event the sign-in screens send with the new session (the app then shows the portal). */
export const SIGNED_IN_EVENT = 'signed-in';

/** Tells the app that the person is signed in, with their session. */
export function announceSignedIn(from: HTMLElement, session: PortalSessionView): void {
  from.dispatchEvent(
    new CustomEvent<PortalSessionView>(SIGNED_IN_EVENT, {
      detail: session,
      bubbles: true,
      composed: true,
    }),
  );
}

/**
 * Why a call of the signed-out screens failed, for people: too many attempts (the server's
 * throttle, 429) in the portal's language, else the server's message, else that it cannot be
 * reached.
 */
export function signInFailure(error: unknown): string {
  if (error instanceof ApiFailure && error.status === 429)
    return msg('Too many attempts. Wait a few minutes and try again.');
  return error instanceof ApiFailure ? error.message : msg('The service cannot be reached.');
}
