#!/usr/bin/env node
// Writes videos for Chromium's fake camera (`--use-file-for-fake-video-capture=FILE`):
//   document.y4m  a generated ID card (ImageMagick-drawn placeholder) on a desk, slightly moving;
//   face.y4m      one face cropped from @vladmandic/face-api's demo photo, slightly moving;
//   document.mjpeg the same document frames as concatenated JPEGs (the other format Chromium reads).
// Frames are 640×480 I420 (y4m `C420jpeg`, limited range), 15 fps. Nothing is committed: outputs go to
// .test-artifacts/fake-camera/ (or the directory given as the first argument).
// Later stage: `@idv/analysis/testing` will supply the document and face images instead.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2] ?? join(here, '..', '.test-artifacts', 'fake-camera');
const magick = '/usr/bin/convert';
const font = '/usr/share/fonts/opentype/ocr-b/OCRB.otf';
const width = 640;
const height = 480;
const frames = 30;

mkdirSync(out, { recursive: true });

/** Draws the placeholder ID card on a desk background, as a PNG file. */
function drawDocument(file) {
  const hasFont = existsSync(font);
  const text = (x, y, size, value) => [
    '-pointsize',
    String(size),
    '-annotate',
    `+${x}+${y}`,
    value,
  ];
  execFileSync(magick, [
    '-size',
    `${width}x${height}`,
    'plasma:#5a4a3c-#3b3129',
    '-blur',
    '0x2',
    '-modulate',
    '70,20',
    '(',
    '-size',
    '420x265',
    'xc:none',
    '-fill',
    '#f4f1e8',
    '-draw',
    'roundrectangle 0,0 419,264 16,16',
    ')',
    '-geometry',
    '+110+108',
    '-composite',
    '-fill',
    '#1e4fa8',
    '-draw',
    'rectangle 110,108 529,146',
    '-fill',
    '#c9c2b2',
    '-draw',
    'rectangle 130,162 230,292',
    '-fill',
    '#8c8272',
    '-draw',
    'circle 180,205 180,180',
    '-draw',
    'ellipse 180,280 42,34 180,360',
    ...(hasFont ? ['-font', font] : []),
    '-fill',
    '#ffffff',
    ...text(126, 134, 20, 'IDENTITY CARD'),
    '-fill',
    '#222222',
    ...text(250, 180, 15, 'SURNAME  DOE'),
    ...text(250, 205, 15, 'GIVEN NAMES  JANE'),
    ...text(250, 230, 15, 'BORN  1990-04-12'),
    ...text(250, 255, 15, 'EXPIRES  2031-01-01'),
    ...text(126, 325, 14, 'IDUTOD23456781<<<<<<<<<<<<<<<'),
    ...text(126, 345, 14, '9004126F3101017UTO<<<<<<<<<<<6'),
    '-depth',
    '8',
    file,
  ]);
}

/** Crops one face of the face-api demo photo onto a plain background, as a PNG file. */
function drawFace(file) {
  const require = createRequire(import.meta.url);
  const faceApiRoot = dirname(dirname(require.resolve('@vladmandic/face-api')));
  const sample = join(faceApiRoot, 'demo', 'sample6.jpg');
  execFileSync(magick, [
    sample,
    '-crop',
    '400x440+555+250',
    '+repage',
    '-resize',
    '360x396',
    '(',
    '-size',
    `${width}x${height}`,
    'xc:#d8d4cc',
    ')',
    '+swap',
    '-gravity',
    'center',
    '-composite',
    '-depth',
    '8',
    file,
  ]);
}

/** RGB bytes of a PNG, shifted by (dx, dy) pixels. */
function rgbFrame(png, dx, dy) {
  return execFileSync(
    magick,
    [png, '-page', `+${dx}+${dy}`, '-background', '#000000', '-flatten', '-depth', '8', 'rgb:-'],
    {
      maxBuffer: width * height * 4,
    },
  );
}

/** Converts RGB24 to planar I420, BT.601 limited range (Y 16–235), which Chromium's y4m reader expects. */
function toI420(rgb) {
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  for (let j = 0; j < height; j += 1) {
    for (let i = 0; i < width; i += 1) {
      const p = (j * width + i) * 3;
      y[j * width + i] = Math.round(
        16 + (219 / 255) * (0.299 * rgb[p] + 0.587 * rgb[p + 1] + 0.114 * rgb[p + 2]),
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
      ]) {
        const p = ((j + dj) * width + i + di) * 3;
        r += rgb[p];
        g += rgb[p + 1];
        b += rgb[p + 2];
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const k = (j / 2) * (width / 2) + i / 2;
      u[k] = Math.round(128 + (224 / 255) * (-0.168736 * r - 0.331264 * g + 0.5 * b));
      v[k] = Math.round(128 + (224 / 255) * (0.5 * r - 0.418688 * g - 0.081312 * b));
    }
  }
  return Buffer.concat([y, u, v]);
}

/** Writes a y4m (and optionally an mjpeg) of a gently moving still image. */
function writeVideo(png, name, mjpeg) {
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F15:1 Ip A1:1 C420jpeg\n`);
  const parts = [header];
  const jpegs = [];
  for (let f = 0; f < frames; f += 1) {
    // A hand never holds perfectly still: a one-pixel sway.
    const dx = Math.round(Math.sin((f / frames) * 2 * Math.PI));
    const rgb = rgbFrame(png, dx, 0);
    parts.push(Buffer.from('FRAME\n'), toI420(rgb));
    if (mjpeg && f % 3 === 0) {
      jpegs.push(
        execFileSync(magick, ['-size', `${width}x${height}`, '-depth', '8', 'rgb:-', 'jpeg:-'], {
          input: rgb,
        }),
      );
    }
  }
  writeFileSync(join(out, `${name}.y4m`), Buffer.concat(parts));
  if (mjpeg) writeFileSync(join(out, `${name}.mjpeg`), Buffer.concat(jpegs));
}

const documentPng = join(out, 'document.png');
const facePng = join(out, 'face.png');
drawDocument(documentPng);
drawFace(facePng);
writeVideo(documentPng, 'document', true);
writeVideo(facePng, 'face', false);
console.log(`fake camera videos written to ${out}`);
