/** A screen that waits: loading, sending, processing. */
import { html, nothing, type TemplateResult } from 'lit';

/** A spinner with a title and an optional line of text. */
export function busyScreen(title: string, body?: string): TemplateResult {
  return html`<div class="screen busy" role="status">
    <div class="spinner" aria-hidden="true"></div>
    <h2 tabindex="-1">${title}</h2>
    ${body ? html`<p class="muted">${body}</p>` : nothing}
  </div>`;
}
