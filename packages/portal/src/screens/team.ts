import { localized, msg, str } from '@lit/localize';
import { consume } from '@lit/context';
import { Task } from '@lit/task';
import type {
  PortalInvitationSent,
  PortalRole,
  PortalSessionView,
  PortalTeamMember,
} from '@idv/contract';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/badge/badge.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/input/input.js';
import '@awesome.me/webawesome/dist/components/option/option.js';
import '@awesome.me/webawesome/dist/components/select/select.js';
import { api } from '../lib/api.js';
import { formatDateTime } from '../lib/format.js';
import { sessionContext } from '../lib/session-context.js';
import { ChangeController } from './common/change-controller.js';
import { ConfirmationController } from './common/confirmation-controller.js';
import { errorView, failureView, loadingView } from './common/status-views.js';
import { screenStyles } from './shared-styles.js';

/** The roles, in the order the screen offers them, with what each may do. */
const ROLES: { role: PortalRole; label: () => string }[] = [
  { role: 'owner', label: () => msg('Owner: everything') },
  { role: 'admin', label: () => msg('Admin: all but owners') },
  { role: 'reviewer', label: () => msg('Reviewer: results, links') },
  { role: 'developer', label: () => msg('Developer: API, webhooks') },
  { role: 'viewer', label: () => msg('Viewer: reads only') },
];

/**
 * Team: the company's people and roles; invite by e-mail (the person chooses a password through
 * the link), change a role, remove someone. Owners and admins only; the server keeps an owner.
 */
@customElement('idv-team')
@localized()
export class IdvTeam extends LitElement {
  static override styles = [
    screenStyles,
    css`
      .role-select {
        width: 10rem;
      }
      .role-select::part(form-control-label) {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip: rect(0 0 0 0);
        white-space: nowrap;
      }
      td.email {
        overflow-wrap: anywhere;
      }
      td.email wa-badge {
        margin-top: var(--wa-space-2xs);
      }
      @media (max-width: 40rem) {
        .role-select {
          width: 7.5rem;
        }
        th,
        td {
          padding-inline: var(--wa-space-2xs);
        }
      }
    `,
  ];

  @consume({ context: sessionContext, subscribe: true })
  @state()
  private session: PortalSessionView | undefined;

  @state() private version = 0;
  @state() private notice: string | undefined;
  private readonly changes = new ChangeController(this);
  /** Removals, confirmed first; the people are read again after each. */
  private readonly confirmations = new ConfirmationController(
    this,
    this.changes,
    () => this.version++,
  );

  private readonly people = new Task(this, {
    task: async (_args, { signal }) => api<PortalTeamMember[]>('/team', { signal }),
    args: () => [this.version] as const,
  });

  /** The roles this person may hand out (only owners make owners). */
  private grantable(): typeof ROLES {
    return this.session?.role === 'owner' ? ROLES : ROLES.filter((r) => r.role !== 'owner');
  }

  /** Runs a change whose success is told in the notice `run` answers. */
  private async change(run: () => Promise<string>, failure: string): Promise<void> {
    this.notice = undefined;
    await this.changes.run(async () => {
      this.notice = await run();
    }, failure);
    // Reload either way: after a refusal the role selects show what the server holds.
    this.version++;
  }

  private async invite(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    await this.change(async () => {
      const person = await api<PortalInvitationSent>('/team', {
        method: 'POST',
        body: { email: String(data.get('email') ?? ''), role: String(data.get('role') ?? '') },
      });
      form.reset();
      return msg(str`Invitation sent to ${person.email}.`);
    }, msg('The invitation could not be sent.'));
  }

  private async resendInvitation(person: PortalTeamMember): Promise<void> {
    await this.change(async () => {
      await api<PortalInvitationSent>(`/team/${person._id}/invitation`, { method: 'POST' });
      return msg(str`Invitation sent again to ${person.email}; the earlier link no longer works.`);
    }, msg('The invitation could not be sent again.'));
  }

  private async changeRole(person: PortalTeamMember, role: string): Promise<void> {
    if (role === person.role) return;
    await this.change(async () => {
      await api(`/team/${person._id}`, { method: 'PATCH', body: { role } });
      return msg(str`${person.email} is now ${role}.`);
    }, msg('The role could not be changed.'));
  }

  private askRemoval(person: PortalTeamMember): void {
    this.confirmations.ask({
      title: msg(str`Remove ${person.email}`),
      text: msg(
        'They are signed out at once and can no longer sign in. You can invite them again.',
      ),
      action: msg('Remove'),
      run: async () => {
        this.notice = undefined;
        await api(`/team/${person._id}`, { method: 'DELETE' });
        this.notice = msg(str`${person.email} was removed.`);
      },
      failure: msg('The person could not be removed.'),
    });
  }

  private renderRow(person: PortalTeamMember) {
    const mayChange = person.role !== 'owner' || this.session?.role === 'owner';
    const you = person.email === this.session?.email;
    return html`<tr>
      <td class="email">
        ${person.email}${you ? html` <span>${msg('(you)')}</span>` : nothing}<br />
        <wa-badge variant=${person.status === 'active' ? 'success' : 'warning'}
          >${person.status}</wa-badge
        >
      </td>
      <td>
        ${
          mayChange
            ? html`<wa-select
                class="role-select"
                size="small"
                label=${msg(str`Role of ${person.email}`)}
                value=${person.role}
                @change=${(event: Event) =>
                  this.changeRole(person, (event.target as HTMLSelectElement).value)}
              >
                ${this.grantable().map(
                  ({ role }) => html`<wa-option value=${role}>${role}</wa-option>`,
                )}
              </wa-select>`
            : person.role
        }
      </td>
      <td class="wide">${formatDateTime(person.createdAt)}</td>
      <td>
        <div class="actions">
          ${
            mayChange && person.status === 'invited'
              ? html`<wa-button
                  size="small"
                  appearance="outlined"
                  class="resend-invitation"
                  @click=${() => this.resendInvitation(person)}
                  >${msg('Re-send invitation')}<span class="visually-hidden">
                    ${msg(str`to ${person.email}`)}</span
                  ></wa-button
                >`
              : nothing
          }
          ${
            mayChange
              ? html`<wa-button
                  size="small"
                  appearance="outlined"
                  variant="danger"
                  @click=${() => this.askRemoval(person)}
                  >${msg('Remove')}<span class="visually-hidden"> ${person.email}</span></wa-button
                >`
              : nothing
          }
        </div>
      </td>
    </tr>`;
  }

  private renderPeople(people: PortalTeamMember[]) {
    return html`<div class="table-wrap">
      <table id="people">
        <caption class="visually-hidden">
          ${msg('People of the company')}
        </caption>
        <thead>
          <tr>
            <th scope="col">${msg('Person')}</th>
            <th scope="col">${msg('Role')}</th>
            <th scope="col" class="wide">${msg('Since')}</th>
            <th scope="col"><span class="visually-hidden">${msg('Actions')}</span></th>
          </tr>
        </thead>
        <tbody>
          ${people.map((person) => this.renderRow(person))}
        </tbody>
      </table>
    </div>`;
  }

  override render() {
    return html`<h1>${msg('Team')}</h1>
      ${errorView(this.changes.error)}
      ${
        this.notice === undefined
          ? nothing
          : html`<wa-callout variant="success" role="status" id="team-notice"
              >${this.notice}</wa-callout
            >`
      }
      <h2>${msg('Invite someone')}</h2>
      <form @submit=${this.invite} aria-label=${msg('Invite someone')}>
        <div class="row">
          <wa-input name="email" type="email" label=${msg('E-mail')} required></wa-input>
          <wa-select name="role" label=${msg('Role')} value="reviewer" required>
            ${this.grantable().map(
              ({ role, label }) => html`<wa-option value=${role}>${label()}</wa-option>`,
            )}
          </wa-select>
          <wa-button type="submit" variant="brand" ?loading=${this.changes.busy}
            >${msg('Send the invitation')}</wa-button
          >
        </div>
      </form>
      <h2>${msg('People')}</h2>
      ${this.people.render({
        pending: loadingView,
        complete: (people) => this.renderPeople(people),
        error: (error) => failureView(error, msg('The team cannot be read.')),
      })}
      ${this.confirmations.dialog()}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-team': IdvTeam;
  }
}
