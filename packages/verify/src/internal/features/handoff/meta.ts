/** Timings of the hand-off. */

/** Status poll interval while the other device works (ms). */
export const statusPollMs = 3000;
