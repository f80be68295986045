import { localized, msg, str } from '@lit/localize';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { currentLanguage } from '../../lib/localization.js';

/** The `<idv-verify>` element as the server serves it (same origin: the page's CSP allows it). */
const ELEMENT_URL = '/assets/verify/idv-verify.bundle.js';

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

/**
 * The Company screen's preview of `<idv-verify>` (loaded from the server's `/assets/verify/`),
 * given the form's name and colour and the portal's language.
 *
 * The logo: the element shows one only once a link's flow session has named a company whose plan
 * allows it (`resolveBranding` in packages/verify ignores `logo-src` before that), and a preview
 * has no link, so the element alone would always show the name's monogram. When the company has a
 * logo and its plan shows one, the element's header (its documented `header` part) is hidden and
 * this component draws it in its place as the element does for a link: the logo the server serves
 * to the element (`logoUrl`, the company's own address) and the name.
 */
@customElement('idv-branding-preview')
@localized()
export class IdvBrandingPreview extends LitElement {
  static override styles = css`
    :host {
      display: block;
    }
    h2 {
      font-size: var(--wa-font-size-l);
      margin: 0 0 var(--wa-space-m);
    }
    .hint {
      color: var(--wa-color-text-quiet);
      font-size: var(--wa-font-size-s);
      margin: 0;
    }
    .frame {
      border: 1px solid var(--wa-color-surface-border);
      border-radius: var(--wa-border-radius-l);
      overflow: hidden;
      max-height: 28rem;
    }
    /* The element's header in its light palette, as packages/verify lays it out (layout.styles.ts,
       tokens.styles.ts). */
    .header {
      display: flex;
      align-items: center;
      gap: 0.625rem;
      min-height: 4.25rem;
      box-sizing: border-box;
      padding: 0.75rem 0.75rem 0.75rem 1.25rem;
      border-bottom: 1px solid #e0e4eb;
      background: #ffffff;
      color: #151923;
      font-family:
        ui-sans-serif,
        system-ui,
        -apple-system,
        'Segoe UI',
        Roboto,
        'Helvetica Neue',
        Arial,
        sans-serif;
      font-weight: 600;
      font-size: 0.95rem;
      line-height: 1.5;
    }
    .header img {
      height: 28px;
      max-width: 120px;
      object-fit: contain;
    }
    .header span {
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .frame.with-logo idv-verify::part(header) {
      display: none;
    }
  `;

  /** The business name as the form stands. */
  @property() name = '';
  /** The brand colour (`#rrggbb`) as the form stands. */
  @property() color = '';
  /** The company's logo as the server serves it to the element, or null when it has none. */
  @property({ attribute: false }) logoUrl: string | null = null;
  /** The plan shows the colour and the logo (not Basic, whose branding is the name alone). */
  @property({ type: Boolean }) brandable = false;

  /** The element could not be loaded (not served by this server). */
  @state() private missing = false;

  override connectedCallback(): void {
    super.connectedCallback();
    if (customElements.get('idv-verify') === undefined)
      // A URL the bundler leaves alone: the element is the server's, not part of the portal.
      import(/* @vite-ignore */ ELEMENT_URL as string).catch(() => (this.missing = true));
  }

  override updated(): void {
    // Without a link the element knows no company, so it keeps its own accent: the preview sets
    // the element's `--idv-color-primary` and `--idv-color-on-primary` (as it does with a link
    // on a plan that allows branding).
    const element = this.renderRoot.querySelector<HTMLElement>('#preview idv-verify');
    if (element === null || !this.brandable || !/^#[0-9a-f]{6}$/i.test(this.color)) return;
    element.style.setProperty('--idv-color-primary', this.color);
    element.style.setProperty('--idv-color-on-primary', readableOn(this.color));
  }

  override render() {
    const logoUrl = this.brandable ? this.logoUrl : null;
    return html`<section aria-labelledby="preview-title">
      <h2 id="preview-title">${msg('Preview')}</h2>
      <p class="hint">
        ${msg('The verification element as people see it, with the settings above.')}
      </p>
      <p class="hint" id="preview-limits">
        ${msg(
          'Without a link the element stays on its first screen; its header shows the logo as it does for a link.',
        )}
      </p>
      ${
        this.missing
          ? html`<p class="hint">${msg('The element is not served by this server.')}</p>`
          : html`<div class="frame ${logoUrl === null ? '' : 'with-logo'}" id="preview">
              ${
                logoUrl === null
                  ? nothing
                  : html`<div class="header" id="preview-header">
                      <img id="preview-logo" src=${logoUrl} alt=${msg(str`${this.name} logo`)} />
                      <span>${this.name}</span>
                    </div>`
              }
              <idv-verify
                lang=${currentLanguage()}
                business-name=${this.name}
                brand-color=${this.color}
                no-geolocation
              ></idv-verify>
            </div>`
      }
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-branding-preview': IdvBrandingPreview;
  }
}
