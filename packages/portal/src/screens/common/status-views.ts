import { msg } from '@lit/localize';
import { html, nothing, type TemplateResult } from 'lit';
import '@awesome.me/webawesome/dist/components/callout/callout.js';
import '@awesome.me/webawesome/dist/components/spinner/spinner.js';
import { messageOf } from '../../lib/api.js';

/** What a screen shows while a read is under way: a spinner and "Loading…", announced politely. */
export const loadingView = (): TemplateResult =>
  html`<p role="status"><wa-spinner aria-hidden="true"></wa-spinner> ${msg('Loading…')}</p>`;

/** A failed read or change as an alert: the server's message, else `fallback`. */
export const failureView = (error: unknown, fallback: string): TemplateResult =>
  html`<wa-callout variant="danger" role="alert">${messageOf(error, fallback)}</wa-callout>`;

/** A screen's current error message as an alert, or nothing while there is none. */
export const errorView = (error: string | undefined): TemplateResult | typeof nothing =>
  error === undefined
    ? nothing
    : html`<wa-callout variant="danger" role="alert">${error}</wa-callout>`;
