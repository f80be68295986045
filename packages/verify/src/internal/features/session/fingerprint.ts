/**
 * The connection fingerprint of the device: one `GET` of the fingerprint service from the person's
 * own browser (the fingerprint describes the caller's TLS handshake), and its answer forwarded
 * unchanged, as the raw text, to `POST /flow/fingerprint` (the server verifies the signature over
 * the exact bytes; a parse and re-serialization would change them). Signals only: the flow never
 * waits long for them and goes on without them.
 *
 * The server checks the signature (400 when it does not verify or is stale: the answer is then
 * dropped, and its IP fields never reach the location report) and may have no fingerprint service
 * configured (503: the answer is still the device's own view of its connection and is kept).
 *
 * The request is `fetch(url, {credentials: 'include', cache: 'no-cache'})`, as the service asks:
 * `include` sends its `fp` cookie across origins; `no-cache` makes the browser revalidate any
 * stored answer (`Cache-Control: max-age=0` with `If-None-Match`), so the signed answer is fresh
 * while the ETag identifier the browser kept still reaches the service.
 */
import { FlowApiError } from '../../api/flow-api-error.js';
import type { FlowClient } from '../../api/flow-client.js';
import type { FingerprintAnswer } from '../../../api/types.js';
import { fingerprintWaitMs } from './meta.js';
import { sleep } from '../../capture/frames.js';

/** Collects the fingerprint once per session and keeps its answer. */
export class FingerprintCollector {
  /** The service's answer, once collected. */
  answer: FingerprintAnswer | undefined;
  private task: Promise<void> | undefined;

  /** Starts collecting from `url` (nothing without one) and forwarding through `client`. */
  start(url: string | undefined, client: FlowClient, signal: AbortSignal): void {
    this.task = this.collect(url, client, signal);
  }

  /** Resolves once the fingerprint is in, or after a short wait. */
  async wait(): Promise<void> {
    if (this.task) await Promise.race([this.task, sleep(fingerprintWaitMs)]);
  }

  private async collect(
    url: string | undefined,
    client: FlowClient,
    signal: AbortSignal,
  ): Promise<void> {
    if (!url) return;
    try {
      const response = await fetch(url, { credentials: 'include', cache: 'no-cache', signal });
      if (!response.ok) return;
      const raw = await response.text();
      const parsed = JSON.parse(raw) as { userData?: FingerprintAnswer['userData'] };
      if (!parsed.userData) return;
      const answer: FingerprintAnswer = { raw, userData: parsed.userData };
      try {
        await client.forwardFingerprint(answer);
      } catch (error) {
        // The server refused the signature: nothing of this answer can be trusted.
        if (error instanceof FlowApiError && error.status === 400) return;
      }
      this.answer = answer;
    } catch {
      // Signals only: the flow goes on without them.
    }
  }
}
