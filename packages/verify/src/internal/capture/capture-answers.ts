/**
 * The service's answer to a capture turned into what comes next: the next capture, the result, the
 * expiry, or a retry with the service's reason; and a capture the service did not take turned into
 * the screen that fits the reason.
 */
import type { CaptureKind, CaptureOrigin, CaptureResult } from '../../api/types.js';
import { IdvCaptureEvent } from '../../events/index.js';
import { FlowApiError } from '../api/flow-api-error.js';
import type { CaptureContext } from './capture-context.js';

/** The service answered a capture: next capture, result, or a retry with its reason. */
export function showCaptureResult(
  capture: CaptureContext,
  kind: CaptureKind,
  origin: CaptureOrigin,
  result: CaptureResult,
): void {
  const flow = capture.flow;
  const session = flow.open?.session;
  if (!session) return;
  flow.emit(
    new IdvCaptureEvent({
      kind,
      source: origin,
      accepted: result.accepted,
      remainingRetries: result.remainingRetries,
      next: result.next,
      ...(result.error ? { error: result.error } : {}),
    }),
  );
  flow.updateSession({
    ...session,
    status: result.status,
    step: result.step,
    remainingRetries: { ...session.remainingRetries, [kind]: result.remainingRetries },
    completedCaptures: result.accepted
      ? [...new Set([...session.completedCaptures, kind])]
      : session.completedCaptures,
  });
  if (result.status === 'expired') {
    flow.showExpired();
  } else if (result.accepted) {
    if (result.next === 'done') void flow.finish(result.status);
    else flow.nextCapture();
  } else if (result.status === 'failed' || result.remainingRetries <= 0) {
    flow.showResult('failed');
  } else {
    capture.view = {
      phase: 'retry',
      retry: {
        message: result.error?.message ?? flow.t.retryTitle,
        remaining: result.remainingRetries,
      },
    };
  }
}

/**
 * A capture was not taken by the service: the verification expired (410) or is no longer where
 * this device thought (409: read the session again), the session moved to another device (401),
 * the photo was refused (400/413/415: retake, no attempt used), the service is unavailable (503:
 * send again), or the network failed.
 */
export async function showCaptureFailure(
  capture: CaptureContext,
  kind: CaptureKind,
  error: unknown,
): Promise<void> {
  const flow = capture.flow;
  const t = flow.t;
  if (error instanceof FlowApiError) {
    if (error.expired) {
      flow.showExpired();
      return;
    }
    if (error.sessionMoved || error.linkError) {
      flow.fail(error);
      return;
    }
    if (error.status === 409) {
      await flow.resync();
      return;
    }
  }
  const refusal = capture.refusalMessage(error);
  const remaining = flow.open?.session.remainingRetries[kind] ?? 0;
  if (refusal) {
    await flow.reportClientError('UPLOAD_FAILED', (error as Error).message, true);
    capture.clearReview();
    capture.view = { phase: 'retry', retry: { message: refusal, remaining } };
    return;
  }
  const unavailable = error instanceof FlowApiError && error.unavailable;
  const message = unavailable ? t.unavailableBody : t.uploadFailed;
  if (unavailable) flow.emitError('SERVICE_UNAVAILABLE', (error as Error).message, true);
  else
    await flow.reportClientError(
      'UPLOAD_FAILED',
      error instanceof Error ? error.message : 'Upload failed',
      true,
    );
  // The photo itself was fine: keep it under review so the person can send it again.
  if (capture.photoUnderReview) capture.showReview(capture.photoUnderReview);
  capture.view = {
    phase: capture.photoUnderReview ? 'review' : 'retry',
    reviewUrl: capture.view.reviewUrl,
    uploadError: message,
    retry: { message, remaining },
  };
}
