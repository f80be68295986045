/**
 * A `CaptureSource` for component tests, injected through the element's `captureSource` property
 * (the same seam the Capacitor plugin uses). Its camera is a real `MediaStream` captured from a
 * canvas the test draws on; its location fixes and failures are scripted: a phone's GPS and a
 * person's permission answers are the system edge a test cannot run.
 */
import {
  CaptureSourceError,
  type CameraSession,
  type CaptureSource,
  type DevicePermission,
  type LocationFix,
} from '../../dist/capture-source.js';

/** What the test scripts. */
export interface TestSourceOptions {
  /** Drawn into the camera stream (re-drawn every frame). */
  scene?: OffscreenCanvas | HTMLCanvasElement;
  /**
   * Frames that change with every grab: each `grabFrame` answers the next of these in turn (the
   * preview stream keeps showing `scene`), so a test can tell which grab the element kept.
   */
  grabScenes?: (OffscreenCanvas | HTMLCanvasElement)[];
  /** Makes `openCamera` fail. */
  cameraError?: CaptureSourceError;
  /** Location fixes delivered in order, or an error. */
  fixes?: LocationFix[];
  locationError?: CaptureSourceError;
  permissions?: { camera: DevicePermission; location: DevicePermission };
  /** The platform the source stands for (default `native`, as the Capacitor plugin's). */
  kind?: 'web' | 'native';
  /** A source without live frames: the element uses its photo screen and `takePhoto`. */
  photoOnly?: boolean;
  /** Gives the source an `openSettings` hook that counts its calls in `settingsOpened`. */
  canOpenSettings?: boolean;
}

class CanvasCamera implements CameraSession {
  private timer: ReturnType<typeof setInterval>;
  stopped = false;
  /** How many frames were grabbed. */
  grabs = 0;

  constructor(
    readonly view: HTMLVideoElement,
    private readonly stream: MediaStream,
    private readonly canvas: HTMLCanvasElement,
    scene: OffscreenCanvas | HTMLCanvasElement,
    private readonly grabScenes: (OffscreenCanvas | HTMLCanvasElement)[] = [],
  ) {
    const ctx = canvas.getContext('2d')!;
    this.timer = setInterval(() => ctx.drawImage(scene, 0, 0), 50);
  }

  get width(): number {
    return this.canvas.width;
  }

  get height(): number {
    return this.canvas.height;
  }

  grabFrame(options: { width?: number } = {}): Promise<ImageBitmap> {
    const index = this.grabs;
    this.grabs += 1;
    if (this.grabScenes.length > 0) {
      // Like a camera: never wider than the scene itself.
      const scene = this.grabScenes[index % this.grabScenes.length]!;
      if (!options.width || options.width >= scene.width) return createImageBitmap(scene);
      return createImageBitmap(scene, {
        resizeWidth: options.width,
        resizeHeight: Math.round((scene.height * options.width) / scene.width),
      });
    }
    if (!options.width) return createImageBitmap(this.canvas);
    return createImageBitmap(this.canvas, {
      resizeWidth: options.width,
      resizeHeight: Math.round((this.canvas.height * options.width) / this.canvas.width),
    });
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    for (const track of this.stream.getTracks()) track.stop();
  }
}

/** The scripted capture source. */
export class TestCaptureSource implements CaptureSource {
  readonly kind: 'web' | 'native';
  /** False for a platform camera that only takes photos (`photoOnly`). */
  readonly liveFrames: boolean;
  /** The platform's own camera (`photoOnly`): a JPEG of the scene. */
  readonly takePhoto?: () => Promise<Blob>;
  readonly cameras: CanvasCamera[] = [];
  watching = 0;
  /** How many times the element opened the settings. */
  settingsOpened = 0;
  readonly openSettings?: () => Promise<void>;

  constructor(private readonly options: TestSourceOptions = {}) {
    this.kind = options.kind ?? 'native';
    this.liveFrames = !options.photoOnly;
    if (options.photoOnly) {
      const scene = options.scene ?? new OffscreenCanvas(640, 480);
      this.takePhoto = async () => {
        const photo = new OffscreenCanvas(scene.width, scene.height);
        photo.getContext('2d')!.drawImage(scene, 0, 0);
        return photo.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
      };
    }
    if (options.canOpenSettings) {
      this.openSettings = async () => {
        this.settingsOpened += 1;
      };
    }
  }

  async checkPermissions(): Promise<{ camera: DevicePermission; location: DevicePermission }> {
    return this.options.permissions ?? { camera: 'prompt', location: 'prompt' };
  }

  async openCamera(): Promise<CameraSession> {
    if (this.options.cameraError) throw this.options.cameraError;
    const scene = this.options.scene ?? new OffscreenCanvas(640, 480);
    const canvas = document.createElement('canvas');
    canvas.width = scene.width;
    canvas.height = scene.height;
    canvas.getContext('2d')!.drawImage(scene, 0, 0);
    const stream = canvas.captureStream(20);
    const video = document.createElement('video');
    video.muted = true;
    video.srcObject = stream;
    await video.play().catch(() => undefined);
    const camera = new CanvasCamera(video, stream, canvas, scene, this.options.grabScenes);
    this.cameras.push(camera);
    return camera;
  }

  watchLocation(
    onFix: (fix: LocationFix) => void,
    onError: (error: CaptureSourceError) => void,
  ): () => void {
    this.watching += 1;
    const timers: ReturnType<typeof setTimeout>[] = [];
    if (this.options.locationError) {
      const error = this.options.locationError;
      timers.push(setTimeout(() => onError(error), 10));
    } else {
      (this.options.fixes ?? []).forEach((fix, i) =>
        timers.push(setTimeout(() => onFix(fix), 10 + i * 20)),
      );
    }
    return () => {
      this.watching -= 1;
      timers.forEach(clearTimeout);
    };
  }
}

export { CaptureSourceError };
