import { localized, msg, str } from '@lit/localize';
import type { Geolocation } from '@idv/contract';
import { css, html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { formatDateTime, formatNumber } from '../../lib/format.js';
import { screenStyles } from '../shared-styles.js';

/** The company's location policy, for people. */
const POLICIES: Record<string, () => string> = {
  never: () => msg('not asked'),
  optional: () => msg('asked, optional'),
  required: () => msg('required'),
};

/** A fingerprint signal's value, for people: nested objects (the request headers) one entry a line. */
function signalText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value, null, 1);
  return String(value);
}

/**
 * Where the person was: the device's position beside the IP's, the distance between them and the
 * company's location policy; then the connection fingerprint signals as the server received them.
 */
@customElement('idv-location-and-device')
@localized()
export class IdvLocationAndDevice extends LitElement {
  static override styles = [
    screenStyles,
    css`
      .columns {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
        gap: var(--wa-space-l);
      }
      h3 {
        font-size: var(--wa-font-size-m);
        margin: 0 0 var(--wa-space-xs);
      }
      /* Signal names are long camelCase words and values long tokens (hashes, headers): both
         wrap anywhere, and on a phone each name sits above its value. */
      dl.signals dt {
        overflow-wrap: anywhere;
      }
      dl.signals dd {
        white-space: pre-wrap;
        word-break: break-all;
      }
      @media (max-width: 40rem) {
        dl.signals {
          grid-template-columns: minmax(0, 1fr);
          gap: 0;
        }
        dl.signals dd {
          margin-bottom: var(--wa-space-s);
        }
      }
      h3.fingerprint {
        margin-top: var(--wa-space-l);
      }
      dl {
        display: grid;
        grid-template-columns: minmax(7rem, max-content) minmax(0, 1fr);
        gap: var(--wa-space-2xs) var(--wa-space-m);
        margin: 0;
      }
      dt {
        color: var(--wa-color-text-quiet);
      }
      dd {
        margin: 0;
        overflow-wrap: anywhere;
      }
    `,
  ];

  /** The stored geolocation, if any. */
  @property({ attribute: false }) geolocation: Geolocation | undefined;
  /** The connection fingerprint signals, if any. */
  @property({ attribute: false }) device: Record<string, unknown> | undefined;

  private renderGeolocation(geo: Geolocation) {
    const deviceLat = geo.deviceLatitude;
    const deviceLon = geo.deviceLongitude;
    const ipPlace = [geo.city, geo.subdivisions, geo.country].filter(Boolean).join(', ');
    return html`<div class="columns">
      <section aria-labelledby="device-position">
        <h3 id="device-position">${msg('Device')}</h3>
        <dl>
          <dt>${msg('Position')}</dt>
          <dd>
            ${
              deviceLat === undefined || deviceLon === undefined
                ? msg('not shared')
                : `${deviceLat.toFixed(5)}, ${deviceLon.toFixed(5)}`
            }
          </dd>
          <dt>${msg('Accuracy')}</dt>
          <dd>${geo.accuracy === undefined ? '—' : `${Math.round(geo.accuracy)} m`}</dd>
          <dt>${msg('Source')}</dt>
          <dd>${geo.source ?? '—'} (${geo.tier})</dd>
          <dt>${msg('Permission')}</dt>
          <dd>${geo.permission ?? '—'}</dd>
          <dt>${msg('Captured')}</dt>
          <dd>${formatDateTime(geo.capturedAt)}</dd>
        </dl>
      </section>
      <section aria-labelledby="ip-position">
        <h3 id="ip-position">${msg('IP address')}</h3>
        <dl>
          <dt>${msg('Address')}</dt>
          <dd class="mono">${geo.ip ?? '—'}</dd>
          <dt>${msg('Place')}</dt>
          <dd>${ipPlace || '—'}</dd>
          <dt>${msg('Radius')}</dt>
          <dd>${geo.accuracyRadius === undefined ? '—' : `${geo.accuracyRadius} km`}</dd>
          <dt>${msg('Seen by server')}</dt>
          <dd class="mono">${geo.serverIp}</dd>
        </dl>
      </section>
      <section aria-labelledby="location-policy">
        <h3 id="location-policy">${msg('Comparison')}</h3>
        <dl>
          <dt>${msg('Distance')}</dt>
          <dd>
            ${
              geo.ipDistanceKm === null
                ? msg('not measurable')
                : msg(str`${formatNumber(Math.round(geo.ipDistanceKm))} km between device and IP`)
            }
          </dd>
          <dt>${msg('Policy')}</dt>
          <dd>${POLICIES[geo.policy]?.() ?? geo.policy}</dd>
        </dl>
      </section>
    </div>`;
  }

  override render() {
    const signals = Object.entries(this.device ?? {});
    return html`${
        this.geolocation === undefined
          ? html`<p>${msg('No location was recorded.')}</p>`
          : this.renderGeolocation(this.geolocation)
      }
      <h3 class="fingerprint">${msg('Connection fingerprint')}</h3>
      ${
        signals.length === 0
          ? html`<p>${msg('No fingerprint signal was recorded.')}</p>`
          : html`<dl class="signals">
              ${signals.map(
                ([name, value]) =>
                  html`<dt>${name}</dt>
                    <dd class="mono">${signalText(value)}</dd>`,
              )}
            </dl>`
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-location-and-device': IdvLocationAndDevice;
  }
}
