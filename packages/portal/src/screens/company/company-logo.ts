import type { CompanyView } from '@idv/contract';
import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import { api, ApiFailure } from '../../lib/api.js';
import { errorView } from '../common/status-views.js';

/** The server's limit on an upload (`LOGO_MAX_BYTES`): checked here first to spare the upload. */
const MAX_BYTES = 2 * 1024 * 1024;

/** What the server decodes. SVG is refused there (it can carry script); see SECURITY.md. */
const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * Sent when an upload or a removal here changed the company's logo; its detail is the logo's new
 * address as the server serves it (`logoUrl`), or null once removed.
 */
export const LOGO_CHANGED_EVENT = 'idv-logo-changed';

/** A file chosen, not uploaded yet, and the `blob:` address that shows it. */
interface Chosen {
  file: File;
  url: string;
}

/**
 * The company logo on the Company screen: the logo as the server serves it to `<idv-verify>`
 * (`logoUrl`: the upload decoded and re-encoded as PNG within 512 pixels), the image chosen before
 * it is uploaded, upload and removal (`POST` and `DELETE /app/api/company/logo`, the REST API's
 * logo service). Not on the Basic plan, whose branding is the name alone. Owners and admins (the
 * screen's people).
 *
 * @event idv-logo-changed - The logo was uploaded or removed; `detail` is its new `logoUrl`.
 */
@localized()
@customElement('idv-company-logo')
export class IdvCompanyLogo extends LitElement {
  static override styles = css`
    :host {
      display: flex;
      flex-direction: column;
      gap: var(--wa-space-xs);
    }
    .label {
      font-weight: var(--wa-font-weight-semibold);
    }
    .images {
      display: flex;
      flex-wrap: wrap;
      gap: var(--wa-space-m);
    }
    figure {
      margin: 0;
      display: flex;
      flex-direction: column;
      gap: var(--wa-space-2xs);
    }
    figcaption,
    .hint {
      color: var(--wa-color-text-quiet);
      font-size: var(--wa-font-size-s);
      margin: 0;
    }
    img {
      max-width: 10rem;
      max-height: 5rem;
      object-fit: contain;
      border: 1px solid var(--wa-color-surface-border);
      border-radius: var(--wa-border-radius-s);
      padding: var(--wa-space-2xs);
      background: var(--wa-color-surface-default);
    }
    input[type='file'] {
      font: inherit;
      max-width: 100%;
    }
    input[type='file']:focus-visible {
      outline: var(--wa-focus-ring);
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: var(--wa-space-xs);
    }
  `;

  /** The company as last read or saved. */
  @property({ attribute: false }) company: CompanyView | undefined;

  /** The logo's address after an upload or removal here (undefined: the company's). */
  @state() private logoUrl: string | null | undefined;
  @state() private chosen: Chosen | undefined;
  @state() private busy: 'upload' | 'remove' | undefined;
  @state() private error: string | undefined;
  @state() private notice: string | undefined;

  override willUpdate(changed: Map<PropertyKey, unknown>): void {
    // A new read of the company (the screen saved its form) is the truth again.
    if (changed.has('company')) this.logoUrl = undefined;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.choose(undefined);
  }

  /** Replaces the chosen file (and frees the address of the previous one). */
  private choose(file: File | undefined): void {
    if (this.chosen !== undefined) URL.revokeObjectURL(this.chosen.url);
    this.chosen = file === undefined ? undefined : { file, url: URL.createObjectURL(file) };
  }

  private fileChanged(event: Event): void {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    this.error = undefined;
    this.notice = undefined;
    if (file !== undefined && !ACCEPTED_TYPES.includes(file.type)) {
      this.error = msg('The logo must be a PNG, JPEG or WebP image (SVG is not accepted).');
      input.value = '';
      this.choose(undefined);
      return;
    }
    if (file !== undefined && file.size > MAX_BYTES) {
      this.error = msg('The logo must be 2 MB or smaller.');
      input.value = '';
      this.choose(undefined);
      return;
    }
    this.choose(file);
  }

  private async send(kind: 'upload' | 'remove'): Promise<void> {
    let body: FormData | undefined;
    if (kind === 'upload') {
      if (this.chosen === undefined) return;
      body = new FormData();
      body.append('logo', this.chosen.file, this.chosen.file.name);
    }
    this.busy = kind;
    this.error = undefined;
    this.notice = undefined;
    try {
      const saved = await api<CompanyView>('/company/logo', {
        method: kind === 'upload' ? 'POST' : 'DELETE',
        ...(body === undefined ? {} : { body }),
      });
      this.logoUrl = saved.logoUrl;
      this.dispatchEvent(
        new CustomEvent<string | null>(LOGO_CHANGED_EVENT, {
          detail: saved.logoUrl,
          bubbles: true,
          composed: true,
        }),
      );
      this.notice =
        kind === 'upload'
          ? msg('The logo is saved; verifications show it from now on.')
          : msg('The logo is removed; verifications show the first letter of the name.');
      this.choose(undefined);
      const input = this.renderRoot.querySelector<HTMLInputElement>('#logo-file');
      if (input !== null) input.value = '';
    } catch (error) {
      this.error =
        error instanceof ApiFailure
          ? error.message
          : kind === 'upload'
            ? msg('The logo could not be uploaded.')
            : msg('The logo could not be removed.');
    } finally {
      this.busy = undefined;
    }
  }

  private renderControls(current: string | null) {
    return html`<label for="logo-file"
        >${msg('Choose an image: PNG, JPEG or WebP, at most 2 MB')}</label
      >
      <input
        id="logo-file"
        type="file"
        accept=${ACCEPTED_TYPES.join(',')}
        aria-describedby="logo-hint"
        @change=${this.fileChanged}
      />
      <p class="hint" id="logo-hint">
        ${msg(
          'It is shown at most 512 pixels wide or high, on a light background. SVG files are refused: they can carry scripts.',
        )}
      </p>
      <div class="actions">
        <wa-button
          id="upload-logo"
          variant="brand"
          ?disabled=${this.chosen === undefined || this.busy !== undefined}
          ?loading=${this.busy === 'upload'}
          @click=${() => this.send('upload')}
          >${msg('Upload the logo')}</wa-button
        >
        ${
          current === null
            ? nothing
            : html`<wa-button
                id="remove-logo"
                variant="danger"
                appearance="outlined"
                ?disabled=${this.busy !== undefined}
                ?loading=${this.busy === 'remove'}
                @click=${() => this.send('remove')}
                >${msg('Remove the logo')}</wa-button
              >`
        }
      </div>`;
  }

  override render() {
    const company = this.company;
    if (company === undefined) return nothing;
    const current = this.logoUrl === undefined ? company.logoUrl : this.logoUrl;
    const basic = company.plan === 'basic';
    return html`<span class="label">${msg('Logo')}</span>
      <div class="images">
        ${
          current === null
            ? html`<p class="hint" id="no-logo">
                ${msg('No logo: verifications show the first letter of the name.')}
              </p>`
            : html`<figure>
                <img id="current-logo" src=${current} alt=${msg(str`${company.name} logo`)} />
                <figcaption>${msg('In use')}</figcaption>
              </figure>`
        }
        ${
          this.chosen === undefined
            ? nothing
            : html`<figure>
                <img
                  id="chosen-logo"
                  src=${this.chosen.url}
                  alt=${msg('The chosen image, not uploaded yet')}
                />
                <figcaption>${msg('Chosen, not uploaded yet')}</figcaption>
              </figure>`
        }
      </div>
      ${
        basic
          ? html`<p class="hint">${msg('Premium and Pro plans show a logo.')}</p>`
          : this.renderControls(current)
      }
      ${errorView(this.error)}
      <p class="hint" role="status" id="logo-notice">${this.notice ?? nothing}</p>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-company-logo': IdvCompanyLogo;
  }
  interface HTMLElementEventMap {
    [LOGO_CHANGED_EVENT]: CustomEvent<string | null>;
  }
}
