import { localized, msg, str } from '@lit/localize';
import type { ImageInfo } from '@idv/contract';
import { css, html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import '@awesome.me/webawesome/dist/components/button/button.js';
import { API_BASE } from '../../lib/api.js';
import { screenStyles } from '../shared-styles.js';

/** How each kind of image is named (in the portal's language). */
const imageLabel = (kind: string): string =>
  kind === 'front'
    ? msg('Document front')
    : kind === 'back'
      ? msg('Document back')
      : kind === 'selfie'
        ? msg('Selfie')
        : kind;

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;

/** The zoom (1 = fit) and the rotation (degrees, clockwise) of one image. */
interface View {
  zoom: number;
  turn: number;
}

/**
 * The verification's images, each with zoom (in steps up to 4×, scrolled in its frame) and a
 * quarter-turn rotation. Images load from the session-authenticated, tenant-checked
 * `/app/api/images/{id}` (never a public URL).
 */
@customElement('idv-document-images')
@localized()
export class IdvDocumentImages extends LitElement {
  static override styles = [
    screenStyles,
    css`
      .images {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
        gap: var(--wa-space-m);
      }
      figure {
        margin: 0;
        display: flex;
        flex-direction: column;
        gap: var(--wa-space-2xs);
      }
      .frame {
        overflow: auto;
        height: 14rem;
        display: grid;
        place-items: center;
        border-radius: var(--wa-border-radius-m);
        border: 1px solid var(--wa-color-surface-border);
        background: var(--wa-color-surface-lowered);
      }
      .frame:focus-visible {
        outline: var(--wa-focus-ring);
      }
      .frame img {
        display: block;
        max-height: 13.5rem;
        transition: transform 0.15s ease;
      }
      .frame.zoomed {
        place-items: start;
      }
      .frame.zoomed img {
        max-height: none;
      }
      .tools {
        display: flex;
        align-items: center;
        gap: var(--wa-space-2xs);
      }
      figcaption {
        margin-inline-end: auto;
        font-size: var(--wa-font-size-s);
        color: var(--wa-color-text-quiet);
      }
    `,
  ];

  /** The images of the verification. */
  @property({ attribute: false }) images: ImageInfo[] = [];

  @state() private views: Record<string, View> = {};

  private view(id: string): View {
    return this.views[id] ?? { zoom: 1, turn: 0 };
  }

  private change(id: string, next: (view: View) => View): void {
    this.views = { ...this.views, [id]: next(this.view(id)) };
  }

  private renderImage(image: ImageInfo) {
    const label = imageLabel(image.kind);
    const { zoom, turn } = this.view(image._id);
    const zoomed = zoom > 1;
    return html`<figure>
      <div
        class="frame ${zoomed ? 'zoomed' : ''}"
        tabindex="0"
        role="group"
        aria-label=${msg(str`${label}, zoom ${zoom}×, rotated ${turn}°`)}
      >
        <img
          src="${API_BASE}/images/${image._id}"
          alt=${label}
          style="transform: rotate(${turn}deg);${zoomed ? ` width: ${zoom * 100}%;` : ''}"
        />
      </div>
      <div class="tools">
        <figcaption>${label}</figcaption>
        <wa-button
          size="small"
          appearance="outlined"
          aria-label=${msg(str`Zoom out of the ${label.toLowerCase()}`)}
          ?disabled=${zoom <= MIN_ZOOM}
          @click=${() => this.change(image._id, (v) => ({ ...v, zoom: Math.max(MIN_ZOOM, v.zoom - 1) }))}
          >−</wa-button
        >
        <wa-button
          size="small"
          appearance="outlined"
          aria-label=${msg(str`Zoom into the ${label.toLowerCase()}`)}
          ?disabled=${zoom >= MAX_ZOOM}
          @click=${() => this.change(image._id, (v) => ({ ...v, zoom: Math.min(MAX_ZOOM, v.zoom + 1) }))}
          >+</wa-button
        >
        <wa-button
          size="small"
          appearance="outlined"
          aria-label=${msg(str`Rotate the ${label.toLowerCase()} a quarter turn`)}
          @click=${() => this.change(image._id, (v) => ({ ...v, turn: (v.turn + 90) % 360 }))}
          >↻</wa-button
        >
      </div>
    </figure>`;
  }

  override render() {
    if (this.images.length === 0) return html`<p>${msg('No image was captured.')}</p>`;
    return html`<div class="images">${this.images.map((image) => this.renderImage(image))}</div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'idv-document-images': IdvDocumentImages;
  }
}
