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
import { currentLanguage } from '../lib/localization.js';
import { ChangeController } from './common/change-controller.js';
import { companyStyles } from './company/company.styles.js';
import './company/company-logo.js';
import './company/link-defaults.js';
import { errorView, failureView, loadingView } from './common/status-views.js';

/** The `<idv-verify>` element as the server serves it (same origin: the page's CSP allows it). */
const ELEMENT_URL = '/assets/verify/idv-verify.bundle.js';

/** What the preview shows, as the form stands (before it is saved). */
interface Branding {
  name: string;
  color: string;
}

/**
 * Black or white, whichever contrasts more with `#rrggbb` (WCAG relative luminance): the text the
 * element puts on its accent colour. The element decides this itself once a link's company is
 * known; the preview has no link, so it sets the element's documented CSS properties.
 */
function readableOn(hex: string): string {
  const channel = (offset: number) => {
    const c = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#000000' : '#ffffff';
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
  /** The element could not be loaded (not served by this server). */
  @state() private previewMissing = false;

  private readonly company = new Task(this, {
    task: async (_args, { signal }) => {
      const company = await api<CompanyView>('/company', { signal });
      this.branding = { name: company.name, color: company.color };
      return company;
    },
    args: () => [] as const,
  });

  override connectedCallback(): void {
    super.connectedCallback();
    if (customElements.get('idv-verify') === undefined)
      // A URL the bundler leaves alone: the element is the server's, not part of the portal.
      import(/* @vite-ignore */ ELEMENT_URL as string).catch(() => (this.previewMissing = true));
  }

  override updated(): void {
    // Without a link the element knows no company, so it keeps its own accent: the preview sets
    // the element's `--idv-color-primary` and `--idv-color-on-primary` (as it does with a link
    // on a plan that allows branding).
    const element = this.renderRoot.querySelector<HTMLElement>('#preview idv-verify');
    const color = this.branding?.color;
    if (element === null || color === undefined || this.company.value?.plan === 'basic') return;
    if (!/^#[0-9a-f]{6}$/i.test(color)) return;
    element.style.setProperty('--idv-color-primary', color);
    element.style.setProperty('--idv-color-on-primary', readableOn(color));
  }

  private formChanged(event: Event): void {
    const form = (event.currentTarget as HTMLElement).closest('form');
    if (form === null || this.branding === undefined) return;
    const data = new FormData(form);
    this.branding = {
      name: field(data, 'name') || this.branding.name,
      color: field(data, 'color') || this.branding.color,
    };
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
      this.branding = { name: saved.name, color: saved.color };
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
        <idv-company-logo .company=${company}></idv-company-logo>
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
    const branding = this.branding ?? { name: company.name, color: company.color };
    return html`<section class="preview" aria-labelledby="preview-title">
      <h2 id="preview-title">${msg('Preview')}</h2>
      <p class="hint">
        ${msg('The verification element as people see it, with the settings above.')}
      </p>
      <p class="hint" id="preview-limits">
        ${msg(
          'Without a link the element stays on its first screen, and it shows the logo only for a link.',
        )}
      </p>
      ${
        this.previewMissing
          ? html`<p class="hint">${msg('The element is not served by this server.')}</p>`
          : html`<div class="frame" id="preview">
              <idv-verify
                lang=${currentLanguage()}
                business-name=${branding.name}
                brand-color=${branding.color}
                no-geolocation
              ></idv-verify>
            </div>`
      }
    </section>`;
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
