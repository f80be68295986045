import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { faceCapture, faceSamples } from './faces.js';
import { photoWindows } from './photo-window.js';

/**
 * The selfie framing of the liveness scenes (480 px wide, the face 45 % of it): where the source
 * photo's upper edge falls in the capture, in output rows.
 */
function photoTopEdge(index: number, width: number, faceShare: number): number {
  const sample = faceSamples()[index]!;
  const scale = (width * faceShare) / sample.box.width;
  const top = sample.box.y + sample.box.height * 0.62 - (width * 4) / 3 / scale / 2;
  return Math.round(-top * scale);
}

describe('photo windows: the camera framing past a photo edge', () => {
  it('shows no mirrored (upside-down) head above a face near the photo top', async () => {
    // Samples 3, 5 and 10 sit near the top of their group photos: the selfie framing reaches
    // 109–136 output rows above the photo. Mirror padding reflected the top of the head there
    // (the rows above the edge matched the rows below it within 0.6–1.5 grey levels).
    for (const index of [3, 5, 10]) {
      const edge = photoTopEdge(index, 480, 0.45);
      expect(edge).toBeGreaterThan(100);
      const { data, info } = await sharp(await faceCapture(index, { width: 480, faceShare: 0.45 }))
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      let difference = 0;
      let count = 0;
      for (let k = 4; k < edge - 2; k++)
        for (let x = 0; x < info.width; x++) {
          difference += Math.abs(
            data[(edge - k) * info.width + x]! - data[(edge + k) * info.width + x]!,
          );
          count++;
        }
      expect(difference / count, `sample ${index}`).toBeGreaterThan(8);
    }
  });

  it('answers the photo’s own pixels for a window inside it, and a smooth fill beyond it', async () => {
    const photo = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 40, b: 10 } },
    })
      .composite([
        {
          input: { create: { width: 8, height: 8, channels: 3, background: '#000' } },
          left: 120,
          top: 2,
        },
      ])
      .png()
      .toBuffer();
    const windows = await photoWindows(photo, 'test');
    const inside = await windows.window(100, 0, 60, 20);
    const own = await sharp(photo)
      .extract({ left: 100, top: 0, width: 60, height: 20 })
      .removeAlpha()
      .raw()
      .toBuffer();
    expect(inside.data.equals(own)).toBe(true);
    const beyond = await windows.window(100, -40, 60, 40);
    // Forty rows above the photo: no black square reflected there, only the red scene out of focus.
    const red = Array.from({ length: 60 * 20 }, (_, i) => beyond.data[i * 3]!);
    expect(Math.min(...red)).toBeGreaterThan(150);
  });
});
