import type * as contract from '@idv/contract';
import type {
  BackAnalysis,
  ChallengeVerdict,
  FaceAnalysis,
  FrontAnalysis,
  LivenessSignals,
  SelfieCaptureMeta,
  SpoofAnalysis,
} from '@idv/contract';
import type { DocumentData } from '../verification-views.js';

/** Why a capture was not accepted (`CaptureResult.error`). */
export type CaptureRejection = NonNullable<contract.CaptureResult['error']>;

/** A pair of faces is the same person at this `biometric` score or above (spec, DESIGN §5). */
export const FACE_MATCH_THRESHOLD = 70;
/** Below this reading confidence the front is asked again. */
const MIN_FRONT_CONFIDENCE = 0.5;

const reject = (code: string, message: string): CaptureRejection => ({ code, message });

/** `SIDES_MISMATCH` naming the fields on which the MRZ, the printed data and the barcode disagree. */
export function sidesMismatch(
  crossCheck: NonNullable<FrontAnalysis['crossCheck']>,
  message: string,
): CaptureRejection {
  const mismatches = [...new Set(crossCheck.mismatches.map((m) => m.field))];
  return {
    code: 'SIDES_MISMATCH',
    message: mismatches.length > 0 ? `${message} Fields: ${mismatches.join(', ')}.` : message,
    mismatches,
  };
}

/**
 * Judges the front: a known document type read with some confidence; a passport data page's MRZ
 * valid and consistent with its printed data; for `FULL FLOW` (or any flow that compares faces
 * later) the portrait must have been found.
 */
export function judgeFront(
  front: FrontAnalysis,
  needsPortrait: boolean,
): CaptureRejection | undefined {
  if (front.reason === 'NO_DOCUMENT' || front.documentType === 'UNKNOWN')
    return reject(
      'NO_DOCUMENT',
      'No identity document was found in the photo. Show the whole front of the document.',
    );
  if (front.reason !== null || front.confidence < MIN_FRONT_CONFIDENCE)
    return reject(
      'UNREADABLE_DOCUMENT',
      'The document could not be read. Avoid glare and blur, and fill the frame.',
    );
  // No check digit covers a name: the printed names are what the MRZ's are confirmed by, so a card
  // front whose names could not be read is asked again here (its back could never be judged).
  if (!front.mrz && (front.fields.lastNames === null || front.fields.firstNames === null))
    return reject(
      'UNREADABLE_DOCUMENT',
      'The names on the document could not be read. Avoid glare and blur, and fill the frame.',
    );
  // A passport data page (TD3): its MRZ must pass its checks and agree with the printed data.
  if (front.mrz?.format === 'TD3' && !front.mrz.valid)
    return reject(
      'MRZ_INVALID',
      'The machine-readable zone does not pass its checks. Take the photo again, flat and sharp.',
    );
  if (front.crossCheck && !front.crossCheck.consistent)
    return sidesMismatch(
      front.crossCheck,
      'The machine-readable zone and the printed data of the page do not agree. Take the photo again, flat and sharp.',
    );
  if (needsPortrait && front.faceImage === null)
    return reject(
      'NO_DOCUMENT_FACE',
      'The portrait on the document could not be found. Show the side with the photo.',
    );
  return undefined;
}

/**
 * Judges the back: a valid MRZ (check digits) or a barcode, consistent with the front (the analysis
 * compares MRZ, front and barcode field by field and reports what no evidence settles), not expired.
 */
export function judgeBack(back: BackAnalysis, today: string): CaptureRejection | undefined {
  if (back.mrz !== null && !back.mrz.valid)
    return reject(
      'MRZ_INVALID',
      'The machine-readable zone does not pass its checks. Take the photo again, flat and sharp.',
    );
  if (back.mrz === null && back.barcode === null)
    return reject(
      'UNREADABLE_BACK',
      'The machine-readable zone or barcode could not be read. Show the back of the document.',
    );
  if (!back.crossCheck.consistent)
    return sidesMismatch(
      back.crossCheck,
      'The two sides do not agree: they may belong to different documents, or a field was misread. Take the photos again.',
    );
  const expiry = back.fields.dateOfExpiry;
  if (expiry !== null && expiry < today)
    return reject('DOCUMENT_EXPIRED', 'The document has expired.');
  return undefined;
}

/**
 * Judges the active liveness challenge as the device reports it: a challenge the person did not
 * complete (the element's own verdict, `passed: false`) fails the attempt whatever the frames show,
 * with or without anti-spoofing: FULL FLOW's liveness was not shown. A claimed pass is re-verified
 * on the frames ({@link judgeChallengeFrames}), whatever the anti-spoofing setting.
 */
export function judgeChallenge(meta: SelfieCaptureMeta): CaptureRejection | undefined {
  return meta.challenge !== null && !meta.challenge.passed
    ? reject(
        'LIVENESS_FAILED',
        'The liveness check was not completed. Follow the instruction on the screen to turn your head or blink.',
      )
    : undefined;
}

/**
 * Judges whether the selfie can prove liveness at all: one sent as an uploaded photo
 * (`source: "upload"`) or without an active challenge (`challenge: null`: the manual button, the
 * platform camera) proves nothing about a live person, and is refused (`LIVENESS_REQUIRED`) unless
 * the company explicitly allows uploaded selfies (`allowUploadedSelfie`, DESIGN §9).
 */
export function judgeLivenessEvidence(
  meta: SelfieCaptureMeta,
  allowUploadedSelfie: boolean,
): CaptureRejection | undefined {
  if (allowUploadedSelfie) return undefined;
  return meta.source === 'upload' || meta.challenge === null
    ? reject(
        'LIVENESS_REQUIRED',
        'A live selfie is required. Use the camera and follow the instruction on the screen.',
      )
    : undefined;
}

/**
 * The challenge verdict of an anti-spoofing answer; an older analysis service that does not send
 * one is read from its `challenge` signal (1 contradicted, 0 confirmed, unmeasured inconclusive).
 */
export function challengeVerdictOf(spoof: SpoofAnalysis): ChallengeVerdict {
  if (spoof.challenge !== undefined) return spoof.challenge;
  const signal = spoof.signals['challenge'];
  if (signal === undefined || signal.detail['challenges'] === 0) return 'absent';
  return signal.score === null
    ? 'inconclusive'
    : signal.score >= 0.5
      ? 'contradicted'
      : 'confirmed';
}

/**
 * Judges the claimed challenge as the server re-verified it on the frames, whatever the company's
 * anti-spoofing setting: frames too poor to tell (no face measured) fail the attempt as liveness
 * not shown, to be retaken (`LIVENESS_FAILED`), never as a spoof; frames that contradict the claim
 * fail it as a presentation attack when the company runs anti-spoofing (`SPOOF_DETECTED`, the
 * analysis counts it as a hard spoof signal) and as liveness not shown otherwise.
 */
export function judgeChallengeFrames(
  verdict: ChallengeVerdict,
  antiSpoofing: boolean,
): CaptureRejection | undefined {
  if (verdict === 'inconclusive')
    return reject(
      'LIVENESS_FAILED',
      'Your face could not be followed through the liveness check. Keep your whole face in the frame, in good light, and try again.',
    );
  if (verdict === 'contradicted')
    return antiSpoofing
      ? reject(
          'SPOOF_DETECTED',
          'The selfie does not look like a live person in front of the camera.',
        )
      : reject(
          'LIVENESS_FAILED',
          'The liveness check could not be confirmed. Follow the instruction on the screen to turn your head or blink.',
        );
  return undefined;
}

/** Judges the selfie frames for presentation attacks (when the company runs anti-spoofing). */
export function judgeSpoof(spoof: SpoofAnalysis): CaptureRejection | undefined {
  return spoof.spoofing
    ? reject(
        'SPOOF_DETECTED',
        'The selfie does not look like a live person in front of the camera.',
      )
    : undefined;
}

/** Judges the face comparison: one usable face in the selfie, matching the document portrait. */
export function judgeFaces(faces: FaceAnalysis): CaptureRejection | undefined {
  const selfie = faces.faces.find((face) => face.index === 0);
  if (selfie?.reason === 'MULTIPLE_FACES' || (selfie?.faceCount ?? 0) > 1)
    return reject(
      'MULTIPLE_FACES',
      'More than one face is visible. Only you should be in the picture.',
    );
  if (selfie === undefined || selfie.reason !== null || selfie.box === null)
    return reject(
      'NO_FACE',
      'No face was found in the selfie. Look straight at the camera in good light.',
    );
  const score = faces.biometric['0']?.['1'] ?? 0;
  if (score < FACE_MATCH_THRESHOLD)
    return reject('FACE_MISMATCH', 'The selfie does not match the photo on the document.');
  return undefined;
}

/** The liveness signals of the element's `meta`, as the anti-spoofing analysis reads them. */
export function livenessSignals(meta: SelfieCaptureMeta): LivenessSignals {
  const signals: LivenessSignals = { captureSource: meta.source };
  if (meta.challenge !== null) {
    const frameIndex = meta.frames.findIndex((frame) => frame.role === 'challenge');
    signals.challenges = [
      {
        kind: meta.challenge.type,
        passed: meta.challenge.passed,
        ...(frameIndex >= 0 ? { frameIndex } : {}),
      },
    ];
  }
  if (meta.frames.length > 0) {
    signals.yaw = meta.frames.map((frame) => frame.yaw);
    signals.eyesOpen = meta.frames.map((frame) => frame.eyeOpenness >= 0.5);
  }
  return signals;
}

/** Index of the frame compared with the document: the first frontal one, else the first. */
export function frontalFrameIndex(meta: SelfieCaptureMeta): number {
  return Math.max(
    0,
    meta.frames.findIndex((frame) => frame.role === 'frontal'),
  );
}

type FieldName = Exclude<keyof DocumentData, 'ocrRaw' | 'barcodeRaw' | 'documentType'>;
const FIELDS: readonly FieldName[] = [
  'firstNames',
  'lastNames',
  'name',
  'adult',
  'nationality',
  'gender',
  'birthDate',
  'dateOfIssue',
  'dateOfExpiry',
  'idNumber',
];

/**
 * The extracted `data`: fields of the back when its MRZ passed its check digits (they are
 * checksummed), else those of the front, each completed from the other side; raw OCR of both sides
 * and the barcode payload. Unread fields are left out (never null).
 */
export function documentData(
  front: FrontAnalysis | undefined,
  back: BackAnalysis | undefined,
): DocumentData {
  // The back's fields are the identity decided from every reading (MRZ, the front, the exact
  // barcode): first whenever the back read a valid MRZ or a barcode. The front alone is OCR that
  // drops diacritics (`BJORN` for `BJÖRN`).
  const decided = back?.mrz?.valid === true || (back?.barcode ?? null) !== null;
  const preferred = decided ? [back?.fields, front?.fields] : [front?.fields, back?.fields];
  const data: DocumentData = {};
  for (const field of FIELDS) {
    for (const source of preferred) {
      const value = source?.[field];
      if (value !== null && value !== undefined && value !== '') {
        (data as Record<string, unknown>)[field] = value;
        break;
      }
    }
  }
  const ocr = [front?.ocrRaw, back?.ocrRaw].filter((text): text is string => !!text);
  if (ocr.length > 0) data.ocrRaw = ocr.join('\n');
  if (back?.barcode) data.barcodeRaw = back.barcode.raw;
  return data;
}

/** `userName`: the full name as read, else given names and surnames. */
export function userNameOf(data: DocumentData): string | undefined {
  if (data.name) return data.name;
  const parts = [data.firstNames, data.lastNames].filter((part): part is string => !!part);
  return parts.length > 0 ? parts.join(' ') : undefined;
}
