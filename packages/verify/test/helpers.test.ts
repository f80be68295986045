import { expect } from '@open-wc/testing';
import {
  faceMetrics,
  eyeOpenness,
  type DetectedFace,
} from '../dist/internal/features/selfie/worker/face-metrics.js';
import {
  alignHintAfterMs,
  alignTimeoutMs,
  challengeTimeoutMs,
  noseOffset,
  SelfieSession,
} from '../dist/internal/features/selfie/liveness-challenge.js';
import { describeDevice } from '../dist/internal/device/device-info.js';
import { compareVersions, matchGate } from '../dist/internal/device/gate.js';
import {
  deviceFixReport,
  noFixReport,
  inferFixSource,
} from '../dist/internal/features/location/geolocation-report.js';
import {
  resolveBranding,
  safeUrl,
  readableOn,
} from '../dist/internal/features/session/branding.js';
import { qrPath } from '../dist/qr-path.js';
import { linkIdFromUrl, resolveApiBase } from '../dist/internal/features/session/link.js';
import { languageFor, loadTranslation } from '../dist/i18n/localize.js';
import { en } from '../dist/i18n/en.js';
import type { FlowCompany } from '../dist/api/types.js';

/** A 468-point mesh with a frontal face: eyes open, nose centred, in a box at (x, y, size). */
function mesh(
  options: { x?: number; y?: number; size?: number; lid?: number; nose?: number } = {},
): number[][] {
  const { x = 0.35, y = 0.3, size = 0.3, lid = 0.3, nose = 0 } = options;
  const points = Array.from({ length: 468 }, () => [x + size / 2, y + size / 2, 0]);
  const eyeWidth = size * 0.2;
  const set = (i: number, px: number, py: number): void => {
    points[i] = [x + px * size, y + py * size, 0];
  };
  // Eye on the image's left (33 outer, 133 inner, 159 upper, 145 lower) and right (362, 263, 386, 374).
  set(33, 0.15, 0.4);
  set(133, 0.35, 0.4);
  set(159, 0.25, 0.4 - (lid * eyeWidth) / size / 2);
  set(145, 0.25, 0.4 + (lid * eyeWidth) / size / 2);
  set(362, 0.65, 0.4);
  set(263, 0.85, 0.4);
  set(386, 0.75, 0.4 - (lid * eyeWidth) / size / 2);
  set(374, 0.75, 0.4 + (lid * eyeWidth) / size / 2);
  set(1, 0.5 + nose * 0.7, 0.6);
  set(61, 0.35, 0.78);
  set(291, 0.65, 0.78);
  set(152, 0.5, 0.98);
  return points;
}

/**
 * The same face seen in a frame of another shape (width over height `aspect`): pixel proportions
 * kept, x normalized by the wider (or narrower) frame, centred as before.
 */
function inFrame(points: number[][], aspect: number): number[][] {
  return points.map(([x = 0, y = 0, z = 0]) => [0.5 + (x - 0.5) / aspect, y, z]);
}

function face(
  options: Parameters<typeof mesh>[0] & { score?: number; yaw?: number; aspect?: number } = {},
): DetectedFace {
  const { x = 0.35, y = 0.3, size = 0.3, aspect = 1 } = options;
  return {
    score: options.score ?? 0.95,
    boxRaw: [0.5 + (x - 0.5) / aspect, y, size / aspect, size],
    meshRaw: inFrame(mesh(options), aspect),
    rotation: { angle: { roll: 0, yaw: ((options.yaw ?? 0) * Math.PI) / 180, pitch: 0 } },
    frameAspect: aspect,
  };
}

/** Eyelid gap (eye aspect ratio) that reads as `openness`. */
const lidFor = (openness: number): number => 0.1 + 0.2 * openness;

describe('face metrics (pure)', () => {
  it('accepts one centred frontal face with open eyes', () => {
    const analysis = faceMetrics([face()]);
    expect(analysis.ok).to.equal(true);
    expect(analysis.faces).to.equal(1);
    expect(analysis.eyesOpen).to.equal(true);
    expect(analysis.landmarks!.nose.x).to.be.closeTo(0.5, 0.01);
  });

  it('coaches: no face, two faces, too far, off centre, turned', () => {
    expect(faceMetrics([]).issues).to.deep.equal(['no-face']);
    expect(faceMetrics([face(), face({ x: 0.05, size: 0.2 })]).issues).to.include('multiple-faces');
    expect(faceMetrics([face({ x: 0.45, y: 0.45, size: 0.1 })]).issues).to.include('too-far');
    expect(faceMetrics([face({ x: 0.02 })]).issues).to.include('off-center');
    expect(faceMetrics([face({ yaw: 30 })]).issues).to.include('turned');
    expect(faceMetrics([face({ score: 0.2 })]).faces).to.equal(0);
  });

  it('measures eye openness from the eyelids', () => {
    expect(eyeOpenness(mesh({ lid: 0.32 }))).to.be.above(0.9);
    expect(eyeOpenness(mesh({ lid: 0.08 }))).to.equal(0);
  });

  it('measures the same eye openness in landscape and portrait frames', () => {
    for (const lid of [0.15, 0.2, 0.24]) {
      const square = eyeOpenness(mesh({ lid }));
      const landscape = eyeOpenness(inFrame(mesh({ lid }), 4 / 3), 4 / 3);
      const portrait = eyeOpenness(inFrame(mesh({ lid }), 3 / 4), 3 / 4);
      expect(landscape, `landscape, lid ${lid}`).to.be.closeTo(square, 1e-9);
      expect(portrait, `portrait, lid ${lid}`).to.be.closeTo(square, 1e-9);
      // Read without the frame's shape, the landscape eye looks a third more open.
      expect(eyeOpenness(inFrame(mesh({ lid }), 4 / 3))).to.be.above(square + 0.1);
    }
    const landscape = faceMetrics([face({ lid: 0.2, aspect: 4 / 3 })]);
    const portrait = faceMetrics([face({ lid: 0.2, aspect: 3 / 4 })]);
    expect(landscape.eyeOpenness).to.be.closeTo(0.5, 0.001);
    expect(portrait.eyeOpenness).to.be.closeTo(0.5, 0.001);
    expect(landscape.eyesOpen).to.equal(true);
    expect(faceMetrics([face({ lid: lidFor(0.3), aspect: 4 / 3 })]).eyesOpen).to.equal(false);
  });
});

describe('SelfieSession (active challenge)', () => {
  it('moves from alignment to a head turn and completes when the nose turns the asked way', () => {
    const session = new SelfieSession({ challenge: 'turn-left', alignMs: 200 });
    expect(session.observe(faceMetrics([face()]), 0)?.role).to.equal('frontal');
    session.observe(faceMetrics([face()]), 250);
    expect(session.phase).to.equal('challenge');
    // Turning right (nose to the frame's left) does not count for a left turn.
    session.observe(faceMetrics([face({ nose: -0.4 })]), 400);
    expect(session.phase).to.equal('challenge');
    const choice = session.observe(faceMetrics([face({ nose: 0.5 })]), 600);
    expect(choice?.role).to.equal('challenge');
    expect(session.passed).to.equal(true);
    expect(session.samples.length).to.equal(2);
    expect(session.durationMs(900)).to.equal(350);
    expect(noseOffset(faceMetrics([face({ nose: 0.5 })]).landmarks!)).to.be.above(0.35);
  });

  it('completes a blink: eyes closed, then open again', () => {
    const session = new SelfieSession({ challenge: 'blink', alignMs: 0 });
    session.observe(faceMetrics([face()]), 0);
    session.observe(faceMetrics([face()]), 10);
    session.observe(faceMetrics([face({ lid: 0.05 })]), 100);
    expect(session.passed).to.equal(false);
    session.observe(faceMetrics([face()]), 200);
    expect(session.passed).to.equal(true);
  });

  it('takes no blink from eyes shut first and then opened (open, shut, open again, in that order)', () => {
    // Aligned with the eyes shut, the challenge starts shut: opening them is no blink.
    const session = new SelfieSession({ challenge: 'blink', alignMs: 0 });
    session.observe(faceMetrics([face({ lid: 0.05 })]), 0);
    session.observe(faceMetrics([face({ lid: 0.05 })]), 10);
    session.observe(faceMetrics([face({ lid: 0.05 })]), 100);
    session.observe(faceMetrics([face()]), 200);
    expect(session.passed).to.equal(false);
    // Then a real blink: shut, open again.
    session.observe(faceMetrics([face({ lid: 0.05 })]), 300);
    session.observe(faceMetrics([face()]), 400);
    expect(session.passed).to.equal(true);
  });

  it("measures a head turn from the person's own frontal pose, not from the frame's middle", () => {
    // A face whose nose sits 0.4 eye distances to the frame's right when it faces the camera.
    const offCentre = faceMetrics([face({ nose: 0.4 })]);
    expect(noseOffset(offCentre.landmarks!)).to.be.above(0.35);
    const left = new SelfieSession({ challenge: 'turn-left', alignMs: 0 });
    left.observe(offCentre, 0);
    left.observe(offCentre, 100);
    expect(left.passed, 'no turn at all').to.equal(false);
    left.observe(faceMetrics([face({ nose: 0.95 })]), 200);
    expect(left.passed, 'turned left from its own frontal pose').to.equal(true);
    const right = new SelfieSession({ challenge: 'turn-right', alignMs: 0 });
    right.observe(offCentre, 0);
    // Back to the frame's middle is a turn to the right of 0.4 for this face.
    right.observe(faceMetrics([face({ nose: 0 })]), 100);
    expect(right.passed).to.equal(true);
  });

  it('reads the nose offset along the eyes’ line, so a tilted head facing the camera reads frontal', () => {
    // Eyes 0.2 apart on a line tilted 45°, the nose 0.12 below their middle, square to that line.
    const tilt = Math.PI / 4;
    const [cx, cy] = [0.5, 0.4];
    const along = (d: number) => ({ x: cx + d * Math.cos(tilt), y: cy + d * Math.sin(tilt) });
    const landmarks = {
      leftEye: along(-0.1),
      rightEye: along(0.1),
      nose: { x: cx - 0.12 * Math.sin(tilt), y: cy + 0.12 * Math.cos(tilt) },
      mouthLeft: along(-0.05),
      mouthRight: along(0.05),
      chin: { x: cx, y: cy + 0.3 },
    };
    expect(noseOffset(landmarks)).to.be.closeTo(0, 1e-9);
    // Turned: the nose 0.06 along the eyes' line towards the frame's right, 0.3 eye distances.
    landmarks.nose = {
      x: landmarks.nose.x + 0.06 * Math.cos(tilt),
      y: landmarks.nose.y + 0.06 * Math.sin(tilt),
    };
    expect(noseOffset(landmarks)).to.be.closeTo(0.3, 1e-9);
  });

  it('keeps the most closed eyes of a blink as the challenge frame, for the service to verify', () => {
    const session = new SelfieSession({ challenge: 'blink', alignMs: 0 });
    session.observe(faceMetrics([face()]), 0);
    session.observe(faceMetrics([face()]), 10);
    const open = faceMetrics([face()]).eyeOpenness;
    const kept: { role: string; openness: number }[] = [];
    for (const [t, lid] of [
      [50, 0.3],
      [100, 0.12],
      [150, 0.03],
      [200, 0.12],
      [250, 0.3],
    ] as const) {
      const metrics = faceMetrics([face({ lid })]);
      const choice = session.observe(metrics, t);
      if (choice) kept.push({ role: choice.role, openness: metrics.eyeOpenness });
    }
    expect(session.passed).to.equal(true);
    // The frame that ends the blink, eyes open again, is kept to go after the challenge frame.
    expect(kept.at(-1)!.role).to.equal('reopened');
    const last = kept.filter((k) => k.role === 'challenge').at(-1)!;
    // What packages/analysis re-verifies: a frame with eyes at most 0.6 of the open ones.
    expect(last.openness).to.be.at.most(open * 0.6);
    expect(last.openness).to.equal(Math.min(...kept.map((k) => k.openness)));
  });
});

describe('SelfieSession bounds (the clock is the `now` fed with each frame)', () => {
  const noFace = faceMetrics([]);
  const tooFar = faceMetrics([face({ x: 0.45, y: 0.45, size: 0.1 })]);
  const twoFaces = faceMetrics([face(), face({ x: 0.05, size: 0.2 })]);
  const aligned = faceMetrics([face()]);

  it('tells, after a while without alignment, the issue the analysis keeps finding', () => {
    expect(tooFar.issues[0]).to.equal('too-far');
    const session = new SelfieSession({ challenge: 'blink' });
    let t = 0;
    // No face for a while, then a face too far away, seen as no face one frame in four.
    for (; t < alignHintAfterMs - 1500; t += 100) session.observe(noFace, t);
    for (let i = 0; t < alignHintAfterMs; t += 100, i += 1) {
      session.observe(i % 4 === 3 ? noFace : tooFar, t);
      expect(session.alignHint(t), 'no hint before its time').to.equal(null);
    }
    session.observe(tooFar, t);
    expect(session.alignHint(t), 'what most recent frames had').to.equal('too-far');
    session.observe(aligned, t + 100);
    expect(session.alignHint(t + 100), 'none while the face is aligned').to.equal(null);
    session.observe(twoFaces, t + 200);
    expect(session.alignHint(t + 200), 'still the most frequent').to.equal('too-far');
    // Two seconds later only the recent frames count: as many no-face as two-face frames, and
    // a tie goes to the issue the analysis puts first.
    for (let i = 0, u = t + 2300; i < 6; i += 1, u += 100) {
      session.observe(i % 2 ? twoFaces : noFace, u);
    }
    expect(session.alignHint(t + 2800)).to.equal('no-face');
    expect(session.phase).to.equal('align');
  });

  it('ends an alignment that never succeeds as a challenge that runs out: frames go, not passed', () => {
    const session = new SelfieSession({ challenge: 'turn-left' });
    session.observe(noFace, 1000);
    expect(session.timedOut(1000 + alignTimeoutMs), 'at the limit').to.equal(false);
    session.observe(noFace, 1000 + alignTimeoutMs + 1);
    expect(session.timedOut(1000 + alignTimeoutMs + 1), 'past the limit').to.equal(true);
    expect(session.passed).to.equal(false);
    expect(session.durationMs(1000 + alignTimeoutMs + 1)).to.equal(0);
    expect(session.samples).to.deep.equal([]);

    // The challenge keeps its own bound, from its start.
    const challenged = new SelfieSession({ challenge: 'turn-left', alignMs: 0 });
    challenged.observe(aligned, 0);
    expect(challenged.phase).to.equal('challenge');
    expect(challenged.timedOut(challengeTimeoutMs)).to.equal(false);
    expect(challenged.timedOut(challengeTimeoutMs + 1)).to.equal(true);
  });

  it('takes its durations as options', () => {
    const session = new SelfieSession({
      challenge: 'blink',
      alignHintAfterMs: 300,
      alignTimeoutMs: 600,
      challengeTimeoutMs: 50,
    });
    session.observe(twoFaces, 0);
    session.observe(twoFaces, 300);
    expect(session.alignHint(300)).to.equal('multiple-faces');
    expect(session.timedOut(601)).to.equal(true);
    const challenged = new SelfieSession({
      challenge: 'blink',
      alignMs: 0,
      challengeTimeoutMs: 50,
    });
    challenged.observe(aligned, 0);
    expect(challenged.timedOut(51)).to.equal(true);
  });
});

describe('SelfieSession blink, relative to the open-eye baseline', () => {
  /** Runs a blink session: aligned frames at `open`, then the challenge frames' openness. */
  function blinkSession(aspect: number, open: number, challenge: number[]): SelfieSession {
    const session = new SelfieSession({ challenge: 'blink', alignMs: 100 });
    let t = 0;
    for (let i = 0; i < 5; i += 1, t += 33) {
      session.observe(faceMetrics([face({ lid: lidFor(open), aspect })]), t);
    }
    expect(session.phase).to.equal('challenge');
    for (const openness of challenge) {
      session.observe(faceMetrics([face({ lid: lidFor(openness), aspect })]), (t += 33));
    }
    return session;
  }

  for (const [name, aspect] of [
    ['landscape 640×480', 4 / 3],
    ['portrait 480×640', 3 / 4],
  ] as const) {
    it(`passes a weak blink (open 1.0, closed 0.55) in a ${name} frame`, () => {
      const session = blinkSession(aspect, 1, [1, 0.8, 0.55, 0.8, 1]);
      expect(session.passed).to.equal(true);
      const closest = Math.min(...session.samples.map((s) => s.eyeOpenness));
      // What packages/analysis re-verifies: a frame with eyes at most 0.6 of the open ones.
      expect(closest).to.be.at.most(1 * 0.6);
    });

    it(`does not pass eyes that only flicker (±0.1) in a ${name} frame`, () => {
      const noise = Array.from({ length: 60 }, (_, i) => 0.8 + 0.1 * Math.sin(i * 1.7));
      const session = blinkSession(aspect, 0.8, noise);
      expect(session.passed).to.equal(false);
    });
  }

  it('needs the eyes to reopen to most of the baseline', () => {
    const session = blinkSession(4 / 3, 0.9, [0.5, 0.7]);
    expect(session.passed).to.equal(false);
    session.observe(faceMetrics([face({ lid: lidFor(0.8), aspect: 4 / 3 })]), 1000);
    expect(session.passed).to.equal(true);
  });

  it('does not count a half-open squint as closed when the eyes were wide open', () => {
    expect(blinkSession(1, 1, [0.75, 0.65, 1]).passed).to.equal(false);
  });
});

describe('device gate', () => {
  const rules = {
    version: '1',
    rules: [
      {
        id: 'old-ios',
        reason: 'os_outdated' as const,
        match: { platform: 'ios' as const, osVersionMax: '15.9' },
      },
      {
        id: 'no-tablets',
        reason: 'unsupported_form_factor' as const,
        match: { formFactor: 'tablet' as const },
      },
    ],
  };
  const iphone15 =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 15_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const iphone17 =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const pixel =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
  const tab =
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
  const windows =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
  const instagram = `${iphone17} Instagram 300.0.0`;

  it('reads form factor, platform and OS version', () => {
    expect(describeDevice(iphone15)).to.deep.equal({
      formFactor: 'mobile',
      platform: 'ios',
      osVersion: '15.4',
      inAppBrowser: false,
    });
    expect(describeDevice(pixel)).to.include({
      formFactor: 'mobile',
      platform: 'android',
      osVersion: '14',
    });
    expect(describeDevice(tab)).to.include({ formFactor: 'tablet', platform: 'android' });
    expect(describeDevice(windows)).to.include({
      formFactor: 'desktop',
      platform: 'windows',
      osVersion: '10.0',
    });
    expect(
      describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/17.2 Safari/605', 5),
    ).to.include({
      formFactor: 'tablet',
      platform: 'ios',
      osVersion: '17.2',
    });
    expect(describeDevice(instagram).inAppBrowser).to.equal(true);
  });

  it('matches rules on every given field; osVersionMax is inclusive', () => {
    expect(compareVersions('15.4', '15.9')).to.be.below(0);
    expect(compareVersions('15.10', '15.9')).to.be.above(0);
    expect(compareVersions('16', '16.0.0')).to.equal(0);
    expect(matchGate(rules, describeDevice(iphone15))?.id).to.equal('old-ios');
    expect(matchGate(rules, describeDevice(iphone17))).to.equal(undefined);
    expect(matchGate(rules, describeDevice(tab))?.reason).to.equal('unsupported_form_factor');
    expect(matchGate(rules, describeDevice(pixel))).to.equal(undefined);
    // The server's answer for a company without rules is an object, never an array or null.
    expect(matchGate({ version: 'none', rules: [] }, describeDevice(tab))).to.equal(undefined);
    const malformed = { version: '1', rules: { id: 'x' } } as unknown as typeof rules;
    expect(matchGate(malformed, describeDevice(tab))).to.equal(undefined);
    expect(matchGate(null, describeDevice(pixel))).to.equal(undefined);
  });
});

describe('geolocation report', () => {
  const fingerprint = {
    raw: '{}',
    userData: {
      ip: '203.0.113.9',
      geoData: {
        accuracyRadius: 20,
        latitude: 40.4,
        longitude: -3.7,
        country: 'Spain',
        city: 'Madrid',
      },
    },
  };

  it('reports the best fix with IP fields, never derived fields', () => {
    const report = deviceFixReport(
      { latitude: 40.41, longitude: -3.71, accuracy: 12.34, timestamp: Date.UTC(2026, 0, 1) },
      fingerprint,
    );
    expect(report).to.deep.equal({
      ip: '203.0.113.9',
      accuracyRadius: 20,
      latitude: '40.4',
      longitude: '-3.7',
      country: 'Spain',
      city: 'Madrid',
      deviceLatitude: 40.41,
      deviceLongitude: -3.71,
      accuracy: 12.3,
      source: 'gps',
      permission: 'granted',
      sample: 'best_of_session',
      capturedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(inferFixSource(800)).to.equal('wifi');
    expect(inferFixSource(9000)).to.equal('cell');
  });

  it('reports a denial with the IP position (source ip), or none without it', () => {
    expect(noFixReport('denied', fingerprint)).to.include({
      source: 'ip',
      permission: 'denied',
      ip: '203.0.113.9',
    });
    expect(noFixReport('denied')).to.include({ source: 'none', permission: 'denied' });
  });

  it('reports the subdivisions the fingerprint service lists as one text, outermost first', () => {
    const listed = {
      raw: '{}',
      userData: {
        ip: '203.0.113.9',
        geoData: { country: 'United Kingdom', subdivisions: ['England', 'Greater London'] },
      },
    };
    expect(noFixReport('prompt', listed)).to.include({
      country: 'United Kingdom',
      subdivisions: 'England, Greater London',
    });
    const none = { raw: '{}', userData: { geoData: { subdivisions: [] } } };
    expect(noFixReport('prompt', none)).not.to.have.property('subdivisions');
  });
});

describe('branding, links, QR, languages', () => {
  const company: FlowCompany = {
    name: 'Acme',
    color: '#ffd400',
    logoUrl: 'https://acme.example/logo.png',
    plan: 'premium',
    antiSpoofing: false,
    allowUploadedSelfie: false,
    handoffMode: 'never',
    gateRules: { version: 'none', rules: [] },
    locationPermission: 'never',
  };

  it('applies logo and color on Premium, only the name on Basic', () => {
    expect(resolveBranding(company, {})).to.deep.equal({
      name: 'Acme',
      color: '#ffd400',
      onColor: '#000000',
      logoUrl: 'https://acme.example/logo.png',
    });
    expect(
      resolveBranding(company, { brandColor: '#112233', businessName: 'Acme Store' }),
    ).to.include({
      name: 'Acme Store',
      color: '#112233',
      onColor: '#ffffff',
    });
    expect(
      resolveBranding(
        { ...company, plan: 'basic' },
        { brandColor: '#112233', logoSrc: '/x.png', businessName: 'B' },
      ),
    ).to.deep.equal({
      name: 'B',
      color: null,
      onColor: null,
      logoUrl: null,
    });
    expect(resolveBranding(company, { brandColor: 'red;background:url(x)' }).color).to.equal(
      '#ffd400',
    );
    expect(readableOn('#000000')).to.equal('#ffffff');
  });

  it('refuses script and data URLs', () => {
    expect(safeUrl('javascript:alert(1)')).to.equal(null);
    expect(safeUrl('data:text/html,x')).to.equal(null);
    expect(safeUrl('https://shop.example/done?x=1')).to.equal('https://shop.example/done?x=1');
  });

  it('reads the link id and API base from a linkUrl', () => {
    expect(linkIdFromUrl('https://idv.example/v/abc-123')).to.equal('abc-123');
    expect(linkIdFromUrl('https://idv.example/other')).to.equal(undefined);
    expect(resolveApiBase(undefined, 'https://idv.example/v/abc')).to.equal(
      'https://idv.example/api/v1',
    );
    expect(resolveApiBase('https://api.example/api/v1', 'https://idv.example/v/abc')).to.equal(
      'https://api.example/api/v1',
    );
  });

  it('draws a QR code of the right size locally', () => {
    const { path, size } = qrPath('https://idv.example/v/abc?handoff=0123456789abcdef');
    expect(size).to.equal(33 + 8);
    expect(path.length).to.be.above(500);
  });

  it('resolves languages and loads every translation with every key', async () => {
    expect(languageFor('pt-BR')).to.equal('pt');
    expect(languageFor('de', 'fr-CA')).to.equal('fr');
    expect(languageFor('de')).to.equal('en');
    for (const code of ['es', 'pt', 'fr'] as const) {
      const translation = await loadTranslation(code);
      expect(translation.$code).to.equal(code);
      expect(Object.keys(translation).sort()).to.deep.equal(Object.keys(en).sort());
      expect(translation.welcomeTitle('X')).to.not.equal(en.welcomeTitle('X'));
    }
  });
});
