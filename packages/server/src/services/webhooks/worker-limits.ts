/**
 * How many webhook attempts the delivery worker of one process sends at once (its sending
 * slots: concurrent HTTP requests, each bounded by `IDV_WEBHOOK_TIMEOUT_MS`).
 */
export const WEBHOOK_WORKER_CONCURRENCY = 64;

/**
 * Deliveries of one company in flight at once, across every worker (`IDV_WEBHOOK_PER_COMPANY`):
 * fair sharing between tenants. A quarter of one worker's slots: a company with a burst or an
 * endpoint that answers slowly holds at most that, three quarters stay free for the other
 * companies; and a burst of 16 transitions of one company goes out at once rather than four at a
 * time (with 4, the 16th of a burst waited for three rounds of attempts: 53–81 ms of the
 * PostgreSQL bench's 16-at-once figure, 11–14 ms with 16).
 */
export const DEFAULT_PER_COMPANY_IN_FLIGHT = 16;
