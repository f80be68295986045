import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReadResult } from 'zxing-wasm/reader';
import { loadWithoutProcessHooks } from './process-hygiene.js';

const require = createRequire(import.meta.url);

let ready: Promise<void> | undefined;

/** Instantiates zxing-cpp's reader from the wasm file inside `zxing-wasm` (never its CDN default); once per process. */
export function loadZxing(): Promise<void> {
  ready ??= loadWithoutProcessHooks(/[\\/]zxing-wasm[\\/]/, async () => {
    const wasmBinary = await readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    await prepareZXingModule({
      overrides: {
        wasmBinary: wasmBinary.buffer.slice(
          wasmBinary.byteOffset,
          wasmBinary.byteOffset + wasmBinary.byteLength,
        ) as ArrayBuffer,
      },
      fireImmediately: true,
    });
  });
  return ready;
}

/** Reads PDF417 and QR codes in an encoded image (PNG/JPEG bytes). */
export async function readDocumentBarcodes(encoded: Buffer): Promise<ReadResult[]> {
  await loadZxing();
  const results = await readBarcodes(new Uint8Array(encoded), {
    formats: ['PDF417', 'QRCode'],
    tryHarder: true,
    tryRotate: true,
    tryInvert: false,
    maxNumberOfSymbols: 4,
  });
  return results.filter((result) => result.isValid);
}
