/**
 * The selfie's active challenge: once the face is well placed, the person is asked to turn the head
 * to one side or to blink; the samples of pose and eye openness go to the server with the frames,
 * which verifies them again on the frames: the peak of the challenge (the head turned furthest, the
 * eyes most closed) is kept as the `challenge` frame. Directions are the person's own: turning to their left moves the nose
 * towards the right of the unmirrored camera frame.
 */
import type { LivenessSample } from '../../../api/types.js';
import {
  FaceIssue,
  type FaceFrameAnalysis,
  type FaceFrameOptions,
  type FaceLandmarks,
} from '../../../worker/types.js';

/** The kinds of active challenge. */
export type ChallengeType = 'turn-left' | 'turn-right' | 'blink';

/** Phase of the selfie session. */
export type SelfiePhase = 'align' | 'challenge' | 'done';

/**
 * Offset of the nose from the middle of the eyes along the line through the eyes, in eye
 * distances: about 0 for a frontal face, positive when the nose points to the frame's right (the
 * person turned to their left). Along the eyes' line, not the frame's rows, so that a tilted head
 * does not mix the nose's drop below the eyes into it (the service measures it the same way).
 */
export function noseOffset(landmarks: FaceLandmarks): number {
  const { leftEye: a, rightEye: b, nose } = landmarks;
  // The eyes' line, pointing to the frame's right.
  const [ex, ey] = b.x >= a.x ? [b.x - a.x, b.y - a.y] : [a.x - b.x, a.y - b.y];
  const squared = ex * ex + ey * ey;
  return squared === 0
    ? 0
    : ((nose.x - (a.x + b.x) / 2) * ex + (nose.y - (a.y + b.y) / 2) * ey) / squared;
}

/**
 * The blink is measured against the person's own open eyes (the median openness of the aligned
 * frames), since the face mesh follows a closing eyelid only part of the way: eyes count as closed
 * at most `closedShare` of that baseline (the share at which the service re-verifies a blink on
 * the frames) and under `closedCeiling`, and as open again at `reopenedShare` of it.
 */
export const blinkRule = {
  closedShare: 0.6,
  closedCeiling: 0.7,
  reopenedShare: 0.85,
  /** A baseline below this (squinting, eyes hardly measured) is raised to it. */
  minBaseline: 0.3,
} as const;

/** Median of a non-empty list. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Time the alignment may take before the person is told, steadily, what keeps the face from being
 * aligned (ms): the moment the document capture offers its manual button.
 */
export const alignHintAfterMs = 8000;
/**
 * Longest alignment (ms): then the frames kept so far go as they are, challenge not passed, as when
 * the challenge itself runs out.
 */
export const alignTimeoutMs = 20000;
/** Longest challenge once it started (ms): then the frames kept go as they are. */
export const challengeTimeoutMs = 12000;
/** The hint names the issue most of the frames of this last stretch had (ms). */
const hintWindowMs = 2000;

/** A frame worth sending, chosen by the session. */
export interface FrameChoice {
  /**
   * `reopened`: the frame that ends a blink, eyes open again, sent after the challenge frame (as a
   * frontal one, the roles the service knows).
   */
  role: 'frontal' | 'challenge' | 'reopened';
  score: number;
}

/** Options of `SelfieSession`. */
export interface SelfieSessionOptions {
  challenge: ChallengeType;
  /** Good, centred frames needed before the challenge starts (ms). */
  alignMs?: number;
  /**
   * Change of the nose offset from the person's own frontal pose (the median of the aligned
   * frames), in the asked direction, that completes a head turn: by default 0.25 eye distances,
   * the change at which the service re-verifies the turn on the frames.
   */
  turnThreshold?: number;
  /** Alignment time before the hint (ms, default `alignHintAfterMs`). */
  alignHintAfterMs?: number;
  /** Longest alignment (ms, default `alignTimeoutMs`). */
  alignTimeoutMs?: number;
  /** Longest challenge (ms, default `challengeTimeoutMs`). */
  challengeTimeoutMs?: number;
}

/** Follows the selfie from alignment through the challenge. */
export class SelfieSession {
  phase: SelfiePhase = 'align';
  readonly challenge: ChallengeType;
  readonly samples: LivenessSample[] = [];
  private alignedSince: number | undefined;
  /** Time of the first frame: the alignment's start. */
  private alignStart: number | undefined;
  /** The first issue of each recent frame that was not aligned, oldest first. */
  private readonly recentIssues: { at: number; issue: FaceIssue }[] = [];
  private lastFrameOk = false;
  private challengeStart = 0;
  private challengeEnd = 0;
  /** The blink so far, in the order the frames came: eyes seen open, then closed. */
  private eyesOpenSeen = false;
  private eyesClosedSeen = false;
  /** Eye openness of the aligned frames, the blink's open-eye baseline. */
  private readonly alignedOpenness: number[] = [];
  private openBaseline = 1;
  /** Nose offsets of the aligned frames, the head turn's frontal baseline. */
  private readonly alignedNose: number[] = [];
  private noseBaseline = 0;
  private peak = 0;
  private readonly alignMs: number;
  private readonly turnThreshold: number;
  private readonly alignHintAfterMs: number;
  private readonly alignTimeoutMs: number;
  private readonly challengeTimeoutMs: number;

  constructor(options: SelfieSessionOptions) {
    this.challenge = options.challenge;
    this.alignMs = options.alignMs ?? 800;
    this.turnThreshold = options.turnThreshold ?? 0.25;
    this.alignHintAfterMs = options.alignHintAfterMs ?? alignHintAfterMs;
    this.alignTimeoutMs = options.alignTimeoutMs ?? alignTimeoutMs;
    this.challengeTimeoutMs = options.challengeTimeoutMs ?? challengeTimeoutMs;
  }

  /**
   * How the worker analyses this session's frames. A blink runs the face detector on every frame
   * (`tracking: false`), alignment included: on the frames where the mesh tracks the previous box
   * instead, the crop moves a little and the same open eyes read up to a quarter lower (0.87 for
   * 1.13 on one test face), so a baseline, a shut reading and a reopened reading taken on different
   * paths could miss a real blink. Each frame costs about half as much again (about 60 ms instead
   * of 40 ms on a 640-px frame in the test browser), for the few seconds of the session only. A head
   * turn keeps the tracking: its threshold is on the nose offset, not on the eyelids.
   */
  get faceFrameOptions(): FaceFrameOptions {
    return { tracking: this.challenge !== 'blink' };
  }

  /** Whether the challenge was completed. */
  get passed(): boolean {
    return this.phase === 'done';
  }

  /** Milliseconds the challenge took (or has taken so far). */
  durationMs(now: number): number {
    if (this.phase === 'align') return 0;
    return (this.phase === 'done' ? this.challengeEnd : now) - this.challengeStart;
  }

  /**
   * True once the phase under way has run out of time: the alignment after `alignTimeoutMs` from
   * the first frame, the challenge after `challengeTimeoutMs` from its start. The frames kept then
   * go as they are, the challenge not passed.
   */
  timedOut(now: number): boolean {
    if (this.phase === 'align') {
      return this.alignStart !== undefined && now - this.alignStart > this.alignTimeoutMs;
    }
    return this.phase === 'challenge' && now - this.challengeStart > this.challengeTimeoutMs;
  }

  /**
   * What keeps the face from being aligned, once the alignment has taken `alignHintAfterMs` and
   * the last frame was not aligned: the issue (as the analysis measured it) that most frames of the
   * last two seconds had first, the most important on a tie. `null` otherwise.
   */
  alignHint(now: number): FaceIssue | null {
    if (this.phase !== 'align' || this.lastFrameOk || this.alignStart === undefined) return null;
    if (now - this.alignStart < this.alignHintAfterMs) return null;
    const counts = new Map<FaceIssue, number>();
    for (const { at, issue } of this.recentIssues) {
      if (now - at <= hintWindowMs) counts.set(issue, (counts.get(issue) ?? 0) + 1);
    }
    let hint: FaceIssue | null = null;
    // Most important first (the order the analysis lists them in), so a tie goes to it.
    for (const issue of Object.values(FaceIssue)) {
      const count = counts.get(issue) ?? 0;
      if (count > 0 && (hint === null || count > counts.get(hint)!)) hint = issue;
    }
    return hint;
  }

  /**
   * Feeds one analysed frame; answers whether this frame is worth keeping (and as what), so the
   * caller grabs a full-resolution copy of it.
   */
  observe(face: FaceFrameAnalysis, now: number): FrameChoice | null {
    if (this.phase === 'align') {
      this.alignStart ??= now;
      this.lastFrameOk = face.ok;
      if (!face.ok) {
        this.noteIssue(face.issues[0], now);
        this.alignedSince = undefined;
        this.alignedOpenness.length = 0;
        this.alignedNose.length = 0;
        return null;
      }
      this.alignedSince ??= now;
      this.alignedOpenness.push(face.eyeOpenness);
      if (face.landmarks) this.alignedNose.push(noseOffset(face.landmarks));
      const frontal = 1 - Math.min(1, (Math.abs(face.yaw) + Math.abs(face.pitch)) / 40);
      const choice: FrameChoice = {
        role: 'frontal',
        score: face.confidence * frontal * (face.eyesOpen ? 1 : 0.5),
      };
      if (now - this.alignedSince >= this.alignMs) {
        this.phase = 'challenge';
        this.challengeStart = now;
        this.openBaseline = Math.max(blinkRule.minBaseline, median(this.alignedOpenness));
        // Eyes open on the last aligned frame count as the blink's first open frame.
        this.eyesOpenSeen = face.eyeOpenness >= this.openBaseline * blinkRule.reopenedShare;
        if (this.alignedNose.length > 0) this.noseBaseline = median(this.alignedNose);
      }
      return choice;
    }
    if (this.phase !== 'challenge' || face.faces !== 1 || !face.landmarks) return null;
    this.samples.push({
      t: Math.round(now - this.challengeStart),
      yaw: face.yaw,
      pitch: face.pitch,
      roll: face.roll,
      eyeOpenness: face.eyeOpenness,
    });
    if (this.samples.length > 120) this.samples.splice(0, this.samples.length - 120);
    if (this.challenge === 'blink') {
      const openness = face.eyeOpenness;
      const opened = openness >= this.openBaseline * blinkRule.reopenedShare;
      if (
        this.eyesOpenSeen &&
        openness <= this.openBaseline * blinkRule.closedShare &&
        openness < blinkRule.closedCeiling
      ) {
        this.eyesClosedSeen = true;
      } else if (opened && this.eyesClosedSeen) {
        this.complete(now);
        // The eyes open again after the blink: sent after the challenge frame, so the service
        // sees open, shut and open in the order they were filmed.
        return { role: 'reopened', score: openness };
      }
      this.eyesOpenSeen ||= opened;
      // The most closed eyes: the frame that shows the service the blink.
      return this.keepPeak(1 - openness);
    }
    // The turn from the person's own frontal pose (a nose off the middle of the eyes when facing
    // the camera is no turn), as the service re-checks it: from the frontal frame.
    const offset = noseOffset(face.landmarks) - this.noseBaseline;
    const toward = this.challenge === 'turn-left' ? offset : -offset;
    const choice = this.keepPeak(toward);
    if (choice && toward >= this.turnThreshold) this.complete(now);
    return choice;
  }

  /** Remembers the first issue of an unaligned frame, for the hint; forgets what is too old. */
  private noteIssue(issue: FaceIssue | undefined, now: number): void {
    if (issue) this.recentIssues.push({ at: now, issue });
    while (this.recentIssues.length > 0 && now - this.recentIssues[0]!.at > hintWindowMs) {
      this.recentIssues.shift();
    }
  }

  /**
   * The challenge frame is the one that shows the challenge best (the head turned furthest, the
   * eyes most closed): answers it as worth keeping when `value` beats every frame before it.
   */
  private keepPeak(value: number): FrameChoice | null {
    if (value <= this.peak) return null;
    this.peak = value;
    return { role: 'challenge', score: value };
  }

  private complete(now: number): void {
    this.phase = 'done';
    this.challengeEnd = now;
  }
}

/** Picks a challenge at random (crypto-strong, so it cannot be predicted by a replay). */
export function randomChallenge(): ChallengeType {
  const types: ChallengeType[] = ['turn-left', 'turn-right', 'blink'];
  const value = new Uint32Array(1);
  globalThis.crypto.getRandomValues(value);
  return types[value[0]! % types.length]!;
}
