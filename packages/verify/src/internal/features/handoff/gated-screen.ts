/** The device gate: why this device cannot go on, and the hand-off to another one. */
import { html, type TemplateResult } from 'lit';
import type { GateReason } from '../../../api/types.js';
import type { ScreenView } from '../../ui/screen-view.js';
import { icons } from '../../ui/icons.js';
import { handoffPanel, type HandoffPanelView } from './handoff-panel.js';

/** The gated screen. */
export function gatedScreen(
  view: ScreenView,
  reason: GateReason | undefined,
  handoff: HandoffPanelView,
): TemplateResult {
  const t = view.t;
  return html`<div class="screen">
    <div class="hero warning" aria-hidden="true">${icons.phone}</div>
    <h2 tabindex="-1">${t.gatedTitle}</h2>
    <p part="error" class="muted">${reason ? t.gatedReasons[reason] : ''}</p>
    ${handoffPanel(t, handoff)}
  </div>`;
}
