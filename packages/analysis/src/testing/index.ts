/**
 * Synthetic test data for every package's tests and benchmarks: documents rendered at run time
 * (valid MRZs, PDF417/QR, portraits from the face-api demo photos, phone-photo degradations),
 * sample faces with person ids, simulated presentation attacks, and y4m videos for Chromium's fake
 * camera. Nothing third-party is committed.
 */
export { Random } from './random.js';
export {
  generateIdentity,
  GENERATOR_STATES,
  type DocumentKind,
  type Identity,
} from './identity.js';
export { buildMrzLines, MRZ_FORMAT } from './mrz-lines.js';
export {
  renderDocument,
  expectedFields,
  isAdult,
  pdf417Payload,
  qrPayload,
  type RenderOptions,
  type RenderedDocument,
  type DocumentTruth,
} from './render-document.js';
export {
  degradeImage,
  DEGRADATION_PRESETS,
  type Degradation,
  type DegradationPreset,
  type DegradedImage,
} from './degrade.js';
export {
  faceSamples,
  sampleFace,
  faceCapture,
  impostorPairs,
  FACE_SAMPLE_COUNT,
  type FaceSample,
  type FaceCaptureOptions,
} from './faces.js';
export { liveCapture, photoPrint, printAttack, screenReplay } from './spoof-scenes.js';
export { y4mVideo, toI420, type RgbFrame } from './y4m.js';
export {
  evaluationSample,
  renderEvaluationSide,
  EVALUATION_SET_VERSION,
  type EvaluationSample,
  type FamilyGroup,
} from './evaluation-set.js';
export {
  generateEvaluationIdentity,
  type EvaluationIdentity,
  type IdentityClass,
} from './evaluation-identity.js';
export {
  DOCUMENT_FAMILIES,
  FAMILY_STYLES,
  HELD_OUT_FAMILY,
  MRZ_FONTS,
  TUNED_FAMILIES,
  type FamilyName,
  type MrzFont,
} from './families.js';
export {
  drawPhonePhoto,
  takePhonePhoto,
  PHOTO_PROFILES,
  type PhonePhoto,
  type PhotoProfile,
} from './phone-photo.js';
export { mrzTransliterate } from './transliterate.js';
export { mrzNameField } from './mrz-lines.js';
export { turnHead, turnedPoint, type FaceGeometry } from './head-turn.js';
export { closeEyes, type EyeGeometry } from './closed-eyes.js';
export {
  genuineChallenge,
  stillReplay,
  tiltedPicture,
  hasFace,
  type ChallengeScene,
  type GenuineChallengeOptions,
  type LivenessChallengeKind,
} from './liveness-scenes.js';
