import { analyzeBackImage } from './document/analyze-back.js';
import { analyzeFrontImage } from './document/analyze-front.js';
import { compareFaceImages } from './face/compare.js';
import { DEFAULT_IMAGE_LIMITS, type ImageLimits } from './image/decode.js';
import { loadFaceRecognition } from './models/face-recognition.js';
import { loadHuman } from './models/human.js';
import { loadOpenCv } from './models/opencv.js';
import { loadPaddleOcr } from './models/paddle-ocr.js';
import { closeMrzTesseract, loadMrzTesseract } from './models/tesseract.js';
import { loadZxing } from './models/zxing.js';
import { detectSpoofFrames } from './spoof/detect-spoof.js';
import type { AnalysisEngine } from './types.js';

/** Options of {@link createAnalysisEngine}. */
export interface AnalysisEngineOptions {
  /** Upload limits checked before decoding (defaults: 10 MB, 40 megapixels, 64 px minimum side). */
  limits?: Partial<ImageLimits>;
}

/** The in-process engine: the analyses plus model lifecycle. */
export interface LocalAnalysisEngine extends AnalysisEngine {
  /** Loads every model now (otherwise each loads on first use). Safe to call repeatedly. */
  warmUp(): Promise<void>;
  /** Stops background workers (tesseract) so that the process can exit. Models stay cached. */
  close(): Promise<void>;
}

/**
 * The three analyses in this process. Models are process-wide singletons: they load once (lazily on
 * first use, or all at once with `warmUp()`) and every engine of the process shares them.
 *
 * @example
 * ```ts
 * const engine = createAnalysisEngine();
 * await engine.warmUp();
 * const front = await engine.analyzeFront(jpegBytes);
 * ```
 */
export function createAnalysisEngine(options: AnalysisEngineOptions = {}): LocalAnalysisEngine {
  const limits: ImageLimits = { ...DEFAULT_IMAGE_LIMITS, ...options.limits };
  return {
    analyzeFront: (image) => analyzeFrontImage(image, limits),
    analyzeBack: (image, front) => analyzeBackImage(image, front, limits),
    compareFaces: (images) => compareFaceImages(images, limits),
    detectSpoof: (frames, signals) => detectSpoofFrames(frames, signals, limits),
    async warmUp() {
      await loadOpenCv();
      await loadZxing();
      await loadPaddleOcr();
      await loadHuman();
      await loadFaceRecognition();
      await loadMrzTesseract();
    },
    close: closeMrzTesseract,
  };
}
