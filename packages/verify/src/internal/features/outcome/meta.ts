/** Timings of the end of the flow: the wait for the final status and the `callbackUrl` redirect. */

/** Status polls after the last capture before the flow gives up waiting. */
export const finalStatusPolls = 60;
/** Time between two of those polls (ms). */
export const finalStatusPollMs = 2000;
/** Delay before the browser follows the link's `callbackUrl` (ms). */
export const redirectDelayMs = 3000;
