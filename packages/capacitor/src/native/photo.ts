/**
 * The options sent to `Camera.getPhoto` and the reading of its answer.
 *
 * `getPhoto` is the one call present in both supported majors of `@capacitor/camera` (7 and 8,
 * where `takePhoto`/`chooseFromGallery` appear in 8.1 only). Photos come back as Base64, never as a
 * file URI: with a URI the plugin leaves the picture of the identity document in the app's files;
 * with Base64 it deletes its temporary file (Android) or never writes one (iOS).
 */
import {
  CameraDirection,
  CameraResultType,
  type CameraSource,
  type ImageOptions,
} from '@capacitor/camera';
import type { CameraFacing } from '@idv/verify/capture-source.js';
import { CaptureSourceError } from '@idv/verify/capture-source.js';

/**
 * Documents: the longest edge at most 2560 px, enough for the OCR of an ID-1 card that fills half
 * the frame (MRZ characters over 20 px tall) and far below the service's 10 MB upload limit.
 */
export const documentPhoto = { maxEdge: 2560, quality: 92 } as const;
/** Selfie: 1280 px, as the web camera sends its selfie frames. */
export const selfiePhoto = { maxEdge: 1280, quality: 90 } as const;
/** The service's upload limit (DESIGN §5). */
export const maxPhotoBytes = 10 * 1024 * 1024;

/**
 * Options of one `getPhoto` call: the back camera for documents and the front one for the selfie
 * (iOS honours `direction`; Android's camera app opens on its last lens), pixels rotated upright
 * from the EXIF orientation, nothing saved to the gallery, no editing.
 */
export function photoOptions(facing: CameraFacing, source: CameraSource): ImageOptions {
  const settings = facing === 'user' ? selfiePhoto : documentPhoto;
  return {
    source,
    resultType: CameraResultType.Base64,
    direction: facing === 'user' ? CameraDirection.Front : CameraDirection.Rear,
    quality: settings.quality,
    width: settings.maxEdge,
    height: settings.maxEdge,
    correctOrientation: true,
    saveToGallery: false,
    allowEditing: false,
    presentationStyle: 'fullscreen',
  };
}

/** A JPEG from a Base64 answer; throws `CaptureSourceError` for anything else. */
export function jpegFromBase64(base64: string | undefined): Blob {
  let binary: string;
  try {
    binary = atob(base64 ?? '');
  } catch {
    throw new CaptureSourceError('unavailable', 'The camera answered no readable photo.');
  }
  if (binary.length > maxPhotoBytes) {
    throw new CaptureSourceError('unavailable', 'The photo is larger than 10 MB.');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) {
    throw new CaptureSourceError('unavailable', 'The camera answered a photo that is not a JPEG.');
  }
  return new Blob([bytes], { type: 'image/jpeg' });
}

/**
 * The capture source error of a failed `getPhoto`. The plugin rejects with messages only (the
 * same on Android and iOS, majors 7 and 8): "User cancelled photos app", "User denied access to
 * camera|photos", "Device doesn't have a camera available", …
 */
export function photoError(error: unknown): CaptureSourceError {
  if (error instanceof CaptureSourceError) return error;
  const message = (error as { message?: unknown } | null)?.message;
  const text = typeof message === 'string' ? message : 'The camera failed.';
  if (/cancel/i.test(text)) return new CaptureSourceError('cancelled', text);
  if (/denied|permission/i.test(text)) return new CaptureSourceError('permission-denied', text);
  return new CaptureSourceError('unavailable', text);
}
