import { ApiFailure } from '../../lib/api.js';

/** A change that asks for confirmation first (rotations and deletions cannot be undone). */
export interface Confirmation {
  title: string;
  text: string;
  action: string;
  run: () => Promise<void>;
}

/** The event a part of the Developers screen sends to have its screen confirm a change. */
export const CONFIRM_EVENT = 'idv-confirm';

/** Asks the Developers screen to confirm, then run, a change (it shows one dialog for all). */
export function requestConfirmation(from: HTMLElement, confirmation: Confirmation): void {
  from.dispatchEvent(
    new CustomEvent<Confirmation>(CONFIRM_EVENT, {
      detail: confirmation,
      bubbles: true,
      composed: true,
    }),
  );
}

/** The server's message of a failed call, else `fallback`. */
export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof ApiFailure ? error.message : fallback;

declare global {
  interface HTMLElementEventMap {
    [CONFIRM_EVENT]: CustomEvent<Confirmation>;
  }
}
