/**
 * Turns the worker's per-frame document scores into coaching and the auto-capture decision: the
 * frame must be good, and the document must stay still, for `holdMs` in a row.
 */
import { documentHoldMs, stillTolerance } from './meta.js';
import type { DocumentFrameAnalysis, DocumentIssue, Quad } from '../../../worker/types.js';

/** What to tell the person now. */
export type DocumentAdvice =
  { kind: 'issue'; issue: DocumentIssue } | { kind: 'hold'; progress: number } | { kind: 'ready' };

/** Largest corner movement from `b` to `a`, relative to the diagonal of `a`. */
function quadMovement(a: Quad, b: Quad): number {
  let movement = 0;
  for (let i = 0; i < 4; i += 1) {
    movement = Math.max(movement, Math.hypot(a[i]!.x - b[i]!.x, a[i]!.y - b[i]!.y));
  }
  return movement / Math.hypot(a[2].x - a[0].x, a[2].y - a[0].y);
}

/** Accumulates frames until the document has been good and still for long enough. */
export class DocumentCoach {
  private goodSince: number | undefined;
  private previousQuad: Quad | null = null;

  constructor(private readonly holdMs = documentHoldMs) {}

  /** Feeds one analysed frame taken at `now` (ms) and answers the advice for it. */
  advise(analysis: DocumentFrameAnalysis, now: number): DocumentAdvice {
    const moved =
      analysis.documentQuad !== null &&
      this.previousQuad !== null &&
      quadMovement(analysis.documentQuad, this.previousQuad) > stillTolerance;
    this.previousQuad = analysis.documentQuad;
    if (!analysis.ok) {
      this.goodSince = undefined;
      return { kind: 'issue', issue: analysis.issues[0]! };
    }
    if (moved || this.goodSince === undefined) {
      this.goodSince = now;
      return { kind: 'hold', progress: 0 };
    }
    const held = now - this.goodSince;
    if (held >= this.holdMs) return { kind: 'ready' };
    return { kind: 'hold', progress: held / this.holdMs };
  }

  /** Starts over (after a retake). */
  reset(): void {
    this.goodSince = undefined;
    this.previousQuad = null;
  }
}
