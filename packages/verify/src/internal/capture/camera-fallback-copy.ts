/**
 * Why the camera cannot be used, in the person's words, and what the screen offers instead:
 * upload (documents), another try, the app's settings, or another device.
 */
import type { CaptureKind } from '../../api/types.js';
import { CaptureSourceError, type CaptureSource } from '../../capture-source.js';
import type { Translation } from '../../i18n/translation.js';
import type { DeviceInfo } from '../device/device-info.js';
import { canOpenSettings, isInApp } from '../flow/platform.js';
import type { CameraFallback } from './capture-view.js';

/** The fallback of a camera that failed to open with `error` for the capture of `kind`. */
export function cameraFallback(
  kind: CaptureKind,
  error: unknown,
  t: Translation,
  source: CaptureSource,
  device: DeviceInfo,
): CameraFallback {
  const code =
    error instanceof CaptureSourceError
      ? error.code === 'permission-denied'
        ? 'CAMERA_PERMISSION_DENIED'
        : error.code === 'unsupported'
          ? 'UNSUPPORTED_BROWSER'
          : 'CAMERA_UNAVAILABLE'
      : 'CAMERA_UNAVAILABLE';
  const copy = {
    CAMERA_PERMISSION_DENIED: {
      title: t.cameraDeniedTitle,
      body: isInApp(source) ? t.cameraDeniedBodyApp : t.cameraDeniedBody,
    },
    CAMERA_UNAVAILABLE: { title: t.cameraUnavailableTitle, body: t.cameraUnavailableBody },
    UNSUPPORTED_BROWSER: {
      title: t.unsupportedBrowserTitle,
      body: device.inAppBrowser ? t.inAppBrowserBody : t.unsupportedBrowserBody,
    },
  }[code];
  return {
    code,
    ...copy,
    allowUpload: kind !== 'selfie',
    canRetry: code !== 'UNSUPPORTED_BROWSER',
    openSettings: code === 'CAMERA_PERMISSION_DENIED' && canOpenSettings(source),
  };
}

/** The selfie's live face check cannot run here and the company requires it. */
export function faceCheckUnavailable(t: Translation): CameraFallback {
  return {
    code: 'FACE_CHECK_UNAVAILABLE',
    title: t.faceCheckUnavailableTitle,
    body: t.faceCheckUnavailableBody,
    allowUpload: false,
    canRetry: true,
    openSettings: false,
  };
}
