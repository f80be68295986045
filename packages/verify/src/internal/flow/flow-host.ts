/**
 * The element as its controllers see it: Lit's controller host plus the public settings of
 * `<idv-verify>` (its attributes and properties), read at the moment they are needed.
 */
import type { ReactiveControllerHost } from 'lit';
import type { CaptureSource } from '../../capture-source.js';

/** What the controllers read from `<idv-verify>`. */
export interface FlowHost extends ReactiveControllerHost, HTMLElement {
  linkId?: string | undefined;
  linkUrl?: string | undefined;
  apiBase?: string | undefined;
  fingerprintUrl?: string | undefined;
  brandColor?: string | undefined;
  logoSrc?: string | undefined;
  businessName?: string | undefined;
  noGeolocation: boolean;
  parentOrigin?: string | undefined;
  handoffToken?: string | undefined;
  captureSource?: CaptureSource | undefined;
  workerUrl?: string | URL | undefined;
}
