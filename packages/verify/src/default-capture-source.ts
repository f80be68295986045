/**
 * The capture source used by elements without their own `captureSource`: the web implementation
 * unless a native plugin registered one (`@idv/capacitor` calls `setDefaultCaptureSource` when it
 * runs inside a native app).
 */
import type { CaptureSource } from './capture-source.js';
import { WebCaptureSource } from './web-capture-source.js';

let registered: CaptureSource | undefined;
let web: WebCaptureSource | undefined;

/** Registers the capture source every `<idv-verify>` uses unless it has its own. */
export function setDefaultCaptureSource(source: CaptureSource | undefined): void {
  registered = source;
}

/** The registered capture source, else the web one. */
export function getDefaultCaptureSource(): CaptureSource {
  return registered ?? (web ??= new WebCaptureSource());
}
