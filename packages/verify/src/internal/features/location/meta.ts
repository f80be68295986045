/** Thresholds of the location sampling. */

/** A fix at least this precise ends the sampling at once (metres). */
export const goodEnoughMetres = 50;
/** Longest wait for better fixes (ms): then the best fix seen is kept. */
export const locationTimeoutMs = 10000;
