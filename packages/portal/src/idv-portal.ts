import { provide } from '@lit/context';
import { localized, msg } from '@lit/localize';
import { Router } from '@lit-labs/router';
import type { PortalSessionView } from '@idv/contract';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/spinner/spinner.js';
import './language-picker.js';
import { api, ApiFailure, onSignedOut, useCsrfToken } from './lib/api.js';
import { sessionContext } from './lib/session-context.js';

/** Loads a screen's module on first use (each screen is its own lazy chunk). */
const lazy = (load: () => Promise<unknown>) => async () => {
  await load();
  return true;
};

/**
 * `<idv-portal>`: the account-holder application. Reads the session, shows the sign-in when there
 * is none, and otherwise the navigation and the routed screen (loaded on demand). The language
 * picker is in the header (and above the sign-in).
 */
@customElement('idv-portal')
@localized()
export class IdvPortal extends LitElement {
  static override styles = css`
    :host {
      display: flex;
      flex-direction: column;
      min-height: 100vh;
    }
    header {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: var(--wa-space-s) var(--wa-space-l);
      padding: var(--wa-space-s) var(--wa-space-l);
      border-bottom: 1px solid var(--wa-color-surface-border);
      background: var(--wa-color-surface-raised);
    }
    .brand {
      font-weight: var(--wa-font-weight-bold);
      font-size: var(--wa-font-size-l);
      margin: 0;
    }
    nav ul {
      display: flex;
      flex-wrap: wrap;
      gap: var(--wa-space-2xs) var(--wa-space-m);
      list-style: none;
      margin: 0;
      padding: 0;
    }
    nav a {
      color: var(--wa-color-text-normal);
      text-decoration: none;
      padding: var(--wa-space-2xs) var(--wa-space-xs);
      border-radius: var(--wa-border-radius-s);
    }
    nav a[aria-current='page'] {
      color: var(--wa-color-brand-on-quiet);
      background: var(--wa-color-brand-fill-quiet);
      font-weight: var(--wa-font-weight-semibold);
    }
    nav a:focus-visible {
      outline: var(--wa-focus-ring);
    }
    .who {
      margin-inline-start: auto;
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: var(--wa-space-s);
      color: var(--wa-color-text-quiet);
      font-size: var(--wa-font-size-s);
    }
    main {
      flex: 1;
      width: 100%;
      max-width: 72rem;
      margin: 0 auto;
      padding: var(--wa-space-l);
      box-sizing: border-box;
    }
    .signed-out {
      display: flex;
      justify-content: flex-end;
      padding: var(--wa-space-s) var(--wa-space-l) 0;
    }
    .loading {
      display: grid;
      place-items: center;
      min-height: 50vh;
      font-size: 2rem;
    }
    @media (max-width: 40rem) {
      header {
        padding: var(--wa-space-s) var(--wa-space-m);
      }
      .who {
        margin-inline-start: 0;
        width: 100%;
        justify-content: space-between;
      }
      main {
        padding: var(--wa-space-m);
      }
      nav ul {
        gap: var(--wa-space-2xs) var(--wa-space-xs);
      }
    }
  `;

  /** The signed-in person (undefined: signed out; null: not known yet). */
  @provide({ context: sessionContext })
  @state()
  session: PortalSessionView | undefined = undefined;

  @state() private checked = false;

  private readonly router = new Router(
    this,
    [
      {
        path: '/app/',
        enter: lazy(() => import('./screens/inbox.js')),
        // `live`: the inbox keeps `query` in step with the filters it pushes to the URL, so the
        // binding compares with the element's value, not with what it last set.
        render: () => html`<idv-inbox .query=${live(location.search)}></idv-inbox>`,
      },
      {
        path: '/app/verifications/:id',
        enter: lazy(() => import('./screens/verification-detail.js')),
        render: ({ id }) =>
          html`<idv-verification-detail .verificationId=${id ?? ''}></idv-verification-detail>`,
      },
      {
        path: '/app/links',
        enter: lazy(() => import('./screens/links.js')),
        render: () => html`<idv-links></idv-links>`,
      },
      {
        path: '/app/overview',
        enter: lazy(() => import('./screens/overview.js')),
        render: () => html`<idv-overview></idv-overview>`,
      },
      {
        path: '/app/developers',
        enter: lazy(() => import('./screens/developers.js')),
        render: () => html`<idv-developers></idv-developers>`,
      },
      {
        path: '/app/team',
        enter: lazy(() => import('./screens/team.js')),
        render: () => html`<idv-team></idv-team>`,
      },
      {
        path: '/app/cloud-services',
        enter: lazy(() => import('./screens/cloud-services.js')),
        render: () => html`<idv-cloud-services></idv-cloud-services>`,
      },
      {
        path: '/app/company',
        enter: lazy(() => import('./screens/company.js')),
        render: () => html`<idv-company></idv-company>`,
      },
      {
        path: '/app/billing',
        enter: lazy(() => import('./screens/billing.js')),
        render: () => html`<idv-billing></idv-billing>`,
      },
      {
        path: '/app/activity',
        enter: lazy(() => import('./screens/activity.js')),
        render: () => html`<idv-activity></idv-activity>`,
      },
    ],
    {
      fallback: {
        render: () =>
          html`<h1>${msg('Not found')}</h1>
            <p><a href="/app/">${msg('Back to the verifications')}</a></p>`,
      },
    },
  );

  override updated(): void {
    document.title = msg('IDV · Account');
  }

  override connectedCallback(): void {
    super.connectedCallback();
    onSignedOut(() => this.signedOut());
    void this.readSession();
  }

  private async readSession(): Promise<void> {
    try {
      this.adopt(await api<PortalSessionView>('/session'));
    } catch (error) {
      if (!(error instanceof ApiFailure) || error.status !== 401) throw error;
      this.signedOut();
    } finally {
      this.checked = true;
    }
  }

  private adopt(session: PortalSessionView): void {
    useCsrfToken(session.csrfToken);
    this.session = session;
    // Screens load on entering their route: enter the current one now that someone is signed in.
    void this.router.goto(location.pathname === '/app/sign-in' ? '/app/' : location.pathname);
    if (location.pathname === '/app/sign-in') history.replaceState(null, '', '/app/');
  }

  private signedOut(): void {
    useCsrfToken(undefined);
    this.session = undefined;
    if (location.pathname !== '/app/sign-in') void import('./screens/sign-in.js');
    else void import('./screens/sign-in-link.js');
  }

  private async signOut(): Promise<void> {
    await api('/session', { method: 'DELETE' });
    history.replaceState(null, '', '/app/');
    this.signedOut();
  }

  private onSignedIn = (event: CustomEvent<PortalSessionView>) => this.adopt(event.detail);

  /** Whether the signed-in person's role allows `permission` (the server checks it again). */
  private can(permission: string): boolean {
    return this.session?.permissions.includes(permission) ?? false;
  }

  private navLink(href: string, label: string) {
    const current =
      href === '/app/'
        ? location.pathname === '/app/' || location.pathname.startsWith('/app/verifications')
        : location.pathname.startsWith(href);
    return html`<li>
      <a href=${href} aria-current=${current ? 'page' : nothing}>${label}</a>
    </li>`;
  }

  override render() {
    if (!this.checked)
      return html`<div class="loading">
        <wa-spinner aria-label=${msg('Loading')}></wa-spinner>
      </div>`;
    if (this.session === undefined) {
      const withLink = location.pathname === '/app/sign-in' && location.hash.includes('token=');
      return html`<div class="signed-out"><idv-language-picker></idv-language-picker></div>
        <main>
          ${
            withLink
              ? html`<idv-sign-in-link @signed-in=${this.onSignedIn}></idv-sign-in-link>`
              : html`<idv-sign-in @signed-in=${this.onSignedIn}></idv-sign-in>`
          }
        </main>`;
    }
    return html`<header>
        <p class="brand">IDV</p>
        <nav aria-label=${msg('Main')}>
          <ul>
            ${this.navLink('/app/overview', msg('Overview'))}
            ${this.navLink('/app/', msg('Verifications'))}
            ${this.navLink('/app/links', msg('Links'))}
            ${
              this.can('developers:manage')
                ? this.navLink('/app/developers', msg('Developers'))
                : nothing
            }
            ${
              this.can('developers:manage')
                ? this.navLink('/app/cloud-services', msg('Cloud services'))
                : nothing
            }
            ${this.can('team:manage') ? this.navLink('/app/team', msg('Team')) : nothing}
            ${this.can('company:manage') ? this.navLink('/app/company', msg('Company')) : nothing}
            ${this.can('billing:read') ? this.navLink('/app/billing', msg('Billing')) : nothing}
            ${this.can('activity:read') ? this.navLink('/app/activity', msg('Activity')) : nothing}
          </ul>
        </nav>
        <div class="who">
          <span>${this.session.email} · ${this.session.companyName}</span>
          <idv-language-picker></idv-language-picker>
          <wa-button size="small" appearance="outlined" @click=${() => this.signOut()}
            >${msg('Sign out')}</wa-button
          >
        </div>
      </header>
      <main>${this.router.outlet()}</main>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-portal': IdvPortal;
  }
}
