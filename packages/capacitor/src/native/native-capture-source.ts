/**
 * The native `CaptureSource` of `<idv-verify>`: document photos from `@capacitor/camera` (the
 * element's photo-then-review flow, `liveFrames: false`), the selfie's live challenge in the web
 * view's own camera (`liveSelfie`: a still photo proves no live person, and the service refuses
 * it unless the company allows it), and location from `@capacitor/geolocation`. Loaded only
 * inside a native app (`native-loader.ts`), so a web page never fetches these plugins.
 */
import { Camera, CameraSource } from '@capacitor/camera';
import { WebCaptureSource } from '@idv/verify';
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
  readonly liveSelfie = true;

  async checkPermissions(): Promise<{ camera: DevicePermission; location: DevicePermission }> {
    const [camera, location] = await Promise.all([Camera.checkPermissions(), checkLocation()]);
    return { camera: devicePermission(camera.camera), location: devicePermission(location) };
  }

  /**
   * The front camera for the selfie's live challenge, in the web view (`getUserMedia`). The app's
   * camera permission is asked first through the Camera plugin, as for a photo: the web view gets
   * the camera only once the app holds it, and a refusal shows the element's camera-denied screen.
   * Documents never come here (`liveFrames` is false): the native camera takes them.
   */
  async openCamera({ facing }: { facing: CameraFacing }): Promise<CameraSession> {
    if (facing !== 'user')
      throw new CaptureSourceError('unsupported', 'Documents are taken with the native camera.');
    let { camera } = await Camera.checkPermissions();
    if (camera === 'prompt' || camera === 'prompt-with-rationale')
      ({ camera } = await Camera.requestPermissions({ permissions: ['camera'] }));
    if (camera !== 'granted' && camera !== 'limited')
      throw new CaptureSourceError('permission-denied', `Camera permission ${camera}.`);
    return new WebCaptureSource().openCamera({ facing });
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
