/** The device gate: why this device cannot go on, and the hand-off to another one. */
import { html, type TemplateResult } from 'lit';
import type { FlowController } from '../../flow/flow-controller.js';
import { icons } from '../../ui/icons.js';
import { handoffPanel } from './handoff-panel.js';

/** The gated screen. */
export function gatedScreen(flow: FlowController): TemplateResult {
  const t = flow.t;
  return html`<div class="screen">
    <div class="hero warning" aria-hidden="true">${icons.phone}</div>
    <h2 tabindex="-1">${t.gatedTitle}</h2>
    <p part="error" class="muted">
      ${flow.order.gateReason ? t.gatedReasons[flow.order.gateReason] : ''}
    </p>
    ${handoffPanel(flow)}
  </div>`;
}
