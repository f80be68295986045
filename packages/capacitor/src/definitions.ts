import type { PermissionState, PluginListenerHandle } from '@capacitor/core';
import type {
  IdvCaptureDetail,
  IdvCompleteDetail,
  IdvErrorDetail,
  IdvExpiredDetail,
  IdvHandoffDetail,
  IdvLocationDetail,
  IdvQualityDetail,
  IdvReadyDetail,
  IdvRequestCancelDetail,
  IdvStartDetail,
  IdvStepChangeDetail,
} from '@idv/verify';

/**
 * The identity verification flow of `<idv-verify>` inside a Capacitor app, with the phone's own
 * camera (`@capacitor/camera`) and location (`@capacitor/geolocation`).
 *
 * The plugin has no native code of its own: it composes the official Camera and Geolocation
 * plugins, and runs the same TypeScript implementation on Android, iOS and the web.
 */
export interface IdvVerifyPlugin {
  /**
   * Shows the verification flow full screen in the app's web view and resolves when the
   * verification reaches a result (`success` or `failed`).
   *
   * Inside a native app the flow uses the native camera and location; on the web it uses the
   * browser's. The link's `callbackUrl` is never followed: the app decides what comes next.
   *
   * Rejects with an `IdvVerifyError` whose `code` says why: `CANCELLED` (the person left),
   * `EXPIRED`, `LINK_ALREADY_USED`, `LINK_INACTIVE`, `NETWORK_ERROR` (the person closed the flow
   * on a network error), `INVALID_ARGUMENT`, `ALREADY_RUNNING`.
   *
   * @since 0.1.0
   */
  start(options: StartOptions): Promise<StartResult>;

  /**
   * Closes a running flow (for example from the app's back-button handler); the pending `start()`
   * rejects with `CANCELLED`. The element leaves as its own cancel button does: it fires
   * `idv-request-cancel`, stops the camera and, while the verification is open, reports
   * `USER_CANCELLED` to the service. Escape does the same. Does nothing when no flow runs.
   *
   * @since 0.1.0
   */
  cancel(): Promise<void>;

  /**
   * Makes every `<idv-verify>` element of the app use the native camera and location, for apps
   * that place the element themselves. Only inside a native app: on the web it changes nothing
   * and answers `{ active: false }`.
   *
   * @since 0.1.0
   */
  useNativeCapture(): Promise<NativeCaptureState>;

  /**
   * Current state of the permissions the flow needs, without asking.
   *
   * @since 0.1.0
   */
  checkPermissions(): Promise<PermissionStatus>;

  /**
   * Asks for the permissions the flow needs (the system shows its prompt only for those still
   * undecided) and answers the resulting state.
   *
   * @since 0.1.0
   */
  requestPermissions(permissions?: IdvVerifyPermissions): Promise<PermissionStatus>;

  /**
   * Opens this app's page in the system settings, where the person can grant a denied
   * permission. iOS only: Android offers no way to open it without native code of the app's own,
   * so the call rejects with `UNAVAILABLE` there and on the web; tell the person the path instead
   * (Settings › Apps › this app › Permissions).
   *
   * @since 0.1.0
   */
  openAppSettings(): Promise<void>;

  /**
   * The session is open and the first screen shows.
   *
   * @since 0.1.0
   */
  addListener(
    eventName: 'idv-ready',
    listenerFunc: (detail: IdvReadyDetail) => void,
  ): Promise<PluginListenerHandle>;

  /**
   * The person accepted the terms: the verification has begun.
   *
   * @since 0.1.0
   */
  addListener(
    eventName: 'idv-start',
    listenerFunc: (detail: IdvStartDetail) => void,
  ): Promise<PluginListenerHandle>;

  /**
   * The flow moved to another screen.
   *
   * @since 0.1.0
   */
  addListener(
    eventName: 'idv-step-change',
    listenerFunc: (detail: IdvStepChangeDetail) => void,
  ): Promise<PluginListenerHandle>;

  /**
   * A capture was sent and the service answered.
   *
   * @since 0.1.0
   */
  addListener(
    eventName: 'idv-capture',
    listenerFunc: (detail: IdvCaptureDetail) => void,
  ): Promise<PluginListenerHandle>;

  /**
   * Live quality scores of a camera frame: the web camera's, and inside a native app the
   * selfie's (it runs live in the web view's camera; the native camera shows no live frames of
   * documents to the flow).
   *
   * @since 0.1.0
   */
  addListener(
    eventName: 'idv-quality',
    listenerFunc: (detail: IdvQualityDetail) => void,
  ): Promise<PluginListenerHandle>;

  /**
   * A location was reported for the verification.
   *
   * @since 0.1.0
   */
  addListener(
    eventName: 'idv-location',
    listenerFunc: (detail: IdvLocationDetail) => void,
  ): Promise<PluginListenerHandle>;

  /**
   * A hand-off to another device was offered.
   *
   * @since 0.1.0
   */
  addListener(
    eventName: 'idv-handoff',
    listenerFunc: (detail: IdvHandoffDetail) => void,
  ): Promise<PluginListenerHandle>;

  /**
   * The verification reached its result.
   *
   * @since 0.1.0
   */
  addListener(
    eventName: 'idv-complete',
    listenerFunc: (detail: IdvCompleteDetail) => void,
  ): Promise<PluginListenerHandle>;

  /**
   * Something went wrong; the flow shows what the person can do.
   *
   * @since 0.1.0
   */
  addListener(
    eventName: 'idv-error',
    listenerFunc: (detail: IdvErrorDetail) => void,
  ): Promise<PluginListenerHandle>;

  /**
   * The link or the verification ran out of time.
   *
   * @since 0.1.0
   */
  addListener(
    eventName: 'idv-expired',
    listenerFunc: (detail: IdvExpiredDetail) => void,
  ): Promise<PluginListenerHandle>;

  /**
   * The person asked to leave the flow.
   *
   * @since 0.1.0
   */
  addListener(
    eventName: 'idv-request-cancel',
    listenerFunc: (detail: IdvRequestCancelDetail) => void,
  ): Promise<PluginListenerHandle>;

  /**
   * Removes every listener of this plugin.
   *
   * @since 0.1.0
   */
  removeAllListeners(): Promise<void>;
}

/** What `start()` needs: a link (`linkUrl`, or `linkId` with `apiBase`) and presentation options. */
export interface StartOptions {
  /**
   * The verification link (`https://…/v/{linkId}`, as created by the service, or the deep link
   * that opened the app). The service address is the link's origin + `/api/v1` unless `apiBase`
   * says otherwise. A `?handoff=` token in it is honoured.
   *
   * @since 0.1.0
   */
  linkUrl?: string;

  /**
   * The link id, when the app has it without the URL (then `apiBase` is required inside a native
   * app, whose web view has no service origin of its own).
   *
   * @since 0.1.0
   */
  linkId?: string;

  /**
   * Base address of the verification service, ending in `/api/v1`.
   *
   * @default the origin of `linkUrl` + `/api/v1`
   * @since 0.1.0
   */
  apiBase?: string;

  /**
   * One-time hand-off token that moves a session from another device to this one.
   *
   * @since 0.1.0
   */
  handoffToken?: string;

  /**
   * Language of the flow (`en`, `es`, `pt`, `fr`).
   *
   * @default the document's, else the device's
   * @since 0.1.0
   */
  lang?: string;

  /**
   * Color theme of the flow.
   *
   * @default 'auto'
   * @since 0.1.0
   */
  theme?: 'light' | 'dark' | 'auto';

  /**
   * Branding overrides (applied only where the company's plan allows them).
   *
   * @since 0.1.0
   */
  branding?: StartBranding;

  /**
   * Address of the connection fingerprint service.
   *
   * @since 0.1.0
   */
  fingerprintUrl?: string;

  /**
   * Do not ask for the device location when the company's policy makes it optional.
   *
   * @default false
   * @since 0.1.0
   */
  noGeolocation?: boolean;

  /**
   * How long the final screen (result, expired, cancelled) stays before the flow closes, in
   * milliseconds. The promise settles when the flow has closed.
   *
   * @default 2000
   * @since 0.1.0
   */
  closeDelay?: number;
}

/** Branding overrides of `StartOptions`. */
export interface StartBranding {
  /**
   * Accent color, `#rrggbb` (Premium and Pro plans).
   *
   * @since 0.1.0
   */
  brandColor?: string;

  /**
   * Logo URL (Premium and Pro plans).
   *
   * @since 0.1.0
   */
  logoSrc?: string;

  /**
   * Business name (every plan).
   *
   * @since 0.1.0
   */
  businessName?: string;
}

/** The outcome of a verification that reached its result. */
export interface StartResult {
  /**
   * The verification's identifier (`_id` in the service's records and webhooks).
   *
   * @since 0.1.0
   */
  verificationId: string;

  /**
   * Its result. The service's own record and webhooks are authoritative; the app's backend
   * should read them before acting on it.
   *
   * @since 0.1.0
   */
  status: 'success' | 'failed';
}

/** Why `start()` rejected (`IdvVerifyError.code`). */
export type IdvVerifyErrorCode =
  | 'CANCELLED'
  | 'EXPIRED'
  | 'LINK_ALREADY_USED'
  | 'LINK_INACTIVE'
  | 'NETWORK_ERROR'
  | 'INVALID_ARGUMENT'
  | 'ALREADY_RUNNING'
  | 'UNAVAILABLE';

/** Answer of `useNativeCapture()`. */
export interface NativeCaptureState {
  /**
   * True when the elements now use the native camera and location (inside a native app).
   *
   * @since 0.1.0
   */
  active: boolean;
}

/**
 * State of one permission: Capacitor's `granted`, `denied`, `prompt`, `prompt-with-rationale`
 * (Android: refused once, ask again with an explanation), and:
 * - `limited`: photos, the person shared only some (iOS 14+); location, approximate only
 *   (Android 12+ "Approximate"; such fixes are never reported as `gps`);
 * - `unavailable`: the capability is off or missing (location services turned off).
 */
export type IdvPermissionState = PermissionState | 'limited' | 'unavailable';

/** A permission `requestPermissions()` can ask for. */
export type IdvPermissionType = 'camera' | 'photos' | 'location';

/** Which permissions `requestPermissions()` asks for. */
export interface IdvVerifyPermissions {
  /**
   * The permissions to ask for. `photos` is rarely needed: the system photo pickers used for
   * document uploads need no permission on iOS 14+ and Android 13+.
   *
   * @default ['camera', 'location']
   * @since 0.1.0
   */
  permissions: IdvPermissionType[];
}

/** State of the permissions the flow needs. */
export interface PermissionStatus {
  /**
   * The camera (document photos and the selfie).
   *
   * @since 0.1.0
   */
  camera: IdvPermissionState;

  /**
   * The photo library (document uploads).
   *
   * @since 0.1.0
   */
  photos: IdvPermissionState;

  /**
   * The device location, when the company's policy asks for it.
   *
   * @since 0.1.0
   */
  location: IdvPermissionState;
}
