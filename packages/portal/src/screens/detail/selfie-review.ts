import type { SelfieReview } from '@idv/contract';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/badge/badge.js';
import { formatDateTime } from '../../lib/format.js';
import { screenStyles } from '../shared-styles.js';

const CHALLENGES: Record<string, string> = {
  'turn-left': 'turn the head left',
  'turn-right': 'turn the head right',
  blink: 'blink',
};

/** The challenge verdict, for people. */
const VERDICTS: Record<string, { label: string; variant: string }> = {
  confirmed: { label: 'confirmed by the frames', variant: 'success' },
  contradicted: { label: 'contradicted by the frames', variant: 'danger' },
  inconclusive: { label: 'inconclusive (no face to follow)', variant: 'warning' },
  absent: { label: 'no challenge claimed', variant: 'neutral' },
};

/**
 * The selfie's analysis as the server kept it: the face-match score on a bar with the threshold
 * marked, the liveness challenge as claimed and as the frames showed it, and the anti-spoofing
 * verdict with its score.
 */
@customElement('idv-selfie-review')
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
      return html`<dd>not compared (the selfie was refused before the comparison)</dd>`;
    const pass = selfie.score >= selfie.threshold;
    const score = Math.round(selfie.score * 10) / 10;
    return html`<dd>
      <strong>${score}</strong> of 100 — ${pass ? 'same person' : 'not the same person'} (threshold
      ${selfie.threshold})
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
    if (selfie === null) return html`<p>No selfie was analysed.</p>`;
    const verdict =
      selfie.challengeVerdict === null ? undefined : VERDICTS[selfie.challengeVerdict];
    return html`<dl>
      <dt>Face match</dt>
      ${this.renderScore(selfie)}
      <dt>Liveness challenge</dt>
      <dd>
        ${
          selfie.challenge === null
            ? 'none (no live challenge)'
            : `${CHALLENGES[selfie.challenge.type] ?? selfie.challenge.type}, ${
                selfie.challenge.passed ? 'passed' : 'not passed'
              } on the device`
        }
        ${verdict === undefined ? nothing : html`<wa-badge variant=${verdict.variant}>${verdict.label}</wa-badge>`}
      </dd>
      <dt>Anti-spoofing</dt>
      <dd>
        ${
          !selfie.antiSpoofing
            ? 'off for this company'
            : selfie.spoofing === null
              ? 'not run'
              : html`<wa-badge variant=${selfie.spoofing ? 'danger' : 'success'}
                    >${selfie.spoofing ? 'spoof detected' : 'live person'}</wa-badge
                  >
                  spoof likelihood ${Math.round((selfie.spoofScore ?? 0) * 100)}%`
        }
      </dd>
      <dt>Capture</dt>
      <dd>${selfie.source}, ${formatDateTime(selfie.at)}</dd>
      ${
        selfie.rejection === null
          ? nothing
          : html`<dt>Refused</dt>
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
