import sharp from 'sharp';
import { degradeImage } from './degrade.js';
import { faceCapture, sampleFace } from './faces.js';
import { Random } from './random.js';

/**
 * Simulated presentation attacks and live captures for anti-spoofing tests. These are renderings,
 * not photographs of real attacks: a print is a halftoned portrait on a white sheet, photographed
 * in perspective on a table; a replay is the portrait on an RGB sub-pixel grid inside a black bezel
 * with glare, re-sampled by the "camera". They exercise the signals (periodic texture, framing
 * edges) the way real attacks do, but real attacks vary far more.
 */

async function rgb(image: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function fromRaw(data: Buffer, width: number, height: number): sharp.Sharp {
  return sharp(data, { raw: { width, height, channels: 3 } });
}

/** A live-like selfie capture of sample face `index` (a different framing/light per seed). */
export function liveCapture(index: number, seed: number | string = 1): Promise<Buffer> {
  return faceCapture(index, { seed: `live:${seed}`, width: 480 });
}

/** The face printed on paper (halftone dots, paper margin) and rephotographed in perspective. */
export async function printAttack(index: number, seed: number | string = 1): Promise<Buffer> {
  const random = new Random(`print:${index}:${seed}`);
  const portrait = await rgb(await sampleFace(index, 420));
  const period = random.range(3.2, 4.5);
  const printed = Buffer.alloc(portrait.data.length);
  for (let y = 0; y < portrait.height; y++)
    for (let x = 0; x < portrait.width; x++) {
      // An amplitude-modulated halftone screen at 45°, applied per channel like a CMY press.
      const screen =
        0.5 +
        0.5 *
          Math.cos((2 * Math.PI * (x + y)) / (period * 1.414)) *
          Math.cos((2 * Math.PI * (x - y)) / (period * 1.414));
      for (let c = 0; c < 3; c++) {
        const i = (y * portrait.width + x) * 3 + c;
        const value = portrait.data[i] as number;
        const dot = 1 - value / 255 > screen * 0.95 ? 40 + 30 * c : 246;
        // Ink spreads on paper: half dot pattern, half continuous tone.
        printed[i] = Math.round(dot * 0.5 + value * 0.5);
      }
    }
  const margin = Math.round(portrait.width * 0.12);
  const sheet = await fromRaw(printed, portrait.width, portrait.height)
    .blur(0.6)
    .extend({ top: margin, bottom: margin * 2, left: margin, right: margin, background: '#f4f2ec' })
    .png()
    .toBuffer();
  const photo = await degradeImage(
    sheet,
    {
      background: true,
      fill: 0.5,
      rotate: random.range(-6, 6),
      perspective: random.range(0.2, 0.45),
      noise: 3,
      jpegQuality: 92,
    },
    `print:${seed}`,
  );
  // A camera samples without a perfect low-pass filter: nearest-neighbour resampling keeps the aliasing.
  return sharp(photo.image)
    .resize(800, null, { kernel: 'nearest' })
    .modulate({ brightness: random.range(0.85, 1.1) })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The face shown on a phone/monitor screen (sub-pixel grid, black bezel, glare) and filmed again. */
export async function screenReplay(index: number, seed: number | string = 1): Promise<Buffer> {
  const random = new Random(`screen:${index}:${seed}`);
  const portrait = await rgb(await faceCapture(index, { seed: `screen:${seed}`, width: 360 }));
  // Each source pixel becomes a 3 × 3 cell: R, G, B stripes with a dark gap row (an LCD's sub-pixels).
  const scale = 3;
  const width = portrait.width * scale;
  const height = portrait.height * scale;
  const screen = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const source = ((Math.floor(y / scale) * portrait.width + Math.floor(x / scale)) *
        3) as number;
      const stripe = x % scale;
      const gap = y % scale === scale - 1 ? 0.82 : 1;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++)
        screen[i + c] = Math.round(
          (portrait.data[source + c] as number) * gap * (c === stripe ? 1 : 0.78),
        );
    }
  const bezel = Math.round(width * 0.06);
  const deviceWidth = width + 2 * bezel;
  const deviceHeight = height + 4 * bezel;
  // Reflected room light: a soft diagonal band across the upper corner of the glass.
  const glare =
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${deviceWidth}" height="${deviceHeight}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0.05" stop-color="#fff" stop-opacity="0"/><stop offset="0.16" stop-color="#fff" stop-opacity="0.55"/><stop offset="0.27" stop-color="#fff" stop-opacity="0"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/></svg>`);
  const device = await fromRaw(screen, width, height)
    .linear(1.35, 6)
    .extend({ top: bezel * 2, bottom: bezel * 2, left: bezel, right: bezel, background: '#0b0b0d' })
    .composite([{ input: glare, blend: 'screen' }])
    .png()
    .toBuffer();
  const photo = await degradeImage(
    device,
    {
      background: true,
      fill: 0.5,
      rotate: random.range(-5, 5),
      perspective: random.range(0.05, 0.25),
      noise: 4,
      jpegQuality: 92,
    },
    `screen:${seed}`,
  );
  // Lens blur, then the sensor's sampling (nearest: no anti-aliasing filter) and auto-exposure.
  return sharp(photo.image)
    .blur(0.8)
    .resize(900, null, { kernel: 'nearest' })
    .normalise()
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * The face as a photo print (no halftone: a continuous-tone inkjet or lab print) on matte paper,
 * held up to the camera: the print's narrower tonal range and flat, shadowless light (a picture
 * has no depth to shade), the paper's fibre texture and uneven sheen, and the white paper margin
 * around the picture, filmed in perspective with a hand-held camera's softness.
 */
export async function photoPrint(index: number, seed: number | string = 1): Promise<Buffer> {
  const random = new Random(`photo-print:${index}:${seed}`);
  const portrait = await rgb(await faceCapture(index, { seed: `print:${seed}`, width: 420 }));
  const { width, height } = portrait;
  const printed = Buffer.alloc(portrait.data.length);
  // Fibre texture: fine grain plus a few longer fibres; sheen: a slow gradient across the sheet.
  const fibres = Array.from({ length: 60 }, () => ({
    x: random.range(0, width),
    y: random.range(0, height),
    angle: random.range(0, Math.PI),
    length: random.range(6, 20),
  }));
  const fibreMap = new Float32Array(width * height);
  for (const fibre of fibres)
    for (let t = 0; t < fibre.length; t++) {
      const x = Math.round(fibre.x + Math.cos(fibre.angle) * t);
      const y = Math.round(fibre.y + Math.sin(fibre.angle) * t);
      if (x >= 0 && y >= 0 && x < width && y < height) fibreMap[y * width + x] = 1;
    }
  const sheenAngle = random.range(0, Math.PI * 2);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const grain = 1 + (random.next() - 0.5) * 0.09 - fibreMap[y * width + x]! * 0.05;
      const sheen =
        1 +
        0.06 * Math.cos(sheenAngle) * (x / width - 0.5) +
        0.06 * Math.sin(sheenAngle) * (y / height - 0.5);
      for (let c = 0; c < 3; c++) {
        const i = (y * width + x) * 3 + c;
        // Flat light and a print's tonal range: blacks lifted, highlights dulled, contrast squeezed.
        const flat = 38 + (portrait.data[i] as number) * 0.68;
        printed[i] = Math.max(0, Math.min(255, Math.round(flat * grain * sheen)));
      }
    }
  const margin = Math.round(width * 0.1);
  const sheet = await fromRaw(printed, width, height)
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#eeece6' })
    .png()
    .toBuffer();
  const photo = await degradeImage(
    sheet,
    {
      background: true,
      fill: 0.62,
      rotate: random.range(-4, 4),
      perspective: random.range(0.1, 0.3),
      blur: 0.7,
      noise: 3,
      jpegQuality: 90,
    },
    `photo-print:${seed}`,
  );
  return sharp(photo.image).resize(900).jpeg({ quality: 90 }).toBuffer();
}
