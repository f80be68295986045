import sharp from 'sharp';
import { Random } from './random.js';

/**
 * A window onto a photo that may reach past the photo's edges, as a camera framing the same scene
 * a little wider would see it. Inside the photo the pixels are the photo's own. Beyond its edges the
 * scene goes on out of focus: the colours along the edge, smoothed over about a tenth of the photo's
 * height, with a little sensor noise, blended into the photo over a few pixels so that no straight
 * seam runs across the frame. It replaces the mirror padding used before, which reflected the top of
 * a head near the photo's upper edge into the frame as a second, upside-down head: something no
 * camera records, and a second face for every detector that reads the frame.
 */

/** Raw RGB pixels of a window. */
export interface RawWindow {
  data: Buffer;
  info: { width: number; height: number; channels: 3 };
}

/** A photo windows can be cut from, see {@link photoWindows}. */
export interface PhotoWindows {
  width: number;
  height: number;
  /**
   * The window whose top-left corner is (`left`, `top`) in the photo's pixels (either may be
   * negative) and whose size is `width` × `height`. A window inside the photo is the photo's own
   * pixels, bit for bit.
   */
  window(left: number, top: number, width: number, height: number): Promise<RawWindow>;
}

/** The out-of-focus field is kept at 1/{@link FIELD_STEP} of the photo's resolution. */
const FIELD_STEP = 16;
/** Blur of the field (in field pixels): the beyond-the-edge scene is smooth over ~0.1 photo height. */
const FIELD_BLUR = 4;
/** Photo pixels over which the photo fades into the field at an edge a window crosses. */
const SEAM = 24;
/** Sensor noise (standard deviation, 8-bit levels) on the field. */
const FIELD_NOISE = 2;

/** Cuts windows from `image` (any format sharp reads); `seed` makes the field's noise reproducible. */
export async function photoWindows(image: Buffer, seed: string): Promise<PhotoWindows> {
  const photo = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = photo.info;
  const fieldWidth = Math.ceil(width / FIELD_STEP);
  const fieldHeight = Math.ceil(height / FIELD_STEP);
  // Reaches as far past the edges as the photo is large, in field pixels: more than any framing asks.
  const reach = Math.max(fieldWidth, fieldHeight);
  const field = await sharp(photo.data, { raw: photo.info })
    .resize(fieldWidth, fieldHeight, { fit: 'fill', kernel: 'lanczos3' })
    .extend({ top: reach, bottom: reach, left: reach, right: reach, extendWith: 'copy' })
    .blur(FIELD_BLUR)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const fieldStride = field.info.width;
  const scaleX = fieldWidth / width;
  const scaleY = fieldHeight / height;

  /** The out-of-focus scene at photo pixel (x, y), channel c: bilinear in the field. */
  const fieldAt = (x: number, y: number, c: number): number => {
    const fx = Math.min(field.info.width - 1.001, Math.max(0, (x + 0.5) * scaleX - 0.5 + reach));
    const fy = Math.min(field.info.height - 1.001, Math.max(0, (y + 0.5) * scaleY - 0.5 + reach));
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    const ax = fx - x0;
    const ay = fy - y0;
    const at = (px: number, py: number) => field.data[(py * fieldStride + px) * 3 + c]!;
    return (
      (at(x0, y0) * (1 - ax) + at(x0 + 1, y0) * ax) * (1 - ay) +
      (at(x0, y0 + 1) * (1 - ax) + at(x0 + 1, y0 + 1) * ax) * ay
    );
  };

  return {
    width,
    height,
    async window(left, top, windowWidth, windowHeight) {
      const [l, t] = [Math.round(left), Math.round(top)];
      if (l >= 0 && t >= 0 && l + windowWidth <= width && t + windowHeight <= height) {
        const inside = await sharp(photo.data, { raw: photo.info })
          .extract({ left: l, top: t, width: windowWidth, height: windowHeight })
          .raw()
          .toBuffer({ resolveWithObject: true });
        return {
          data: inside.data,
          info: { width: windowWidth, height: windowHeight, channels: 3 },
        };
      }
      const random = new Random(`${seed}:${l}:${t}:${windowWidth}:${windowHeight}`);
      const out = Buffer.alloc(windowWidth * windowHeight * 3);
      for (let y = 0; y < windowHeight; y++) {
        const py = t + y;
        for (let x = 0; x < windowWidth; x++) {
          const px = l + x;
          const o = (y * windowWidth + x) * 3;
          const inside = px >= 0 && py >= 0 && px < width && py < height;
          // Share of the photo: 1 well inside, fading to 0 at the edge, 0 beyond it.
          const share = inside
            ? Math.min(1, (Math.min(px, py, width - 1 - px, height - 1 - py) + 0.5) / SEAM)
            : 0;
          const noise = share < 1 ? FIELD_NOISE * random.gaussian() : 0;
          for (let c = 0; c < 3; c++) {
            const own = inside ? photo.data[(py * width + px) * 3 + c]! : 0;
            const value =
              share === 1 ? own : own * share + (fieldAt(px, py, c) + noise) * (1 - share);
            out[o + c] = Math.max(0, Math.min(255, Math.round(value)));
          }
        }
      }
      return { data: out, info: { width: windowWidth, height: windowHeight, channels: 3 } };
    },
  };
}
