/**
 * The `meta` of a capture exactly as the flow API accepts it (`@idv/contract` `flow.ts`, validated
 * strictly: an unknown field, a wrong type or a value out of range is a 400). Built field by field
 * from the element's measurements, never by spreading them, with every number brought into the
 * server's range (a NaN of a failed measurement becomes the neutral value).
 */
import {
  MAX_SELFIE_FRAMES,
  SELFIE_CHALLENGE_MAX_MS,
  SELFIE_CHALLENGE_MAX_SAMPLES,
} from '@idv/contract/limits';
import type { DocumentCaptureMeta, LivenessSample, SelfieCaptureMeta } from '../../api/types.js';

const clamp = (value: number, min: number, max: number, fallback = 0): number =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
const unit = (value: number): number => clamp(value, 0, 1);
const degrees = (value: number): number => clamp(value, -180, 180);
const pixels = (value: number): number => Math.round(clamp(value, 1, 100_000, 1));

/** Longest challenge, and most samples, the server takes. */
const maxDurationMs = SELFIE_CHALLENGE_MAX_MS;
const maxSamples = SELFIE_CHALLENGE_MAX_SAMPLES;
/** Most frames per selfie. */
const maxFrames = MAX_SELFIE_FRAMES;

/** Document scores as the worker measures them (extra fields are dropped). */
interface DocumentScores {
  blur: number;
  brightness: number;
  glare: number;
  fill: number;
  score: number;
}

/** `meta` of a document side. */
export function documentMeta(input: {
  source: DocumentCaptureMeta['source'];
  quality: DocumentScores | null;
  width: number;
  height: number;
  autoCaptured: boolean;
}): DocumentCaptureMeta {
  const { quality } = input;
  return {
    source: input.source,
    quality: quality
      ? {
          blur: clamp(quality.blur, 0, 1e7),
          brightness: unit(quality.brightness),
          glare: unit(quality.glare),
          fill: unit(quality.fill),
          score: unit(quality.score),
        }
      : null,
    width: pixels(input.width),
    height: pixels(input.height),
    autoCaptured: input.autoCaptured,
  };
}

/** One sent selfie frame's pose, as the worker measured it. */
export interface SelfieFramePose {
  role: 'frontal' | 'challenge';
  yaw: number;
  pitch: number;
  eyeOpenness: number;
}

/**
 * `meta` of a selfie. `frames` describes every blob sent, in order, one entry each, or is empty
 * when no pose was measured (the server refuses any other count).
 */
export function selfieMeta(input: {
  source: SelfieCaptureMeta['source'];
  challenge: {
    type: 'turn-left' | 'turn-right' | 'blink';
    passed: boolean;
    durationMs: number;
    samples: readonly LivenessSample[];
  } | null;
  frames: readonly SelfieFramePose[];
}): SelfieCaptureMeta {
  const { challenge } = input;
  return {
    source: input.source,
    challenge: challenge
      ? {
          type: challenge.type,
          passed: challenge.passed,
          durationMs: Math.round(clamp(challenge.durationMs, 0, maxDurationMs)),
          samples: challenge.samples.slice(-maxSamples).map((sample) => ({
            t: clamp(sample.t, 0, maxDurationMs),
            yaw: degrees(sample.yaw),
            pitch: degrees(sample.pitch),
            roll: degrees(sample.roll),
            eyeOpenness: unit(sample.eyeOpenness),
          })),
        }
      : null,
    frames: input.frames.slice(0, maxFrames).map((frame) => ({
      role: frame.role,
      yaw: degrees(frame.yaw),
      pitch: degrees(frame.pitch),
      eyeOpenness: unit(frame.eyeOpenness),
    })),
  };
}
