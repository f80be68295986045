/** The browser's `CaptureSource`: `getUserMedia` for the camera, `navigator.geolocation` for location. */
import {
  CaptureSourceError,
  type CameraFacing,
  type CameraSession,
  type CaptureSource,
  type DevicePermission,
  type LocationFix,
} from './capture-source.js';

/** Maps a `getUserMedia` failure to a capture source error. */
export function cameraErrorOf(error: unknown): CaptureSourceError {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return new CaptureSourceError('permission-denied', 'Camera permission was denied.');
  }
  if (
    name === 'NotFoundError' ||
    name === 'OverconstrainedError' ||
    name === 'NotReadableError' ||
    name === 'AbortError'
  ) {
    return new CaptureSourceError('unavailable', 'No usable camera was found.');
  }
  return new CaptureSourceError(
    'unavailable',
    error instanceof Error ? error.message : 'The camera could not start.',
  );
}

/** True when this browser exposes `getUserMedia` (absent on insecure origins and some webviews). */
export function hasGetUserMedia(): boolean {
  return (
    typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

async function queryPermission(name: 'camera' | 'geolocation'): Promise<DevicePermission> {
  try {
    const status = await navigator.permissions.query({ name: name as PermissionName });
    return status.state;
  } catch {
    return 'prompt';
  }
}

class WebCameraSession implements CameraSession {
  constructor(
    private readonly stream: MediaStream,
    readonly view: HTMLVideoElement,
  ) {}

  get width(): number {
    return this.view.videoWidth;
  }

  get height(): number {
    return this.view.videoHeight;
  }

  grabFrame(options: { width?: number } = {}): Promise<ImageBitmap> {
    const { videoWidth, videoHeight } = this.view;
    if (!options.width || options.width >= videoWidth) return createImageBitmap(this.view);
    const resizeHeight = Math.round((videoHeight * options.width) / videoWidth);
    return createImageBitmap(this.view, {
      resizeWidth: options.width,
      resizeHeight,
      resizeQuality: 'low',
    });
  }

  grabVideoFrame(): VideoFrame {
    return new VideoFrame(this.view);
  }

  stop(): void {
    for (const track of this.stream.getTracks()) track.stop();
    this.view.srcObject = null;
  }
}

/** The web implementation of `CaptureSource`. */
export class WebCaptureSource implements CaptureSource {
  readonly kind = 'web' as const;
  readonly liveFrames = true;

  async checkPermissions(): Promise<{ camera: DevicePermission; location: DevicePermission }> {
    const camera = hasGetUserMedia() ? await queryPermission('camera') : 'unavailable';
    const location =
      'geolocation' in navigator ? await queryPermission('geolocation') : 'unavailable';
    return { camera, location };
  }

  async openCamera({ facing }: { facing: CameraFacing }): Promise<CameraSession> {
    if (!hasGetUserMedia()) {
      throw new CaptureSourceError('unsupported', 'This browser cannot use the camera.');
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: {
          facingMode: { ideal: facing },
          width: { ideal: facing === 'environment' ? 1920 : 1280 },
          height: { ideal: facing === 'environment' ? 1080 : 720 },
        },
      });
    } catch (error) {
      throw cameraErrorOf(error);
    }
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.autoplay = true;
    video.setAttribute('aria-hidden', 'true');
    video.srcObject = stream;
    try {
      await new Promise<void>((resolve, reject) => {
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) resolve();
        video.addEventListener('loadeddata', () => resolve(), { once: true });
        video.addEventListener('error', () => reject(new Error('video error')), { once: true });
      });
      await video.play().catch(() => undefined);
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      throw cameraErrorOf(error);
    }
    return new WebCameraSession(stream, video);
  }

  watchLocation(
    onFix: (fix: LocationFix) => void,
    onError: (error: CaptureSourceError) => void,
  ): () => void {
    if (!('geolocation' in navigator)) {
      onError(new CaptureSourceError('unsupported', 'This browser cannot share a location.'));
      return () => undefined;
    }
    const id = navigator.geolocation.watchPosition(
      (position) =>
        onFix({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: position.coords.accuracy,
          timestamp: position.timestamp,
        }),
      (error) => {
        const code =
          error.code === error.PERMISSION_DENIED
            ? 'permission-denied'
            : error.code === error.TIMEOUT
              ? 'timeout'
              : 'unavailable';
        onError(new CaptureSourceError(code, error.message || 'Location unavailable.'));
      },
      { enableHighAccuracy: true, maximumAge: 0, timeout: 20000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }
}
