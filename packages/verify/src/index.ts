/**
 * `@idv/verify`: the `<idv-verify>` element. Importing this module registers the tag (in a browser)
 * and re-exports the public API only: the element class, its events, the capture-source seam, the
 * translations and the wire types. The flow API client stays internal. A type-only import
 * (`import type … from '@idv/verify'`) is erased and registers nothing; the tag's entry in
 * `HTMLElementTagNameMap` comes with the element's own module, not with the registration.
 */
import './define.js';

export { IdvVerify } from './idv-verify.js';
export * from './events/index.js';
export { idvEventNames, type IdvEventName } from './events/event-names.js';
export { FlowStep } from './flow-step.js';
export type * from './api/types.js';
export type {
  CaptureSource,
  CameraSession,
  CameraFacing,
  DevicePermission,
  LocationFix,
} from './capture-source.js';
export { CaptureSourceError } from './capture-source.js';
export { WebCaptureSource } from './web-capture-source.js';
export { setDefaultCaptureSource, getDefaultCaptureSource } from './default-capture-source.js';
export type { Translation, LanguageCode } from './i18n/translation.js';
export { supportedLanguages } from './i18n/translation.js';
export { languageFor, loadTranslation, translationFor } from './i18n/localize.js';
export type { DocumentFrameAnalysis, FaceFrameAnalysis, Quad, Point } from './worker/types.js';
