import { localized, msg, str } from '@lit/localize';
import { Task } from '@lit/task';
import type { CompanyPatchBody, CompanyView } from '@idv/contract';
import { html, LitElement, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/input/input.js';
import '@awesome.me/webawesome/dist/components/option/option.js';
import '@awesome.me/webawesome/dist/components/select/select.js';
import '@awesome.me/webawesome/dist/components/spinner/spinner.js';
import '@awesome.me/webawesome/dist/components/switch/switch.js';
import { api } from '../lib/api.js';
import { ChangeController } from './common/change-controller.js';
import './company/branding-preview.js';
import { companyStyles } from './company/company.styles.js';
import './company/company-logo.js';
import './company/link-defaults.js';
import { errorView, failureView, loadingView } from './common/status-views.js';

/** What the preview shows: the name and colour as the form stands (before it is saved), the logo. */
interface Branding {
  name: string;
  color: string;
  /** The logo as the server serves it, or null: as read, or as last uploaded or removed here. */
  logoUrl: string | null;
}

/** A required number of hours of the form (a window the plan caps; fixed on Basic). */
const hoursField = (field: {
  name: 'expirationTime' | 'dataExpirationTime';
  label: string;
  min: number;
  step: number;
  value: number;
  disabled: boolean;
}) =>
  html`<wa-input
    name=${field.name}
    label=${field.label}
    type="number"
    min=${field.min}
    step=${field.step}
    required
    ?disabled=${field.disabled}
    value=${String(field.value)}
  ></wa-input>`;

/** A form field's value as text. */
const field = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

/**
 * Company: name, brand colour (with a live preview of `<idv-verify>` through its branding
 * attributes), link defaults (link window, hand-off, location, adaptive flow), anti-spoofing and
 * retention (how long data is kept after the link window). The server applies the REST API's
 * validation and plan rules (windows within the plan's maxima; branding beyond the name only on
 * Premium and Pro). Owners and admins.
 */
@customElement('idv-company')
@localized()
export class IdvCompany extends LitElement {
  static override styles = companyStyles;

  @state() private branding: Branding | undefined;
  private readonly changes = new ChangeController(this);
  @state() private notice: string | undefined;

  private readonly company = new Task(this, {
    task: async (_args, { signal }) => {
      const company = await api<CompanyView>('/company', { signal });
      this.branding = { name: company.name, color: company.color, logoUrl: company.logoUrl };
      return company;
    },
    args: () => [] as const,
  });

  private formChanged(event: Event): void {
    const form = (event.currentTarget as HTMLElement).closest('form');
    if (form === null || this.branding === undefined) return;
    const data = new FormData(form);
    this.branding = {
      name: field(data, 'name') || this.branding.name,
      color: field(data, 'color') || this.branding.color,
      logoUrl: this.branding.logoUrl,
    };
  }

  /** The logo section uploaded or removed the logo: the preview shows the new one. */
  private logoChanged(event: CustomEvent<string | null>): void {
    if (this.branding !== undefined) this.branding = { ...this.branding, logoUrl: event.detail };
  }

  private async save(event: SubmitEvent, company: CompanyView): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const basic = company.plan === 'basic';
    const body: CompanyPatchBody = {
      name: field(data, 'name'),
      handoffMode: field(data, 'handoffMode') as CompanyView['handoffMode'],
      linkConfig: {
        adaptiveFlow: data.get('adaptiveFlow') !== null,
        ...(basic
          ? {}
          : {
              expirationTime: Number(field(data, 'expirationTime')),
              dataExpirationTime: Number(field(data, 'dataExpirationTime')),
            }),
      },
      verificationConfig: {
        locationPermission: field(
          data,
          'locationPermission',
        ) as CompanyView['verificationConfig']['locationPermission'],
      },
      ...(basic
        ? {}
        : { color: field(data, 'color'), antiSpoofing: data.get('antiSpoofing') !== null }),
    };
    this.notice = undefined;
    await this.changes.run(async () => {
      const saved = await api<CompanyView>('/company', { method: 'PATCH', body });
      this.branding = { name: saved.name, color: saved.color, logoUrl: saved.logoUrl };
      this.notice = msg('The settings are saved; new links use them.');
      void this.company.run();
    }, msg('The settings could not be saved.'));
  }

  private renderForm(company: CompanyView) {
    const basic = company.plan === 'basic';
    return html`<form
      id="company-form"
      aria-label=${msg('Company settings')}
      @submit=${(event: SubmitEvent) => this.save(event, company)}
      @input=${this.formChanged}
      @change=${this.formChanged}
    >
      <fieldset>
        <legend>${msg('Brand')}</legend>
        <wa-input
          name="name"
          label=${msg('Name')}
          required
          maxlength="200"
          value=${company.name}
        ></wa-input>
        <div class="colour">
          <label for="colour">${msg('Brand colour')}</label>
          <input id="colour" name="color" type="color" .value=${company.color} ?disabled=${basic} />
          ${basic ? html`<p class="hint">${msg('Premium and Pro plans set the colour.')}</p>` : nothing}
        </div>
        <idv-company-logo
          .company=${company}
          @idv-logo-changed=${this.logoChanged}
        ></idv-company-logo>
      </fieldset>
      <fieldset>
        <legend>${msg('Link defaults')}</legend>
        <div class="row">
          ${hoursField({
            name: 'expirationTime',
            label: msg('Link window (hours)'),
            min: 0.5,
            step: 0.5,
            value: company.linkConfig.expirationTime,
            disabled: basic,
          })}
          <wa-select
            name="handoffMode"
            label=${msg('Hand-off to a phone')}
            value=${company.handoffMode}
          >
            <wa-option value="never">${msg('Never')}</wa-option>
            <wa-option value="suggest">${msg('Suggest')}</wa-option>
            <wa-option value="require">${msg('Require')}</wa-option>
          </wa-select>
          <wa-select
            name="locationPermission"
            label=${msg('Device location')}
            value=${company.verificationConfig.requestedLocationPermission}
          >
            <wa-option value="never">${msg('Never asked')}</wa-option>
            <wa-option value="optional">${msg('Optional')}</wa-option>
            <wa-option value="required">${msg('Required')}</wa-option>
          </wa-select>
        </div>
        <wa-switch name="adaptiveFlow" ?checked=${company.linkConfig.adaptiveFlow}
          >${msg('Adaptive flow: a returning person re-verifies with a selfie only')}</wa-switch
        >
      </fieldset>
      <fieldset>
        <legend>${msg('Checks and retention')}</legend>
        <wa-switch name="antiSpoofing" ?checked=${company.antiSpoofing} ?disabled=${basic}
          >${msg('Anti-spoofing on selfies')}</wa-switch
        >
        ${hoursField({
          name: 'dataExpirationTime',
          label: msg('Keep the data after the link window (hours)'),
          min: 0,
          step: 1,
          value: company.linkConfig.dataExpirationTime,
          disabled: basic,
        })}
        ${
          basic
            ? html`<p class="hint">${msg('Windows are fixed on the basic plan.')}</p>`
            : html`<p class="hint">
                ${msg(
                  str`Your plan (${company.plan}) caps both windows; the server says so if a value is over.`,
                )}
              </p>`
        }
      </fieldset>
      <div>
        <wa-button type="submit" variant="brand" ?loading=${this.changes.busy}
          >${msg('Save the settings')}</wa-button
        >
      </div>
    </form>`;
  }

  private renderPreview(company: CompanyView) {
    const branding = this.branding ?? {
      name: company.name,
      color: company.color,
      logoUrl: company.logoUrl,
    };
    return html`<idv-branding-preview
      class="preview"
      name=${branding.name}
      color=${branding.color}
      .logoUrl=${branding.logoUrl}
      ?brandable=${company.plan !== 'basic'}
    ></idv-branding-preview>`;
  }

  override render() {
    return html`<h1>${msg('Company')}</h1>
      ${errorView(this.changes.error)}
      <p role="status" id="company-notice">${this.notice ?? nothing}</p>
      ${this.company.render({
        pending: loadingView,
        complete: (company) =>
          html`<div class="layout">
            <div>
              ${this.renderForm(company)}
              <idv-link-defaults .company=${company}></idv-link-defaults>
            </div>
            ${this.renderPreview(company)}
          </div>`,
        error: (error) => failureView(error, msg('This cannot be read.')),
      })}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-company': IdvCompany;
  }
}
