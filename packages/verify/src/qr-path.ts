/**
 * `@idv/verify/qr-path.js`: a QR code as one SVG path, encoded locally (`uqr`): nothing is fetched
 * and no inline style is needed, so it draws under a strict Content-Security-Policy. The element's
 * hand-off panel draws its QR code with it (in a lazy chunk: not in the initial bundle), and so
 * does the portal. No DOM and no Lit: the caller renders the path.
 */
import { encode } from 'uqr';

/**
 * The SVG path of the dark modules of the QR code of `text` (error correction M), one unit per
 * module, offset by a quiet zone of `quiet` modules, and the side of the whole square.
 *
 * @example
 * ```ts
 * const { path, size } = qrPath('https://idv.example/v/abc');
 * // <svg viewBox="0 0 ${size} ${size}"><path d="${path}"/></svg>
 * ```
 */
export function qrPath(text: string, quiet = 4): { path: string; size: number } {
  const { data, size } = encode(text, { ecc: 'M', border: 0 });
  let path = '';
  data.forEach((row, y) => {
    let x = 0;
    while (x < size) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < size && row[x]) x += 1;
      path += `M${start + quiet} ${y + quiet}h${x - start}v1h-${x - start}z`;
    }
  });
  return { path, size: size + 2 * quiet };
}
