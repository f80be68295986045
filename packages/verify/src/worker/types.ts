/**
 * Types shared by the capture worker and the element. The worker answers plain, structured-clone
 * friendly objects; frames travel as transferables (`ImageBitmap` or an `ImageData`'s buffer).
 */

/** A point in normalized frame coordinates: `x` and `y` run from 0 (left/top) to 1 (right/bottom). */
export interface Point {
  x: number;
  y: number;
}

/** The four corners of a detected document, clockwise from the top-left corner. */
export type Quad = [Point, Point, Point, Point];

/** A frame as the worker accepts it: a transferred `ImageBitmap` or raw RGBA pixels. */
export type FrameInput = ImageBitmap | ImageData;

/**
 * A frame as the analyses accept it: also a camera `VideoFrame` at full resolution, which the
 * worker scales to its analysis size itself (and closes).
 */
export type AnalysisInput = FrameInput | VideoFrame;

/** Why a document frame is not good enough yet, in the order the element coaches them. */
export const DocumentIssue = {
  noDocument: 'no-document',
  tooFar: 'too-far',
  tooClose: 'too-close',
  tooDark: 'too-dark',
  tooBright: 'too-bright',
  glare: 'glare',
  blurry: 'blurry',
} as const;
export type DocumentIssue = (typeof DocumentIssue)[keyof typeof DocumentIssue];

/** Scores of one document frame (DESIGN §6 `analyzeDocumentFrame`). */
export interface DocumentFrameAnalysis {
  /** Variance of the Laplacian over the document area (analysis scale 320 px wide); higher is sharper. */
  blur: number;
  /** Mean luma of the document area, 0 (black) to 1 (white). */
  brightness: number;
  /** Share of the document area, 0 to 1, covered by saturated highlights. */
  glare: number;
  /** The document's corners, or `null` when no document edge was found. */
  documentQuad: Quad | null;
  /** Area of the quadrilateral over the frame's area, 0 to 1 (0 without a quad). */
  fill: number;
  /** Overall quality, 0 to 1. */
  score: number;
  /** True when no issue remains: the frame is good enough to keep. */
  ok: boolean;
  /** What is wrong, most important first; empty when `ok`. */
  issues: DocumentIssue[];
}

/** Thresholds of the document analysis (Squoosh's `meta.ts` habit: options with defaults). */
export interface DocumentQualityOptions {
  /** Minimum Laplacian variance of a sharp frame. */
  minSharpness: number;
  /** Mean luma bounds (0–1). */
  minBrightness: number;
  maxBrightness: number;
  /** Largest acceptable share of saturated highlights in the document area. */
  maxGlare: number;
  /** Fill bounds: below is "move closer", above is "too close". */
  minFill: number;
  maxFill: number;
}

/** Default thresholds, calibrated on generated documents at 640×480. */
export const defaultDocumentQualityOptions: DocumentQualityOptions = {
  minSharpness: 90,
  minBrightness: 0.22,
  maxBrightness: 0.93,
  maxGlare: 0.015,
  minFill: 0.3,
  maxFill: 0.9,
};

/** Why a face frame is not good enough yet. */
export const FaceIssue = {
  noFace: 'no-face',
  multipleFaces: 'multiple-faces',
  tooFar: 'too-far',
  tooClose: 'too-close',
  offCenter: 'off-center',
  turned: 'turned',
} as const;
export type FaceIssue = (typeof FaceIssue)[keyof typeof FaceIssue];

/**
 * Landmarks the element needs, in normalized frame coordinates. Left and right are as seen in the
 * (unmirrored) frame: `leftEye` is the eye on the image's left, the person's right eye.
 */
export interface FaceLandmarks {
  leftEye: Point;
  rightEye: Point;
  nose: Point;
  mouthLeft: Point;
  mouthRight: Point;
  chin: Point;
}

/** Scores of one face frame (DESIGN §6 `analyzeFaceFrame`). */
export interface FaceFrameAnalysis {
  /** Number of faces detected. */
  faces: number;
  /** Box of the main face in normalized coordinates, or `null` without a face. */
  box: { x: number; y: number; width: number; height: number } | null;
  /** Key landmarks of the main face, or `null`. */
  landmarks: FaceLandmarks | null;
  /** Head pose of the main face in degrees (yaw > 0: the person turned to their left). */
  yaw: number;
  pitch: number;
  roll: number;
  /** Whether both eyes are open. */
  eyesOpen: boolean;
  /**
   * Eye openness, mean of both eyes: 0 shut, 1 a typical open eye, above 1 for wider eyes (never
   * capped: the blink is judged against the person's own open eyes). Feeds the blink challenge;
   * the upload's `meta` clamps it to 0–1.
   */
  eyeOpenness: number;
  /** Detector confidence of the main face, 0 to 1. */
  confidence: number;
  /** True when exactly one well-placed, frontal face is present. */
  ok: boolean;
  /** What is wrong, most important first. */
  issues: FaceIssue[];
}

/** How `analyzeFaceFrame` finds the face. */
export interface FaceFrameOptions {
  /**
   * True (the default): between detector runs the mesh tracks the box of the previous frame.
   * False: the detector runs on this frame.
   */
  tracking?: boolean;
}

/** A JPEG encoded by the worker; `buffer` is transferred back. */
export interface EncodedImage {
  buffer: ArrayBuffer;
  type: 'image/jpeg';
  width: number;
  height: number;
}

/**
 * The worker's answer to `encodeJpeg`: the JPEG, or, when the worker could not encode the frame,
 * the reason and the frame itself handed back (transferred, pixels intact), so the element can
 * encode those very pixels on its own thread.
 */
export type EncodeAnswer =
  { image: EncodedImage } | { image: null; reason: string; frame: FrameInput };
