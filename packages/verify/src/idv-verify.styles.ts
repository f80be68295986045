/**
 * Styles of `<idv-verify>`, adopted by Lit as constructable stylesheets (no inline `<style>`, so a
 * strict `style-src` CSP holds): the tokens (every one a custom property with a default on
 * `:host`), the shared layout and controls, and the styles of the document choice, capture and
 * hand-off screens.
 */
import type { CSSResultGroup } from 'lit';
import { captureStyles } from './internal/capture/capture-screen.styles.js';
import { handoffStyles } from './internal/features/handoff/handoff-panel.styles.js';
import { documentChoiceStyles } from './internal/features/document/document-choice.styles.js';
import { controlStyles } from './internal/ui/styles/controls.styles.js';
import { layoutStyles } from './internal/ui/styles/layout.styles.js';
import { tokenStyles } from './internal/ui/styles/tokens.styles.js';

/** The element's stylesheets, in cascade order. */
export const styles: CSSResultGroup = [
  tokenStyles,
  layoutStyles,
  controlStyles,
  documentChoiceStyles,
  captureStyles,
  handoffStyles,
];
