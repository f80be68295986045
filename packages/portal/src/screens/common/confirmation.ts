/** A change that asks for confirmation first (rotations, revocations and removals cannot be undone). */
export interface Confirmation {
  /** The dialog's title; also names the change in its failure message. */
  title: string;
  /** What the change does, for the person to weigh. */
  text: string;
  /** The confirm button's label. */
  action: string;
  /** Makes the change (a rejection is shown as the change's failure). */
  run: () => Promise<void>;
  /** The failure shown when the server gives no message (default: "{title} failed."). */
  failure?: string;
}

/** The event a part of a screen sends to have its screen confirm a change. */
export const CONFIRM_EVENT = 'idv-confirm';

/** Asks the enclosing screen to confirm, then run, a change (it shows one dialog for all). */
export function requestConfirmation(from: HTMLElement, confirmation: Confirmation): void {
  from.dispatchEvent(
    new CustomEvent<Confirmation>(CONFIRM_EVENT, {
      detail: confirmation,
      bubbles: true,
      composed: true,
    }),
  );
}

declare global {
  interface HTMLElementEventMap {
    [CONFIRM_EVENT]: CustomEvent<Confirmation>;
  }
}
