import { localized, msg, str } from '@lit/localize';
import type { SelfieReview } from '@idv/contract';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/badge/badge.js';
import { formatDateTime } from '../../lib/format.js';
import { screenStyles } from '../shared-styles.js';

/** The liveness challenges, for people. */
const CHALLENGES: Record<string, () => string> = {
  'turn-left': () => msg('turn the head left'),
  'turn-right': () => msg('turn the head right'),
  blink: () => msg('blink'),
};

/** The challenge verdict, for people. */
const VERDICTS: Record<string, { label: () => string; variant: string }> = {
  confirmed: { label: () => msg('confirmed by the frames'), variant: 'success' },
  contradicted: { label: () => msg('contradicted by the frames'), variant: 'danger' },
  inconclusive: { label: () => msg('inconclusive (no face to follow)'), variant: 'warning' },
  absent: { label: () => msg('no challenge claimed'), variant: 'neutral' },
};

/**
 * The selfie's analysis as the server kept it: the face-match score on a bar with the threshold
 * marked, the liveness challenge as claimed and as the frames showed it, and the anti-spoofing
 * verdict with its score.
 */
@customElement('idv-selfie-review')
@localized()
export class IdvSelfieReview extends LitElement {
  static override styles = [
    screenStyles,
    css`
      dl {
        display: grid;
        grid-template-columns: minmax(8rem, max-content) 1fr;
        gap: var(--wa-space-xs) var(--wa-space-l);
        margin: 0;
        align-items: center;
      }
      dt {
        color: var(--wa-color-text-quiet);
      }
      dd {
        margin: 0;
      }
      .bar {
        position: relative;
        height: 0.75rem;
        max-width: 24rem;
        border-radius: var(--wa-border-radius-pill);
        background: var(--wa-color-surface-lowered);
        border: 1px solid var(--wa-color-surface-border);
        margin-top: var(--wa-space-2xs);
      }
      .fill {
        height: 100%;
        border-radius: inherit;
      }
      .fill.pass {
        background: var(--wa-color-success-fill-loud);
      }
      .fill.fail {
        background: var(--wa-color-danger-fill-loud);
      }
      .threshold {
        position: absolute;
        top: -0.3rem;
        bottom: -0.3rem;
        width: 2px;
        background: var(--wa-color-text-normal);
      }
    `,
  ];

  /** The selfie review (null: no selfie was analysed). */
  @property({ attribute: false }) selfie: SelfieReview | null = null;

  private renderScore(selfie: SelfieReview) {
    if (selfie.score === null)
      return html`<dd>${msg('not compared (the selfie was refused before the comparison)')}</dd>`;
    const pass = selfie.score >= selfie.threshold;
    const score = Math.round(selfie.score * 10) / 10;
    const threshold = selfie.threshold;
    return html`<dd>
      ${
        pass
          ? msg(html`<strong>${score}</strong> of 100 — same person (threshold ${threshold})`)
          : msg(
              html`<strong>${score}</strong> of 100 — not the same person (threshold ${threshold})`,
            )
      }
      <div class="bar" aria-hidden="true">
        <div
          class="fill ${pass ? 'pass' : 'fail'}"
          style="width: ${Math.min(100, Math.max(0, score))}%"
        ></div>
        <div class="threshold" style="left: ${selfie.threshold}%"></div>
      </div>
    </dd>`;
  }

  override render() {
    const selfie = this.selfie;
    if (selfie === null) return html`<p>${msg('No selfie was analysed.')}</p>`;
    const verdict =
      selfie.challengeVerdict === null ? undefined : VERDICTS[selfie.challengeVerdict];
    return html`<dl>
      <dt>${msg('Face match')}</dt>
      ${this.renderScore(selfie)}
      <dt>${msg('Liveness challenge')}</dt>
      <dd>
        ${
          selfie.challenge === null
            ? msg('none (no live challenge)')
            : selfie.challenge.passed
              ? msg(
                  str`${CHALLENGES[selfie.challenge.type]?.() ?? selfie.challenge.type}, passed on the device`,
                )
              : msg(
                  str`${CHALLENGES[selfie.challenge.type]?.() ?? selfie.challenge.type}, not passed on the device`,
                )
        }
        ${verdict === undefined ? nothing : html`<wa-badge variant=${verdict.variant}>${verdict.label()}</wa-badge>`}
      </dd>
      <dt>${msg('Anti-spoofing')}</dt>
      <dd>
        ${
          !selfie.antiSpoofing
            ? msg('off for this company')
            : selfie.spoofing === null
              ? msg('not run')
              : html`<wa-badge variant=${selfie.spoofing ? 'danger' : 'success'}
                    >${selfie.spoofing ? msg('spoof detected') : msg('live person')}</wa-badge
                  >
                  ${msg(str`spoof likelihood ${Math.round((selfie.spoofScore ?? 0) * 100)}%`)}`
        }
      </dd>
      <dt>${msg('Capture')}</dt>
      <dd>${selfie.source}, ${formatDateTime(selfie.at)}</dd>
      ${
        selfie.rejection === null
          ? nothing
          : html`<dt>${msg('Refused')}</dt>
              <dd><code>${selfie.rejection}</code></dd>`
      }
    </dl>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-selfie-review': IdvSelfieReview;
  }
}
