/**
 * What a step's controller may ask of the flow, and nothing more: the steps talk to this interface
 * instead of the `FlowController` (which implements it), so that no controller imports another and
 * a newcomer reads, in one place, everything a step can do.
 *
 * The interface is phase-typed: what exists only once the session is open (the session itself, the
 * flow API client, the capture worker) is reached through `open`, where none of it is optional.
 */
import type { CaptureKind, FlowSession, VerificationStatus } from '../../api/types.js';
import type { CaptureSource } from '../../capture-source.js';
import type { FlowStep } from '../../flow-step.js';
import type { Translation } from '../../i18n/translation.js';
import type { FlowClient } from '../api/flow-client.js';
import type { DeviceInfo } from '../device/device-info.js';
import type { FingerprintCollector } from '../features/session/fingerprint.js';
import type { WorkerBridge } from '../worker-bridge/worker-bridge.js';
import type { FlowHost } from './flow-host.js';

/** The flow once its session is open: everything here exists. */
export interface OpenFlow {
  /** The device's flow session, as last answered by the service. */
  readonly session: FlowSession;
  /** The flow API client of the session. */
  readonly client: FlowClient;
  /** The capture worker of the session. */
  readonly bridge: WorkerBridge;
}

/** What every step may read and do, whatever the phase. */
export interface FlowContext {
  /** The element (its settings and Lit's controller host). */
  readonly host: FlowHost;
  /** The strings of the language in force. */
  readonly t: Translation;
  /** The platform seam: camera, photos, location, permissions. */
  readonly source: CaptureSource;
  /** This device, as the gate rules and the hand-off see it. */
  readonly device: DeviceInfo;
  /** The link of the element. */
  readonly linkId: string | undefined;
  /** The screen in force. */
  readonly step: FlowStep;
  /** True once the person left the flow: later answers no longer move it. */
  readonly left: boolean;
  /** True while a person's action waits for the service (its button is disabled meanwhile). */
  readonly busy: boolean;
  /** The signal of the element's network and worker jobs. */
  readonly signal: AbortSignal;
  /** The connection fingerprint of this device. */
  readonly fingerprint: FingerprintCollector;
  /** The open session, its client and worker; `undefined` before the session opens. */
  readonly open: OpenFlow | undefined;

  /** Replaces the session with the service's newer answer. */
  updateSession(session: FlowSession): void;
  /** Shows `step` and announces it (`idv-step-change`). */
  goTo(step: FlowStep): void;
  /** Fires an element event (mirrored to the parent window when framed). */
  emit(event: CustomEvent): boolean;
  /** Fires `idv-error`. */
  emitError(code: string, message: string, recoverable: boolean): void;
  /** Fires `idv-error` and reports the error to the service (best effort). */
  reportClientError(code: string, message: string, recoverable: boolean): Promise<void>;
  /** Runs a person's action with its button disabled; a failure stops the flow. */
  withBusy(job: () => Promise<void>): Promise<void>;

  /** After the terms: the location step when the policy asks for it, else what follows it. */
  afterWelcome(): Promise<void>;
  /** After the location step: the device gate, then the hand-off offer, then the captures. */
  afterLocation(): Promise<void>;
  /** After the hand-off offer: the e-mail of an adaptive link, else the captures. */
  afterHandoff(): Promise<void>;
  /** Moves to the next capture the session still needs, or to the result. */
  nextCapture(): void;
  /** Reads the session again after the service refused a step (409) and goes where it is. */
  resync(): Promise<void>;

  /** Stops the flow on an error it cannot go on after, with the screen that fits it. */
  fail(error: unknown): void;
  /** The captures are in: waits for the final status (or takes `known`) and shows the result. */
  finish(known?: VerificationStatus): Promise<void>;
  /** Shows the result of a final status (`expired` shows the expiry screen). */
  showResult(status: VerificationStatus): void;
  /** The link or the verification expired. */
  showExpired(): void;
  /** Offers a hand-off to another device; `required` when this device cannot go on. */
  offerHandoff(required: boolean): Promise<void>;
  /** Follows the verification's status while `active()` holds, and shows its result once final. */
  followStatus(active: () => boolean): void;
  /** Stops following the status. */
  stopFollowingStatus(): void;
  /** Releases the camera. */
  stopCamera(): void;
  /** The captures the session requires, in the order the person takes them. */
  readonly requiredCaptures: CaptureKind[];
}
