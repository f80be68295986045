/**
 * The selfie: face detection, landmarks and pose in the worker on live frames, coaching to centre
 * the face, then an active challenge (turn the head or blink) whose samples go to the service with
 * the 1–5 best full-resolution frames. Without the face models the person takes the selfie by
 * hand.
 */
import type { CaptureOrigin, SelfieCaptureMeta } from '../../../api/types.js';
import { randomChallenge, SelfieSession, type ChallengeType } from './liveness-challenge.js';
import { IdvQualityEvent } from '../../../events/index.js';
import { frameAfterFailedEncode } from '../../worker-bridge/worker-bridge.js';
import type { FaceFrameAnalysis, FaceIssue } from '../../../worker/types.js';
import type { SelfieFramePose } from '../../capture/capture-meta.js';
import { loadCaptureTools } from '../../capture/capture-tools.js';
import { encodeOnMainThread, nextFrame } from '../../capture/frames.js';
import {
  holdAnalysedFrame,
  keptBitmap,
  releaseAnalysedFrame,
  type AnalysedFrame,
} from '../../capture/analysed-frame.js';
import { keptFrameWidth, keptPerRole, maxSentFrames, selfieJpegQuality } from './meta.js';
import type { CaptureContext } from '../../capture/capture-context.js';

/** A full-resolution selfie frame kept for sending. */
interface KeptFrame {
  bitmap: ImageBitmap;
  score: number;
  role: 'frontal' | 'challenge' | 'reopened';
  face: FaceFrameAnalysis;
}

/**
 * Placeholder pose of a frame the worker could not measure (no face models, no face found). Never
 * sent: such a selfie goes with `frames: []`, which tells the service no pose was measured.
 */
const unmeasuredPose: Omit<SelfieFramePose, 'role'> = { yaw: 0, pitch: 0, eyeOpenness: 0.5 };

/** Captures and sends the selfie. */
export class SelfieCaptureController {
  constructor(private readonly capture: CaptureContext) {}

  /** The live challenge cannot run: the manual button where allowed, else another device. */
  private withoutLiveCheck(): void {
    const capture = this.capture;
    if (this.capture.withoutChallengeAllowed) {
      capture.view = {
        phase: 'live',
        coach: capture.flow.t.captureInstructions.selfie,
        manual: true,
      };
    } else {
      capture.showFaceCheckUnavailable();
    }
  }

  /** The coaching and challenge loop over live frames, until `loop` aborts. */
  async run(loop: AbortSignal): Promise<void> {
    const capture = this.capture;
    const flow = capture.flow;
    const t = flow.t;
    const bridge = flow.open?.bridge;
    if (!bridge) return;
    // Loaded while the document was photographed, the models are ready: the live coaching starts
    // at once. Otherwise the screen says it prepares the face check until they are.
    if (!bridge.faceDetectionReady) {
      capture.view = { phase: 'starting', coach: t.preparingFaceCheck };
      try {
        await bridge.prepareFaceDetection(flow.signal);
      } catch {
        if (loop.aborted) return;
        // Without the face models the element can neither coach nor run the challenge.
        this.withoutLiveCheck();
        return;
      }
    }
    const session = new SelfieSession({ challenge: randomChallenge() });
    const kept: KeptFrame[] = [];
    const challengeText: Record<ChallengeType, string> = {
      'turn-left': t.challengeTurnLeft,
      'turn-right': t.challengeTurnRight,
      blink: t.challengeBlink,
    };
    capture.view = { phase: 'live', coach: t.faceCoach['no-face'] };
    try {
      while (!loop.aborted && capture.camera) {
        const camera = capture.camera;
        // One frame held per iteration: the frame kept (at the width to send) is the one analysed.
        let frame: AnalysedFrame | undefined;
        let face: FaceFrameAnalysis;
        try {
          frame = await holdAnalysedFrame(camera, keptFrameWidth);
          face = await bridge.analyzeFaceFrame(
            frame.forAnalysis,
            flow.signal,
            session.faceFrameOptions,
          );
        } catch {
          // The analysis copy too: it was not transferred when the bridge failed before sending it.
          releaseAnalysedFrame(frame);
          if (loop.aborted) return;
          this.withoutLiveCheck();
          return;
        }
        if (loop.aborted) {
          releaseAnalysedFrame(frame);
          return;
        }
        flow.emit(new IdvQualityEvent({ kind: 'selfie', face }));
        const now = performance.now();
        const choice = session.observe(face, now);
        if (choice && worthKeeping(kept, choice.role, choice.score)) {
          const bitmap = await keptBitmap(frame);
          keepFrame(kept, { bitmap, score: choice.score, role: choice.role, face });
        } else {
          releaseAnalysedFrame(frame);
        }
        // The alignment and the challenge are both bounded: out of time, the frames go as they are.
        if (session.phase === 'done' || session.timedOut(now)) {
          capture.view = {
            phase: 'live',
            coach: session.passed ? t.challengeDone : t.holdStill,
            good: true,
          };
          await this.sendFrames(kept, session, now);
          return;
        }
        // A person who has not aligned for a while hears, steadily, what the analysis keeps finding.
        const hint = session.alignHint(now);
        capture.view = {
          phase: 'live',
          good: session.phase === 'challenge' || face.ok,
          coach:
            session.phase === 'challenge'
              ? challengeText[session.challenge]
              : face.ok
                ? t.holdStill
                : hint
                  ? t.faceHint[hint]
                  : t.faceCoach[face.issues[0] as FaceIssue],
        };
        await nextFrame();
      }
    } finally {
      // Sent (encoded, transferred) or abandoned: either way these bitmaps are done with.
      for (const frame of kept) frame.bitmap.close();
    }
  }

  /** The manual button: one frame, no challenge (offered only where the company allows it). */
  readonly takeManually = async (): Promise<void> => {
    const capture = this.capture;
    const camera = capture.camera;
    if (!camera || !this.capture.withoutChallengeAllowed) return;
    capture.endLoop();
    const bitmap = await camera.grabFrame({ width: keptFrameWidth });
    capture.stopCamera();
    await this.sendPhoto(await this.encode(bitmap), 'camera');
  };

  /**
   * Sends one photo without a challenge (the manual button, or the platform's own camera), with
   * its pose when the worker can measure it (`frames: []` otherwise: nothing is claimed).
   */
  async sendPhoto(blob: Blob, source: CaptureOrigin): Promise<void> {
    const flow = this.capture.flow;
    const bridge = flow.open?.bridge;
    let frames: SelfieFramePose[] = [];
    try {
      if (bridge) {
        await bridge.prepareFaceDetection(flow.signal);
        const face = await bridge.analyzeFaceFrame(await createImageBitmap(blob), flow.signal);
        if (face.faces > 0) {
          const { yaw, pitch, eyeOpenness } = face;
          frames = [{ role: 'frontal', yaw, pitch, eyeOpenness }];
        }
      }
    } catch {
      // No face models: the photo goes without a pose.
    }
    const { selfieMeta } = await loadCaptureTools();
    await this.send([blob], selfieMeta({ source, challenge: null, frames }));
  }

  /** Sends the selfie frames with their liveness signals. */
  async send(frames: Blob[], meta: SelfieCaptureMeta): Promise<void> {
    const capture = this.capture;
    const flow = capture.flow;
    const open = flow.open;
    if (!open) return;
    capture.view = { phase: 'sending', coach: flow.t.checking.selfie };
    try {
      const result = await open.client.uploadSelfie(frames, meta);
      capture.onResult('selfie', meta.source, result);
    } catch (error) {
      await capture.onFailure('selfie', error);
    }
  }

  private async sendFrames(kept: KeptFrame[], session: SelfieSession, now: number): Promise<void> {
    const capture = this.capture;
    const camera = capture.camera;
    capture.endLoop();
    // Nothing kept (no face measured): one plain frame goes, without a pose.
    const measured = kept.length > 0;
    if (!measured && camera) {
      const bitmap = await camera.grabFrame({ width: keptFrameWidth });
      kept.push({
        bitmap,
        score: 0,
        role: 'frontal',
        face: { ...unmeasuredPose } as FaceFrameAnalysis,
      });
    }
    capture.stopCamera();
    // In the order they were filmed, so the service can check it (a blink: eyes open, shut, open
    // again); the frontal frames, all filmed before the challenge, best first.
    const ordered = [
      ...kept.filter((f) => f.role === 'frontal').sort((a, b) => b.score - a.score),
      ...kept.filter((f) => f.role === 'challenge'),
      ...kept.filter((f) => f.role === 'reopened'),
    ].slice(0, maxSentFrames);
    const blobs: Blob[] = [];
    for (const frame of ordered) blobs.push(await this.encode(frame.bitmap));
    const { selfieMeta } = await loadCaptureTools();
    await this.send(
      blobs,
      selfieMeta({
        source: 'camera',
        challenge: {
          type: session.challenge,
          passed: session.passed,
          durationMs: session.durationMs(now),
          samples: session.samples,
        },
        frames: !measured
          ? []
          : ordered.map((f) => ({
              role: f.role === 'challenge' ? f.role : 'frontal',
              yaw: f.face.yaw,
              pitch: f.face.pitch,
              eyeOpenness: f.face.eyeOpenness,
            })),
      }),
    );
  }

  /**
   * Encodes a frame in the worker, or on the main thread when the worker cannot: with the frame's
   * own pixels, which the worker hands back when it took the frame and then failed.
   */
  private encode(bitmap: ImageBitmap): Promise<Blob> {
    const bridge = this.capture.flow.open?.bridge;
    if (!bridge) return encodeOnMainThread(bitmap, selfieJpegQuality);
    return bridge
      .encodeJpeg(bitmap, selfieJpegQuality)
      .catch((error: unknown) =>
        encodeOnMainThread(frameAfterFailedEncode(error, bitmap), selfieJpegQuality),
      );
  }
}

/** True when a frame of `role` and `score` would make the kept set better. */
function worthKeeping(kept: KeptFrame[], role: KeptFrame['role'], score: number): boolean {
  const same = kept.filter((f) => f.role === role);
  return same.length < keptPerRole[role] || same.some((f) => f.score < score);
}

/** Keeps `frame`, dropping (and closing) the worst of its role beyond the limit. */
function keepFrame(kept: KeptFrame[], frame: KeptFrame): void {
  kept.push(frame);
  const same = kept.filter((f) => f.role === frame.role).sort((a, b) => b.score - a.score);
  for (const extra of same.slice(keptPerRole[frame.role])) {
    extra.bitmap.close();
    kept.splice(kept.indexOf(extra), 1);
  }
}
