/**
 * The device's flow session: the link it belongs to, the flow API client and the capture worker of
 * a run, opening (or resuming, after a reload) the session, and the connection fingerprint. The
 * flow asks it for the session; the steps reach it through `FlowContext.open`, where the session,
 * the client and the worker all exist.
 */
import type { FlowSession } from '../../../api/types.js';
import { FlowApiError } from '../../api/flow-api-error.js';
import { FlowClient } from '../../api/flow-client.js';
import type { OpenFlow } from '../../flow/flow-context.js';
import type { FlowHost } from '../../flow/flow-host.js';
import { HostState } from '../../flow/host-state.js';
import { WorkerBridge } from '../../worker-bridge/worker-bridge.js';
import { defaultWorkerUrl } from '../../../worker-url.js';
import { resolveBranding, type Branding } from './branding.js';
import { FingerprintCollector } from './fingerprint.js';
import { handoffTokenFromUrl, linkIdFromUrl, resolveApiBase } from './link.js';
import { workerIdleMs } from './meta.js';
import { readSessionToken, writeSessionToken } from './session-store.js';

/** Opens and keeps the session of a run. */
export class SessionController {
  /** The connection fingerprint of this device. */
  readonly fingerprint = new FingerprintCollector();
  /** The flow API client of the run in force. */
  client: FlowClient | undefined;
  /** The capture worker of the run in force. */
  bridge: WorkerBridge | undefined;
  private readonly sessionState: HostState<FlowSession | undefined>;
  private readonly rateLimitState: HostState<number | undefined>;

  constructor(private readonly host: FlowHost) {
    this.sessionState = new HostState<FlowSession | undefined>(host, undefined);
    this.rateLimitState = new HostState<number | undefined>(host, undefined);
  }

  /** The device's flow session, once open. */
  get current(): FlowSession | undefined {
    return this.sessionState.value;
  }

  /** The open session with its client and worker, or `undefined` before it opens. */
  get open(): OpenFlow | undefined {
    const { current: session, client, bridge } = this;
    return session && client && bridge ? { session, client, bridge } : undefined;
  }

  /** Replaces the session with the service's newer answer (`undefined` forgets it). */
  update(session: FlowSession | undefined): void {
    this.sessionState.value = session;
  }

  /**
   * Seconds a rate-limited request waits before it is sent again (the service's `Retry-After`),
   * while it waits.
   */
  get rateLimitWait(): number | undefined {
    return this.rateLimitState.value;
  }

  /** The link of the element: `link-id`, else the id in `link-url`. */
  get linkId(): string | undefined {
    return this.host.linkId || linkIdFromUrl(this.host.linkUrl);
  }

  /** The one-time hand-off token: `handoff-token`, else the `handoff` of a hand-off `link-url`. */
  get handoffToken(): string | undefined {
    return this.host.handoffToken || handoffTokenFromUrl(this.host.linkUrl);
  }

  /** The business's name, color and logo as the plan allows. */
  get branding(): Branding {
    return resolveBranding(this.current?.company, {
      businessName: this.host.businessName,
      brandColor: this.host.brandColor,
      logoSrc: this.host.logoSrc,
    });
  }

  /**
   * Creates the run's client and worker, then opens or resumes the session of `linkId`. Answers
   * the session without keeping it: the flow keeps it (`update`) unless the run was aborted.
   */
  connect(
    linkId: string,
    run: AbortSignal,
    onWorkerFailure: (error: Error) => void,
  ): Promise<FlowSession> {
    this.client = new FlowClient({
      apiBase: resolveApiBase(this.host.apiBase, this.host.linkUrl),
      onRateLimitWait: (waitMs) => {
        if (!run.aborted)
          this.rateLimitState.value = waitMs === null ? undefined : Math.ceil(waitMs / 1000);
      },
    });
    this.bridge = new WorkerBridge({
      url: this.host.workerUrl ?? defaultWorkerUrl(),
      idleMs: workerIdleMs,
      onFailure: onWorkerFailure,
    });
    return this.openOrResume(this.client, linkId);
  }

  /**
   * Resumes this device's session (a reload) when its token is still known, else opens the link,
   * with the hand-off token when there is one. The stored session comes first even with a
   * hand-off token: that token is single use, so a reload of the page that used it must not
   * present it again.
   */
  private async openOrResume(client: FlowClient, linkId: string): Promise<FlowSession> {
    const handoffToken = this.handoffToken;
    const stored = readSessionToken(linkId);
    if (stored) {
      client.sessionToken = stored;
      try {
        return await client.getSession();
      } catch (error) {
        if (!(error instanceof FlowApiError) || error.status !== 401) throw error;
        client.sessionToken = undefined;
      }
    }
    const created = await client.openSession(linkId, handoffToken || undefined);
    writeSessionToken(linkId, created.sessionToken);
    const { sessionToken: _token, ...session } = created;
    return session;
  }

  /** Starts collecting the fingerprint from `url` (nothing without one) for the run's client. */
  startFingerprint(url: string | undefined, signal: AbortSignal): void {
    if (this.client) this.fingerprint.start(url, this.client, signal);
  }

  /** Reports an error of `session` with `PATCH /verifications/error` (best effort). */
  async reportError(session: FlowSession, code: string, message: string): Promise<void> {
    try {
      await this.client?.reportError(session.verificationId, code, message.slice(0, 500));
    } catch {
      // Reporting is best effort.
    }
  }

  /** Forgets the rate-limit wait and stops the worker of the run in force. */
  teardown(): void {
    this.rateLimitState.value = undefined;
    this.bridge?.terminate();
  }
}
