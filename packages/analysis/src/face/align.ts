import type { FaceResult } from '@vladmandic/human';
import type { Tensor3D, Tensor4D } from '@tensorflow/tfjs-core';
import type { RgbImage } from '../image/decode.js';
import { loadTfjs } from '../models/tfjs.js';
import { eyeCenters } from './detect.js';

/** Side of the chip FaceRecognitionNet reads. */
export const CHIP_SIZE = 150;
/** Eye distance as a share of the chip side, and the eyes' height in the chip (tuned on the samples). */
const EYE_DISTANCE = 0.36;
const EYE_HEIGHT = 0.4;

/**
 * An eye-levelled 150 × 150 chip of `face` (a similarity transform: the eyes land on fixed
 * points), so that head tilt does not change the descriptor.
 */
export async function alignedChip(image: RgbImage, face: FaceResult): Promise<Tensor3D | null> {
  const eyes = eyeCenters(face);
  if (!eyes) return null;
  const tf = await loadTfjs();
  // The person's left eye is on the image's right.
  const [left, right] = eyes;
  const dx = left[0] - right[0];
  const dy = left[1] - right[1];
  const distance = Math.hypot(dx, dy);
  if (distance < 4) return null;
  const angle = Math.atan2(dy, dx);
  const middle = [(left[0] + right[0]) / 2, (left[1] + right[1]) / 2] as const;
  const scale = distance / (EYE_DISTANCE * CHIP_SIZE);
  const c = Math.cos(angle) * scale;
  const s = Math.sin(angle) * scale;
  const ox = CHIP_SIZE / 2;
  const oy = EYE_HEIGHT * CHIP_SIZE;
  // tf.image.transform maps each output pixel (x, y) to the input pixel (a0 x + a1 y + a2, b0 x + b1 y + b2).
  const transform = [c, -s, middle[0] - c * ox + s * oy, s, c, middle[1] - s * ox - c * oy, 0, 0];
  return tf.tidy(() => {
    const input = tf.tensor3d(
      new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength),
      [image.height, image.width, 3],
      'int32',
    );
    const batch = tf.expandDims<Tensor4D>(tf.cast(input, 'float32'), 0);
    const warped = tf.image.transform(batch, tf.tensor2d([transform]), 'bilinear', 'nearest', 0, [
      CHIP_SIZE,
      CHIP_SIZE,
    ]);
    return tf.squeeze<Tensor3D>(warped, [0]);
  });
}
