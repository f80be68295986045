/** Small rules of the flow shared by its controllers. */
import type { CaptureKind, VerificationStatus } from '../../api/types.js';

/** The order in which a person takes the captures. */
export const captureOrder: readonly CaptureKind[] = ['front', 'back', 'selfie'];

/** True for the statuses that end a verification. */
export function isFinalStatus(
  status: VerificationStatus,
): status is 'success' | 'failed' | 'expired' {
  return status === 'success' || status === 'failed' || status === 'expired';
}
