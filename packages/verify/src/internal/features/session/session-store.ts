/**
 * Where the device keeps its flow session token between page loads (`sessionStorage`, per link),
 * so a reload resumes the session instead of opening the link again.
 */

const keyOf = (linkId: string): string => `idv-verify:${linkId}`;

/** The stored session token of a link, or `null`. */
export function readSessionToken(linkId: string): string | null {
  try {
    return sessionStorage.getItem(keyOf(linkId));
  } catch {
    return null;
  }
}

/** Stores the session token of a link. */
export function writeSessionToken(linkId: string, token: string): void {
  try {
    sessionStorage.setItem(keyOf(linkId), token);
  } catch {
    // Storage may be blocked (sandboxed frames); resuming after a reload is then unavailable.
  }
}
