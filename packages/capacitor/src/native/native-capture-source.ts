/**
 * The native `CaptureSource` of `<idv-verify>`: still photos from `@capacitor/camera` (the
 * element's photo-then-review flow, `liveFrames: false`) and location from
 * `@capacitor/geolocation`. Loaded only inside a native app (`native-loader.ts`), so a web page
 * never fetches these plugins.
 */
import { Camera, CameraSource } from '@capacitor/camera';
import {
  CaptureSourceError,
  type CameraFacing,
  type CameraSession,
  type CaptureSource,
  type DevicePermission,
  type LocationFix,
} from '@idv/verify/capture-source.js';
import { watchNativeLocation } from './location.js';
import { checkLocation, devicePermission } from './permissions.js';
import { jpegFromBase64, photoError, photoOptions } from './photo.js';

/** Camera and location of the phone, through the official Capacitor plugins. */
export class NativeCaptureSource implements CaptureSource {
  readonly kind = 'native' as const;
  readonly liveFrames = false;

  async checkPermissions(): Promise<{ camera: DevicePermission; location: DevicePermission }> {
    const [camera, location] = await Promise.all([Camera.checkPermissions(), checkLocation()]);
    return { camera: devicePermission(camera.camera), location: devicePermission(location) };
  }

  /** Never called by the element (`liveFrames` is false): the native camera shows no live frames. */
  async openCamera(): Promise<CameraSession> {
    throw new CaptureSourceError('unsupported', 'The native camera takes still photos only.');
  }

  /** A photo from the camera (the back one for documents, the front one for the selfie). */
  takePhoto({ facing }: { facing: CameraFacing }): Promise<Blob> {
    return this.photo(facing, CameraSource.Camera);
  }

  /** A document photo from the photo library (the element offers it where uploads are allowed). */
  pickPhoto(): Promise<Blob> {
    return this.photo('environment', CameraSource.Photos);
  }

  watchLocation(
    onFix: (fix: LocationFix) => void,
    onError: (error: CaptureSourceError) => void,
  ): () => void {
    return watchNativeLocation(onFix, onError);
  }

  private async photo(facing: CameraFacing, source: CameraSource): Promise<Blob> {
    try {
      const photo = await Camera.getPhoto(photoOptions(facing, source));
      return jpegFromBase64(photo.base64String);
    } catch (error) {
      throw photoError(error);
    }
  }
}
