/**
 * The typed translation of `<idv-verify>` (Shoelace's habit): every language supplies every key, so
 * a missing string is a compile error, not a blank on screen.
 */
import type { DocumentType, GateReason } from '../api/types.js';
import type { DocumentIssue, FaceIssue } from '../worker/types.js';

/** Languages shipped with the element. */
export const supportedLanguages = ['en', 'es', 'pt', 'fr'] as const;
export type LanguageCode = (typeof supportedLanguages)[number];

/** Every string the element shows. */
export interface Translation {
  $code: LanguageCode;
  $name: string;
  loading: string;
  cancel: string;
  continue: string;
  tryAgain: string;
  start: string;
  progress: (current: number, total: number) => string;
  logoAlt: (company: string) => string;
  welcomeTitle: (company: string) => string;
  welcomeBody: string;
  welcomeBodyFace: string;
  welcomeNeedDocument: string;
  /** The document line of the welcome screen for a passport (its photo page alone). */
  welcomeNeedPassport: string;
  /** The document line of the welcome screen when the person may choose a card or a passport. */
  welcomeNeedAnyDocument: string;
  welcomeNeedSelfie: string;
  welcomeNeedLocation: string;
  termsLabel: string;
  termsRequired: string;
  locationTitle: string;
  locationBodyOptional: (company: string) => string;
  locationBodyRequired: (company: string) => string;
  locationAllow: string;
  locationSkip: string;
  locationLocating: string;
  locationDeniedRequired: string;
  /** `locationDeniedRequired` inside a native app: the app's permission, in the device settings. */
  locationDeniedRequiredApp: string;
  locationUnavailableRequired: string;
  gatedTitle: string;
  gatedReasons: Record<GateReason, string>;
  handoffTitle: string;
  handoffBody: string;
  handoffRequiredBody: string;
  handoffContinueHere: string;
  handoffWaiting: string;
  handoffExpired: string;
  handoffNewCode: string;
  handoffLinkLabel: string;
  handoffOtherDevice: string;
  qrAlt: string;
  copyLink: string;
  linkCopied: string;
  identifyTitle: string;
  identifyBody: string;
  emailLabel: string;
  emailInvalid: string;
  documentChoiceTitle: string;
  documentChoiceBody: string;
  /** The choices of the document step: a name and what will be photographed. */
  documentChoices: Record<DocumentType, { label: string; hint: string }>;
  /** The capture of a passport's data page (its `front`). */
  passportCapture: { title: string; instructions: string; checking: string };
  captureTitles: Record<'front' | 'back' | 'selfie', string>;
  captureInstructions: Record<'front' | 'back' | 'selfie', string>;
  startingCamera: string;
  documentCoach: Record<DocumentIssue, string>;
  holdStill: string;
  documentGood: string;
  faceCoach: Record<FaceIssue, string>;
  /** What keeps the face from being aligned, told once the alignment has taken a while. */
  faceHint: Record<FaceIssue, string>;
  challengeTurnLeft: string;
  challengeTurnRight: string;
  challengeBlink: string;
  challengeDone: string;
  preparingFaceCheck: string;
  captureButton: string;
  reviewTitle: string;
  reviewBody: string;
  reviewSelfieBody: string;
  usePhoto: string;
  retake: string;
  uploadInstead: string;
  uploadPhoto: string;
  cameraDeniedTitle: string;
  cameraDeniedBody: string;
  /** `cameraDeniedBody` inside a native app: the app's permission, in the device settings. */
  cameraDeniedBodyApp: string;
  /** The button that opens the app's page in the device settings. */
  openSettings: string;
  cameraUnavailableTitle: string;
  cameraUnavailableBody: string;
  /** The live face check cannot run and the selfie may not be taken without it. */
  faceCheckUnavailableTitle: string;
  faceCheckUnavailableBody: string;
  unsupportedBrowserTitle: string;
  unsupportedBrowserBody: string;
  inAppBrowserBody: string;
  uploadFailed: string;
  /** The service could not read the photo (400). */
  uploadUnreadable: string;
  /** The photo is larger than the service accepts (413). */
  uploadTooLarge: string;
  /** The file is not an image type the service accepts (415). */
  uploadWrongType: string;
  /** The photo is smaller than the service accepts. */
  uploadTooSmall: string;
  /** The service (or an analysis it needs) is unavailable for now (503). */
  unavailableTitle: string;
  unavailableBody: string;
  /** Shown while a rate-limited request waits out `Retry-After`. */
  rateLimited: (seconds: number) => string;
  /** The session moved to another device with a hand-off (401 on this one). */
  movedTitle: string;
  movedBody: string;
  sending: string;
  checking: Record<'front' | 'back' | 'selfie', string>;
  retryTitle: string;
  retriesLeft: (count: number) => string;
  processingTitle: string;
  processingBody: string;
  successTitle: string;
  successBody: string;
  failedTitle: string;
  failedBody: string;
  expiredTitle: string;
  expiredBody: string;
  usedTitle: string;
  usedBody: string;
  inactiveTitle: string;
  cancelledTitle: string;
  cancelledBody: string;
  redirecting: string;
  networkErrorTitle: string;
  networkErrorBody: string;
  missingLink: string;
}
