/**
 * The capture worker (DESIGN §6): scores document and face frames and encodes JPEGs off the main
 * thread. Exposed with Comlink; the element derives its types from `WorkerApi`.
 *
 * Frames arrive transferred (`Comlink.transfer(bitmap, [bitmap])`) and are closed here once read;
 * a camera `VideoFrame` sent for analysis is scaled to the analysis size here, not on the main
 * thread;
 * encoded JPEG buffers are transferred back, and so is a frame that could not be encoded.
 */
import { expose, transfer } from 'comlink';
import {
  documentAnalysisWidth,
  scoreDocumentPixels,
} from '../internal/features/document/worker/document-quality.js';
import {
  detectFaces,
  loadFaceDetector,
  type FaceAssetLocation,
} from '../internal/features/selfie/worker/face-detector.js';
import { faceMetrics } from '../internal/features/selfie/worker/face-metrics.js';
import { encodeFrameAsJpeg } from './encode.js';
import { isImageData, readPixels } from './pixels.js';
import { frameTransferables } from './transferables.js';
import { analysable } from './video-frame.js';
import type {
  AnalysisInput,
  DocumentFrameAnalysis,
  EncodeAnswer,
  EncodedImage,
  FaceFrameAnalysis,
  FaceFrameOptions,
  FrameInput,
} from './types.js';

/** Companion files sit beside the bundled worker file (`dist/idv-verify.worker.js`). */
const assets: FaceAssetLocation = {
  modelBaseUrl: new URL('./models/', import.meta.url).href,
  wasmBaseUrl: new URL('./tfjs/', import.meta.url).href,
};

function release(frame: FrameInput): void {
  if (!isImageData(frame)) frame.close();
}

const api = {
  /** Read by the element to check that this worker is alive and answering. */
  ready: true as const,

  /** Scores a document frame: blur, brightness, glare, quadrilateral, fill. */
  async analyzeDocumentFrame(frame: AnalysisInput): Promise<DocumentFrameAnalysis> {
    const input = await analysable(frame);
    try {
      return scoreDocumentPixels(readPixels(input, documentAnalysisWidth));
    } finally {
      release(input);
    }
  },

  /** Detects faces, landmarks, pose and eye openness in a frame. */
  async analyzeFaceFrame(
    frame: AnalysisInput,
    options: FaceFrameOptions = {},
  ): Promise<FaceFrameAnalysis> {
    const input = await analysable(frame);
    try {
      return faceMetrics(await detectFaces(input, assets, options));
    } finally {
      release(input);
    }
  },

  /** Loads the face models ahead of the selfie step (optional; the first face frame would too). */
  async prepareFaceDetection(): Promise<void> {
    await loadFaceDetector(assets);
  },

  /**
   * Encodes a frame as JPEG; the buffer is transferred back. A frame this worker cannot encode (a
   * browser whose workers have no JPEG encoder) goes back to the element unharmed: it is the only
   * copy of those pixels, and the element encodes it itself.
   */
  async encodeJpeg(frame: FrameInput, quality = 0.9): Promise<EncodeAnswer> {
    let image: EncodedImage;
    try {
      image = await encodeFrameAsJpeg(frame, quality);
    } catch (error) {
      const answer: EncodeAnswer = { image: null, reason: String(error), frame };
      return transfer(answer, frameTransferables(frame));
    }
    release(frame);
    return transfer({ image }, [image.buffer]);
  },
};

/** The worker's API as the element sees it through Comlink. */
export type WorkerApi = typeof api;

expose(api);
