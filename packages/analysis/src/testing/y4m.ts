/**
 * Videos for Chromium's fake camera (`--use-file-for-fake-video-capture=FILE.y4m`): RGB frames
 * converted to planar I420 (BT.601, limited range, the format Chromium's y4m reader expects) behind
 * a YUV4MPEG2 header. Chromium plays the file in a loop at the header's frame rate.
 */

/** One RGB24 frame (`width × height × 3` bytes). */
export interface RgbFrame {
  data: Buffer;
  width: number;
  height: number;
}

/** Converts an RGB24 frame to I420 (Y plane, then U and V at half resolution). */
export function toI420({ data, width, height }: RgbFrame): Buffer {
  const out = Buffer.alloc(width * height * 1.5);
  const chromaWidth = width / 2;
  const uOffset = width * height;
  const vOffset = uOffset + chromaWidth * (height / 2);
  for (let j = 0; j < height; j += 1) {
    for (let i = 0; i < width; i += 1) {
      const p = (j * width + i) * 3;
      out[j * width + i] = Math.round(
        16 + (219 / 255) * (0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!),
      );
    }
  }
  for (let j = 0; j < height; j += 2) {
    for (let i = 0; i < width; i += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [di, dj] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const p = ((j + dj) * width + i + di) * 3;
        r += data[p]!;
        g += data[p + 1]!;
        b += data[p + 2]!;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const k = (j / 2) * chromaWidth + i / 2;
      out[uOffset + k] = Math.round(128 + (224 / 255) * (-0.168736 * r - 0.331264 * g + 0.5 * b));
      out[vOffset + k] = Math.round(128 + (224 / 255) * (0.5 * r - 0.418688 * g - 0.081312 * b));
    }
  }
  return out;
}

/** A y4m video of `frames` (all the same size, even dimensions) at `fps` frames per second. */
export function y4mVideo(frames: readonly RgbFrame[], fps: number): Buffer {
  const first = frames[0];
  if (!first) throw new RangeError('a video needs at least one frame');
  if (first.width % 2 !== 0 || first.height % 2 !== 0)
    throw new RangeError('I420 needs even dimensions');
  const parts: Buffer[] = [
    Buffer.from(`YUV4MPEG2 W${first.width} H${first.height} F${fps}:1 Ip A1:1 C420jpeg\n`),
  ];
  for (const frame of frames) {
    if (frame.width !== first.width || frame.height !== first.height)
      throw new RangeError('every frame of a video has the same size');
    parts.push(Buffer.from('FRAME\n'), toI420(frame));
  }
  return Buffer.concat(parts);
}
