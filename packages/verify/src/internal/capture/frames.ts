/** Small frame helpers shared by the capture loops. */

/** Resolves on the next animation frame (paused while the page is hidden). */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => resolve());
    else setTimeout(resolve, 16);
  });
}

/** Waits `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Encodes a bitmap as JPEG on the main thread: the fallback when no worker can run. */
export async function encodeOnMainThread(bitmap: ImageBitmap, quality: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))),
      'image/jpeg',
      quality,
    ),
  );
}

/**
 * What the file picker offers: any image; `fitForUpload` turns what the flow API cannot take
 * (HEIC, GIF, oversized photos) into a JPEG it can.
 */
export const uploadTypes = ['image/*'];
