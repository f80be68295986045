import type { SelfieCaptureMeta, SpoofAnalysis } from '@idv/contract';
import { describe, expect, it } from 'vitest';
import {
  challengeVerdictOf,
  judgeChallengeFrames,
  judgeLivenessEvidence,
} from './capture-decisions.js';

const meta = (overrides: Partial<SelfieCaptureMeta>): SelfieCaptureMeta => ({
  source: 'camera',
  challenge: { type: 'blink', passed: true, durationMs: 900, samples: [] },
  frames: [],
  ...overrides,
});

describe('liveness decisions', () => {
  it('requires a live challenge from the camera unless the company allows uploaded selfies', () => {
    expect(judgeLivenessEvidence(meta({}), false)).toBeUndefined();
    expect(judgeLivenessEvidence(meta({ source: 'native' }), false)).toBeUndefined();
    for (const withoutLiveness of [meta({ source: 'upload' }), meta({ challenge: null })]) {
      expect(judgeLivenessEvidence(withoutLiveness, false)?.code).toBe('LIVENESS_REQUIRED');
      expect(judgeLivenessEvidence(withoutLiveness, true)).toBeUndefined();
    }
  });

  it('judges the re-checked challenge: inconclusive is a retake, contradicted a spoof only where anti-spoofing runs', () => {
    for (const antiSpoofing of [true, false]) {
      expect(judgeChallengeFrames('confirmed', antiSpoofing)).toBeUndefined();
      expect(judgeChallengeFrames('absent', antiSpoofing)).toBeUndefined();
      expect(judgeChallengeFrames('inconclusive', antiSpoofing)?.code).toBe('LIVENESS_FAILED');
    }
    expect(judgeChallengeFrames('contradicted', true)?.code).toBe('SPOOF_DETECTED');
    expect(judgeChallengeFrames('contradicted', false)?.code).toBe('LIVENESS_FAILED');
  });

  it('reads the verdict of an older analysis service from its challenge signal', () => {
    const older = (score: number | null, challenges = 1) =>
      ({
        spoofing: false,
        score: 0,
        reason: null,
        signals: { challenge: { score, weight: 2, detail: { challenges } } },
      }) as unknown as SpoofAnalysis;
    expect(challengeVerdictOf(older(1))).toBe('contradicted');
    expect(challengeVerdictOf(older(0))).toBe('confirmed');
    expect(challengeVerdictOf(older(null))).toBe('inconclusive');
    expect(challengeVerdictOf(older(null, 0))).toBe('absent');
    expect(challengeVerdictOf({ ...older(1), challenge: 'confirmed' })).toBe('confirmed');
  });
});
