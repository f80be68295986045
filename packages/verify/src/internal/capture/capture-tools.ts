/**
 * What sending a photo needs (`fitForUpload`, the `meta` builders), loaded with the first photo:
 * it stays out of the initial bundle (most people reach a capture step after the welcome screen).
 */
import type * as CaptureMeta from './capture-meta.js';
import type * as UploadImage from './upload-image.js';

/** The lazily loaded sending tools. */
export type CaptureTools = Pick<typeof UploadImage, 'fitForUpload'> &
  Pick<typeof CaptureMeta, 'documentMeta' | 'selfieMeta'>;

/** Loads the sending tools (once; later calls reuse the loaded modules). */
export async function loadCaptureTools(): Promise<CaptureTools> {
  const [{ fitForUpload }, { documentMeta, selfieMeta }] = await Promise.all([
    import('./upload-image.js'),
    import('./capture-meta.js'),
  ]);
  return { fitForUpload, documentMeta, selfieMeta };
}
