import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Tesseract from 'tesseract.js';
import type { Worker } from 'tesseract.js';
import { loadWithoutProcessHooks, requireWithoutGlobals } from './process-hygiene.js';

const require = createRequire(import.meta.url);

let loading: Promise<Worker> | undefined;

/**
 * A tesseract.js worker with the legacy English model of `@tesseract.js-data/eng` read from the
 * installed package (never the CDN default), whitelisted to the MRZ alphabet; loaded once per
 * process. The library is required here, not imported, so that the `regeneratorRuntime` global it
 * defines does not stay behind.
 */
export function loadMrzTesseract(): Promise<Worker> {
  loading ??= loadWithoutProcessHooks(/[\\/]tesseract\.js(-core)?[\\/]/, async () => {
    const { createWorker, OEM, PSM } = requireWithoutGlobals<typeof Tesseract>('tesseract.js');
    const langPath = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');
    const worker = await createWorker('eng', OEM.TESSERACT_ONLY, {
      langPath,
      gzip: true,
      cacheMethod: 'none',
      logger: () => undefined,
      errorHandler: () => undefined,
    });
    await worker.setParameters({
      tessedit_char_whitelist: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<',
      tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
      preserve_interword_spaces: '0',
      user_defined_dpi: '300',
    });
    return worker;
  });
  return loading;
}

/** Reads an MRZ band (PNG/JPEG bytes) with tesseract; answers the recognised lines. */
export async function readMrzWithTesseract(band: Buffer): Promise<string[]> {
  const worker = await loadMrzTesseract();
  const { data } = await worker.recognize(band);
  return data.text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ''))
    .filter((line) => line.length > 0);
}

/** Stops the tesseract worker (tests and CLI shutdown). */
export async function closeMrzTesseract(): Promise<void> {
  const pending = loading;
  loading = undefined;
  if (pending) await (await pending).terminate();
}
