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
import { y4mVideo } from '@idv/analysis/testing';

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

/** Writes a y4m (and optionally an mjpeg) of a gently moving still image. */
function writeVideo(png, name, mjpeg) {
  const video = [];
  const jpegs = [];
  for (let f = 0; f < frames; f += 1) {
    // A hand never holds perfectly still: a one-pixel sway.
    const dx = Math.round(Math.sin((f / frames) * 2 * Math.PI));
    const rgb = rgbFrame(png, dx, 0);
    video.push({ data: rgb, width, height });
    if (mjpeg && f % 3 === 0) {
      jpegs.push(
        execFileSync(magick, ['-size', `${width}x${height}`, '-depth', '8', 'rgb:-', 'jpeg:-'], {
          input: rgb,
        }),
      );
    }
  }
  writeFileSync(join(out, `${name}.y4m`), y4mVideo(video, 15));
  if (mjpeg) writeFileSync(join(out, `${name}.mjpeg`), Buffer.concat(jpegs));
}

const documentPng = join(out, 'document.png');
const facePng = join(out, 'face.png');
drawDocument(documentPng);
drawFace(facePng);
writeVideo(documentPng, 'document', true);
writeVideo(facePng, 'face', false);
console.log(`fake camera videos written to ${out}`);
