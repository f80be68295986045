/**
 * Reads the QR codes of a screenshot with zxing-cpp (`zxing-wasm`, its wasm loaded from the
 * package, never its CDN default): what a phone camera would read off the portal's QR code.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
let ready: Promise<unknown> | undefined;

/** The texts of the valid QR codes in a PNG or JPEG. */
export async function readQrCodes(image: Uint8Array): Promise<string[]> {
  ready ??= readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).then((wasm) =>
    prepareZXingModule({
      overrides: {
        wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
      },
      fireImmediately: true,
    }),
  );
  await ready;
  const results = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true });
  return results.filter((result) => result.isValid).map((result) => result.text);
}
