import { localized, msg, str } from '@lit/localize';
import { Task } from '@lit/task';
import type {
  DocumentData,
  FeedbackReason,
  ImageInfo,
  PortalSessionView,
  PortalVerificationReview,
  VerificationRecord,
} from '@idv/contract';
import { consume } from '@lit/context';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/badge/badge.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/option/option.js';
import '@awesome.me/webawesome/dist/components/select/select.js';
import '@awesome.me/webawesome/dist/components/spinner/spinner.js';
import { api, ApiFailure } from '../lib/api.js';
import { formatDateTime, statusVariant } from '../lib/format.js';
import { sessionContext } from '../lib/session-context.js';
import { screenStyles } from './shared-styles.js';
import './detail/document-images.js';
import './detail/document-readings.js';
import './detail/location-and-device.js';
import './detail/related-verifications.js';
import './detail/selfie-review.js';
import './detail/timeline.js';
import { loadingView } from './common/status-views.js';

/** The fields read from the document, in reading order, with their labels. */
const FIELDS: [keyof DocumentData, () => string][] = [
  ['documentType', () => msg('Document')],
  ['firstNames', () => msg('First names')],
  ['lastNames', () => msg('Last names')],
  ['birthDate', () => msg('Date of birth')],
  ['gender', () => msg('Sex')],
  ['nationality', () => msg('Nationality')],
  ['idNumber', () => msg('Document number')],
  ['dateOfIssue', () => msg('Date of issue')],
  ['dateOfExpiry', () => msg('Date of expiry')],
  ['adult', () => msg('Adult')],
];

/** While a webhook delivery of the verification is pending, its review is read again this often. */
const DELIVERIES_REFRESH_MS = 2000;

interface Detail {
  record: VerificationRecord;
  images: ImageInfo[];
  review: PortalVerificationReview;
  reasons: FeedbackReason[];
}

/**
 * One verification, a section per component (`detail/`): status and the data kept, the images
 * (zoom, rotate), the MRZ / visual zone / barcode readings side by side, the selfie's face match
 * and liveness, location and connection fingerprint, the timeline with the webhook deliveries, the
 * same person's other verifications, and the override (the spec's feedback, with a reason; the
 * server sends its webhook) for the roles that may review.
 */
@customElement('idv-verification-detail')
@localized()
export class IdvVerificationDetail extends LitElement {
  static override styles = [
    screenStyles,
    css`
      dl {
        display: grid;
        grid-template-columns: minmax(8rem, max-content) 1fr;
        gap: var(--wa-space-2xs) var(--wa-space-l);
        margin: 0;
      }
      dt {
        color: var(--wa-color-text-quiet);
      }
      dd {
        margin: 0;
      }
      .title {
        display: flex;
        flex-wrap: wrap;
        gap: var(--wa-space-s);
        align-items: center;
        margin-bottom: var(--wa-space-l);
      }
      .title h1 {
        margin: 0;
      }
    `,
  ];

  /** The verification shown (from the route). */
  @property() verificationId = '';

  @consume({ context: sessionContext, subscribe: true })
  @state()
  private session: PortalSessionView | undefined;

  @state() private overrideMessage: { ok: boolean; text: string } | undefined;
  @state() private busy = false;

  /**
   * The record and review read again after the first load (after an override, and while a
   * webhook delivery is pending), shown in place without the loading state.
   */
  @state() private fresh: Pick<Detail, 'record' | 'review'> | undefined;
  private deliveriesTimer: ReturnType<typeof setTimeout> | undefined;

  private readonly detail = new Task(this, {
    task: async ([id], { signal }): Promise<Detail> => {
      const [record, images, review, reasons] = await Promise.all([
        api<VerificationRecord>(`/verifications/${id}`, { signal }),
        api<ImageInfo[]>(`/verifications/${id}/images`, { signal }),
        api<PortalVerificationReview>(`/verifications/${id}/review`, { signal }),
        api<FeedbackReason[]>('/feedback-reasons', { signal }),
      ]);
      return { record, images, review, reasons };
    },
    args: () => [this.verificationId] as const,
  });

  private async override(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const overrideStatus = String(data.get('overrideStatus') ?? '');
    const reasonId = String(data.get('reasonId') ?? '');
    if (overrideStatus === '' || reasonId === '') {
      this.overrideMessage = { ok: false, text: msg('Choose the new result and a reason.') };
      return;
    }
    this.busy = true;
    try {
      await api(`/verifications/${this.verificationId}/override`, {
        method: 'POST',
        body: { overrideStatus, reasonId },
      });
      // The override's event is queued with its deliveries (pending): read the record and the
      // review again, so that the message, the status and the timeline change together;
      // `updated` then follows the pending deliveries until they finish.
      await this.readAgain().catch(() => {
        // The override stands; the screen shows it at the next read.
      });
      this.overrideMessage = {
        ok: true,
        text: msg(str`Result overridden to ${overrideStatus}; the webhook is on its way.`),
      };
    } catch (error) {
      this.overrideMessage = {
        ok: false,
        text: error instanceof ApiFailure ? error.message : msg('The override failed.'),
      };
    } finally {
      this.busy = false;
    }
  }

  private renderFields(data: DocumentData) {
    const read = FIELDS.filter(([key]) => data[key] !== undefined);
    if (read.length === 0) return html`<p>${msg('No field was read from a document.')}</p>`;
    return html`<dl class="fields">
      ${read.map(
        ([key, label]) =>
          html`<dt>${label()}</dt>
            <dd>
              ${typeof data[key] === 'boolean' ? (data[key] ? msg('yes') : msg('no')) : data[key]}
            </dd>`,
      )}
    </dl>`;
  }

  private renderOverride(detail: Detail) {
    if (!this.session?.permissions.includes('verifications:override')) return nothing;
    return html`<h2>${msg('Override the result')}</h2>
      <form @submit=${this.override}>
        ${
          this.overrideMessage === undefined
            ? nothing
            : html`<wa-callout
                variant=${this.overrideMessage.ok ? 'success' : 'danger'}
                role="status"
                >${this.overrideMessage.text}</wa-callout
              >`
        }
        <div class="row">
          <wa-select name="overrideStatus" label=${msg('New result')} required>
            <wa-option value="success">success</wa-option>
            <wa-option value="failed">failed</wa-option>
          </wa-select>
          <wa-select name="reasonId" label=${msg('Reason')} required>
            ${detail.reasons.map((r) => html`<wa-option value=${r._id}>${r.reason}</wa-option>`)}
          </wa-select>
          <wa-button type="submit" variant="brand" ?loading=${this.busy}
            >${msg('Override')}</wa-button
          >
        </div>
      </form>`;
  }

  /** Reads the record and the review again (not the images), keeping the screen as it is. */
  private async readAgain(): Promise<void> {
    const id = this.verificationId;
    const [record, review] = await Promise.all([
      api<VerificationRecord>(`/verifications/${id}`),
      api<PortalVerificationReview>(`/verifications/${id}/review`),
    ]);
    if (id === this.verificationId) this.fresh = { record, review };
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('verificationId')) this.fresh = undefined;
  }

  override updated(): void {
    // A pending delivery is being attempted: read the review again until none is.
    const review = this.fresh?.review ?? this.detail.value?.review;
    const pending = review?.deliveries.some((d) => d.status === 'pending') ?? false;
    if (pending && this.deliveriesTimer === undefined)
      this.deliveriesTimer = setTimeout(() => {
        this.deliveriesTimer = undefined;
        this.readAgain().catch(() => {
          // Tried again at the next update; the table stays as it is meanwhile.
        });
      }, DELIVERIES_REFRESH_MS);
  }

  override disconnectedCallback(): void {
    clearTimeout(this.deliveriesTimer);
    this.deliveriesTimer = undefined;
    super.disconnectedCallback();
  }

  private renderDetail(loaded: Detail) {
    const detail = { ...loaded, ...this.fresh };
    const { record, images, review } = detail;
    return html`<p><a href="/app/">← ${msg('Verifications')}</a></p>
      <div class="title">
        <h1>${msg('Verification')}</h1>
        <wa-badge variant=${statusVariant(record.status)}>${record.status}</wa-badge>
      </div>
      <dl>
        <dt>${msg('Id')}</dt>
        <dd class="mono">${record._id}</dd>
        <dt>${msg('Person')}</dt>
        <dd>${record.externalUserId ?? '—'}</dd>
        <dt>${msg('Type')}</dt>
        <dd>${record.type}${record.method === null ? '' : ` · ${record.method}`}</dd>
        <dt>${msg('Step')}</dt>
        <dd>${record.step}</dd>
        <dt>${msg('Created')}</dt>
        <dd>${formatDateTime(record.createdAt)}</dd>
        <dt>${msg('Data kept until')}</dt>
        <dd>${formatDateTime(record.expiresAt)}</dd>
        ${
          record.errorMessage === null
            ? nothing
            : html`<dt>${msg('Error')}</dt>
                <dd>${record.errorCode ?? ''} ${record.errorMessage}</dd>`
        }
      </dl>
      <h2>${msg('Data kept')}</h2>
      ${this.renderFields(record.data)}
      <h2>${msg('Images')}</h2>
      <idv-document-images .images=${images}></idv-document-images>
      <h2>${msg('Document readings')}</h2>
      <idv-document-readings .readings=${review.readings}></idv-document-readings>
      <h2>${msg('Face match and liveness')}</h2>
      <idv-selfie-review .selfie=${review.selfie}></idv-selfie-review>
      <h2>${msg('Location and connection')}</h2>
      <idv-location-and-device
        .geolocation=${record.geolocation}
        .device=${record.device}
      ></idv-location-and-device>
      <h2>${msg('Timeline')}</h2>
      <idv-verification-timeline
        .entries=${review.timeline}
        .deliveries=${review.deliveries}
      ></idv-verification-timeline>
      <h2>${msg('Same person')}</h2>
      <idv-related-verifications
        .person=${record.externalUserId}
        .related=${review.related}
      ></idv-related-verifications>
      ${this.renderOverride(detail)}`;
  }

  override render() {
    return this.detail.render({
      pending: loadingView,
      complete: (detail) => this.renderDetail(detail),
      error: (error) =>
        html`<p><a href="/app/">← ${msg('Verifications')}</a></p>
          <wa-callout variant="danger" role="alert"
            >${
              error instanceof ApiFailure && error.status === 404
                ? msg('This verification does not exist.')
                : error instanceof Error
                  ? error.message
                  : msg('The verification cannot be read.')
            }</wa-callout
          >`,
    });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-verification-detail': IdvVerificationDetail;
  }
}
