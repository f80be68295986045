import type { CompanyPatchBody, CompanyView, DocumentTypeChoice } from '@idv/contract';
import { localized, msg } from '@lit/localize';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/checkbox/checkbox.js';
import '@awesome.me/webawesome/dist/components/input/input.js';
import { api, ApiFailure } from '../../lib/api.js';
import { companyStyles } from './company.styles.js';
import { errorView } from '../common/status-views.js';

/** The document types a link may allow (DESIGN §9), in the server's order. */
const DOCUMENT_TYPES: readonly DocumentTypeChoice[] = ['ID_CARD', 'PASSPORT'];

/** A document type's name for people. */
const documentTypeLabel = (type: DocumentTypeChoice): string =>
  type === 'PASSPORT' ? msg('Passport (the data page)') : msg('Identity card (front and back)');

/**
 * The defaults a new link takes when its creator (the REST API's `POST /links` or the Links
 * screen) sends none: the document types the person may show (`verificationConfig.documentTypes`;
 * a single type skips the choice) and the address the person is sent to when the flow ends
 * (`callbackUrl`, spec: "the default callback URL used when a verification finishes"). Saved
 * through the company's `PATCH`, with the REST API's validation (a non-empty list; an http(s)
 * address).
 */
@localized()
@customElement('idv-link-defaults')
export class IdvLinkDefaults extends LitElement {
  static override styles = [
    companyStyles,
    css`
      form {
        margin-top: var(--wa-space-m);
      }
      .types {
        display: flex;
        flex-direction: column;
        gap: var(--wa-space-xs);
      }
    `,
  ];

  /** The company as last read or saved. */
  @property({ attribute: false }) company: CompanyView | undefined;

  @state() private busy = false;
  @state() private error: string | undefined;
  @state() private notice: string | undefined;

  private async save(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const documentTypes = DOCUMENT_TYPES.filter((type) => data.get(`type-${type}`) !== null);
    const callbackUrl = String(data.get('callbackUrl') ?? '').trim();
    this.notice = undefined;
    if (documentTypes.length === 0) {
      this.error = msg('Allow at least one document type.');
      return;
    }
    const body: CompanyPatchBody = {
      callbackUrl: callbackUrl === '' ? null : callbackUrl,
      verificationConfig: { documentTypes },
    };
    this.busy = true;
    this.error = undefined;
    try {
      this.company = await api<CompanyView>('/company', { method: 'PATCH', body });
      this.notice = msg('The defaults are saved; new links use them.');
    } catch (error) {
      this.error =
        error instanceof ApiFailure ? error.message : msg('The defaults could not be saved.');
    } finally {
      this.busy = false;
    }
  }

  override render() {
    const company = this.company;
    if (company === undefined) return nothing;
    const allowed = company.verificationConfig.documentTypes;
    return html`<form
      id="link-defaults"
      aria-label=${msg('Document types and callback address of new links')}
      @submit=${this.save}
    >
      <fieldset>
        <legend>${msg('Document types and callback address')}</legend>
        <p class="hint">
          ${msg('A link created without its own document types or callback address takes these.')}
        </p>
        <fieldset class="types" aria-describedby="types-hint">
          <legend>${msg('Document types the person may show')}</legend>
          ${DOCUMENT_TYPES.map(
            (type) =>
              html`<wa-checkbox name=${`type-${type}`} ?checked=${allowed.includes(type)}
                >${documentTypeLabel(type)}</wa-checkbox
              >`,
          )}
          <p class="hint" id="types-hint">
            ${msg('With a single type the person does not choose.')}
          </p>
        </fieldset>
        <wa-input
          name="callbackUrl"
          type="url"
          label=${msg('Callback address')}
          hint=${msg(
            'Where the person is sent when the flow ends (http or https). Empty: the person stays on the result screen.',
          )}
          maxlength="2048"
          placeholder="https://"
          value=${company.callbackUrl ?? ''}
        ></wa-input>
        ${errorView(this.error)}
        <p class="hint" role="status" id="link-defaults-notice">${this.notice ?? nothing}</p>
        <div>
          <wa-button type="submit" variant="brand" ?loading=${this.busy}
            >${msg('Save the defaults')}</wa-button
          >
        </div>
      </fieldset>
    </form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-link-defaults': IdvLinkDefaults;
  }
}
