/**
 * The platform seam of `<idv-verify>`: everything the element needs from the device (camera
 * frames, still photos, location, permissions). The web implementation (`WebCaptureSource`) uses
 * `getUserMedia` and `navigator.geolocation`; `@idv/capacitor` supplies a native one.
 *
 * A native source is injected either per element, `element.captureSource = source`, or once for
 * every element created afterwards, `setDefaultCaptureSource(source)` (from `@idv/verify`).
 *
 * @example
 * import type { CaptureSource } from '@idv/verify/capture-source.js';
 * class NativeCaptureSource implements CaptureSource { … }
 * document.querySelector('idv-verify')!.captureSource = new NativeCaptureSource();
 */

/** Which camera: the back one for documents, the front one for the selfie. */
export type CameraFacing = 'environment' | 'user';

/** State of a permission; `unavailable` when the device has no such capability at all. */
export type DevicePermission = 'granted' | 'denied' | 'prompt' | 'unavailable';

/** Why a capture source call failed. */
export type CaptureSourceErrorCode =
  'permission-denied' | 'unavailable' | 'unsupported' | 'timeout' | 'cancelled';

/** A failure of a capture source, with a code the element maps to DESIGN §4 error codes. */
export class CaptureSourceError extends Error {
  override readonly name = 'CaptureSourceError';
  constructor(
    readonly code: CaptureSourceErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** An open camera. */
export interface CameraSession {
  /**
   * A live preview for the element to place in its viewfinder (the web source gives a `<video>`),
   * or `null` when the platform shows its own preview.
   */
  readonly view: HTMLElement | null;
  /** Frame size in pixels. */
  readonly width: number;
  readonly height: number;
  /**
   * The current frame, at full resolution or scaled down to `width` pixels wide; the caller owns
   * (and closes or transfers) it.
   */
  grabFrame(options?: { width?: number }): Promise<ImageBitmap>;
  /**
   * Optional, where the platform has WebCodecs: the current frame as a `VideoFrame`, at full
   * resolution and without copying its pixels. The capture loops then hold the analysed instant
   * for free and copy it only when the analysis keeps it. The caller closes it.
   */
  grabVideoFrame?(): VideoFrame;
  /** Releases the camera. Safe to call twice. */
  stop(): void;
}

/** One device location fix. */
export interface LocationFix {
  latitude: number;
  longitude: number;
  /** 95% confidence radius in metres. */
  accuracy: number;
  /** When the device took it (ms since the epoch). */
  timestamp: number;
  /**
   * How the platform obtained the fix, when it can tell (a native source); without it the element
   * infers the source from `accuracy`.
   */
  source?: 'gps' | 'wifi' | 'cell';
}

/** What the element asks of the platform. */
export interface CaptureSource {
  /** `web` for the browser implementation, `native` for a native plugin. */
  readonly kind: 'web' | 'native';
  /**
   * True when `openCamera` streams frames for live coaching; false when only `takePhoto` works
   * (the element then goes straight to a still photo and its review).
   */
  readonly liveFrames: boolean;
  /**
   * True when `openCamera({ facing: 'user' })` streams live frames although `liveFrames` is false:
   * a native source whose documents are still photos of the platform camera and whose selfie runs
   * the live challenge in the web view's own camera. The element then runs the selfie live.
   */
  readonly liveSelfie?: boolean;
  /** Current permission states without prompting. */
  checkPermissions(): Promise<{ camera: DevicePermission; location: DevicePermission }>;
  /** Opens a camera (prompts for permission when needed). Throws `CaptureSourceError`. */
  openCamera(options: { facing: CameraFacing }): Promise<CameraSession>;
  /**
   * Takes a still photo with the platform's own camera UI, when `liveFrames` is false. Throws
   * `CaptureSourceError` (`cancelled` when the person closed the camera without a photo).
   */
  takePhoto?(options: { facing: CameraFacing }): Promise<Blob>;
  /**
   * Lets the person pick an existing photo with the platform's own picker (the element offers it
   * for documents only, where an upload is allowed). Sent as an upload. Without it, a source whose
   * `liveFrames` is false gets the browser's file input instead.
   */
  pickPhoto?(): Promise<Blob>;
  /**
   * Opens the app's page in the device settings, where the person can allow a refused camera or
   * location. Only where the platform can open it (a native source on iOS, for example); without
   * it the element just says where to go. Inside a native app (`kind: 'native'`) the element's
   * refusal screens speak of the app's settings, not the browser's, and offer this hook.
   */
  openSettings?(): Promise<void>;
  /**
   * Watches the device location, calling `onFix` for every fix and `onError` once on failure
   * (with a `CaptureSourceError`). Returns a function that stops watching.
   */
  watchLocation(
    onFix: (fix: LocationFix) => void,
    onError: (error: CaptureSourceError) => void,
  ): () => void;
}
