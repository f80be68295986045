import { localized, msg } from '@lit/localize';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/dialog/dialog.js';
import type { Confirmation } from './confirmation.js';

/** Sent when the person confirms the change (the screen runs it, then clears `confirmation`). */
export const CONFIRMED_EVENT = 'idv-confirmed';
/** Sent when the dialog closes without a confirmation (Cancel, Escape, the close button). */
export const DISMISSED_EVENT = 'idv-dismissed';

/**
 * The dialog that asks a person to confirm a change a screen is about to make: open while
 * `confirmation` is set, its title, text and confirm button taken from it (`#confirm`, danger).
 * The screen runs the change; the dialog shows the confirm button busy meanwhile.
 *
 * @event idv-confirmed - The confirm button was pressed.
 * @event idv-dismissed - The dialog was closed without confirming.
 */
@customElement('idv-confirm-dialog')
@localized()
export class IdvConfirmDialog extends LitElement {
  static override styles = css`
    /* Web Awesome's title is a flex item as wide as its longest word, and the close button beside
       it does not shrink: a title naming an e-mail address (Team: "Remove …") pushed the close
       button out of the dialog on a phone. The title wraps anywhere instead, so the close button
       stays in view. */
    wa-dialog::part(title) {
      min-inline-size: 0;
      overflow-wrap: anywhere;
    }
    wa-dialog::part(body) {
      overflow-wrap: anywhere;
    }
  `;

  /** The change to confirm; the dialog is closed while there is none. */
  @property({ attribute: false }) confirmation: Confirmation | undefined;
  /** The change is running. */
  @property({ type: Boolean }) busy = false;

  private dismiss(): void {
    this.dispatchEvent(new Event(DISMISSED_EVENT, { bubbles: true, composed: true }));
  }

  override render() {
    const confirmation = this.confirmation;
    return html`<wa-dialog
      label=${confirmation?.title ?? msg('Confirm')}
      ?open=${confirmation !== undefined}
      @wa-after-hide=${(event: Event) => {
        if (event.target === event.currentTarget) this.dismiss();
      }}
    >
      <p>${confirmation?.text}</p>
      <wa-button slot="footer" appearance="outlined" @click=${this.dismiss}
        >${msg('Cancel')}</wa-button
      >
      <wa-button
        slot="footer"
        variant="danger"
        id="confirm"
        ?loading=${this.busy}
        @click=${() =>
          this.dispatchEvent(new Event(CONFIRMED_EVENT, { bubbles: true, composed: true }))}
        >${confirmation?.action ?? msg('Confirm')}</wa-button
      >
    </wa-dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-confirm-dialog': IdvConfirmDialog;
  }
}
