/** Timings of the session: the fingerprint wait and the capture worker's idle stop. */

/** Longest wait for the fingerprint before a location report goes without its IP fields (ms). */
export const fingerprintWaitMs = 3000;
/** The capture worker stops after this long without a job, and starts again on the next (ms). */
export const workerIdleMs = 30000;
