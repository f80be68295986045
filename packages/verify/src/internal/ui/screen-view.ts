/**
 * What every screen may read, built once per render by the element: the strings, the busy flag,
 * the business's name and the platform seam. A screen takes this and its feature's own view, never
 * the flow's controller.
 */
import type { CaptureSource } from '../../capture-source.js';
import type { Translation } from '../../i18n/translation.js';

/** The view every screen shares. */
export interface ScreenView {
  /** The strings of the language in force. */
  readonly t: Translation;
  /** True while a person's action waits for the service (its button is disabled). */
  readonly busy: boolean;
  /** The business's name as the plan allows (empty when unknown). */
  readonly brandName: string;
  /** The platform seam (settings button, photo picker). */
  readonly source: CaptureSource;
}
